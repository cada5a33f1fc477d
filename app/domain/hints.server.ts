// Hints cost points: unlocking one records it, once, and the hint's score is deducted from the
// player's next correct submission of that challenge (docs/rules.md "scoring"). In a team event the
// unlock is the team's: whichever member unlocked it, the team's solve carries the penalty.
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';
import { statement, type Write } from '~/lib/sql.server';
import { challengeAccess, type Via } from './challenge-access.server';
import { isStaff, type Actor } from './policy.server';

export const HINT_NOT_FOUND = 'No Hint matches the given query.';

/**
 * Returns the hint; for a learner this unlocks it (once: the unique key makes a second unlock a
 * no-op), which is playing the challenge. Staff read hints without unlocking them.
 */
export async function unlockHint(actor: Actor | null, challengeId: number, hintId: number, via: Via = 'own') {
  const { challenge, teamId } = await challengeAccess(actor, challengeId, via, isStaff(actor) ? 'see' : 'check');
  const hint = await db.hint.findUnique({ where: { id: Number.isSafeInteger(hintId) ? hintId : 0 } });
  if (!hint || hint.challengeId !== challenge.id) throw new NotFound(HINT_NOT_FOUND);
  if (!isStaff(actor)) {
    await db.hintUnlock.upsert({
      where: { hintId_userId: { hintId: hint.id, userId: actor!.id } },
      create: { hintId: hint.id, userId: actor!.id, teamId },
      update: {},
    });
  }
  return hint;
}

const unlockedHintScore = statement<{ score: number }, [number, number]>(
  'SELECT h.score FROM "HintUnlock" u JOIN "Hint" h ON h.id = u."hintId" WHERE u."userId" = ? AND h."challengeId" = ? LIMIT 1',
);
const teamUnlockedHintScore = statement<{ score: number }, [number, number, number]>(
  'SELECT h.score FROM "HintUnlock" u JOIN "Hint" h ON h.id = u."hintId" WHERE (u."teamId" = ? OR u."userId" = ?) AND h."challengeId" = ? LIMIT 1',
);

/**
 * The penalty a solve carries on a challenge: the score of the hint its player (or, for a team's
 * solve, any member of the team) unlocked, if any. A step of the solve's write work.
 */
export function* hintPenalty(who: { userId: number; teamId: number | null }, challengeId: number): Write<number> {
  const row = who.teamId === null ? yield* unlockedHintScore.write.get(who.userId, challengeId) : yield* teamUnlockedHintScore.write.get(who.teamId, who.userId, challengeId);
  return row?.score ?? 0;
}

export async function hasUnlocked(userId: number, hintId: number): Promise<boolean> {
  return !!(await db.hintUnlock.findUnique({ where: { hintId_userId: { hintId, userId } }, select: { id: true } }));
}
