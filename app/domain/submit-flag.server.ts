// Solving a challenge in two steps (SPEC §2, §4): check the flag, then submit it with a writeup.
// Every attempt is logged; wrong ones are rate limited per player and challenge; points are
// awarded once per player (or team) and challenge, whatever arrives in parallel.
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Challenge, Submission } from '~/generated/prisma/client';
import { env } from '~/lib/env.server';
import { DomainError, Forbidden, Invalid, NotFound, RateLimited } from '~/lib/errors.server';
import { MESSAGES } from '~/lib/messages';
import { sqlDate, statement, writeTransaction } from '~/lib/sql.server';
import { isFile, remove, store } from '~/lib/uploads.server';
import { logAttempt } from './attempt-log.server';
import { canSeeChallenge, CHALLENGE_NOT_FOUND } from './challenge-access.server';
import { flagMatches } from './flag-match.server';
import { hintPenalty } from './hints.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';
import { COUNTING_SUBMISSIONS_SQL, playsAsTeam, PRACTICE, resolveScope, solveKey, type Scope } from './scope.server';
import { challengeValue } from './scoring.server';
import { standingsChanged } from './standings-events.server';

export const FLAG_CORRECT = MESSAGES.flagCorrect;
export const FLAG_INCORRECT = 'Your flag is incorrect.';
export const ALREADY_SOLVED = 'You have already solved this challenge.';
export const MAX_WRITEUP_BYTES = 10 * 1024 * 1024;
export const WRONG_ATTEMPTS_PER_MINUTE = 10;

const wrongAttempts = new RateLimiterMemory({ points: WRONG_ATTEMPTS_PER_MINUTE * env.rateLimitFactor, duration: 60 });

async function assertNotLimited(key: string) {
  const state = await wrongAttempts.get(key);
  if (state && state.remainingPoints <= 0) {
    throw new RateLimited(Math.max(1, Math.ceil(state.msBeforeNext / 1000)), `Too many wrong flags for this challenge. Try again in ${Math.max(1, Math.ceil(state.msBeforeNext / 1000))} seconds.`);
  }
}

// This is the hottest path of a competition, so it runs on prepared statements (lib/sql.server.ts),
// not Prisma: one read for the challenge and its flag, the attempt written behind (attempt-log),
// one write transaction for a solve.
type PlayedChallenge = Pick<Challenge, 'id' | 'eventId' | 'type' | 'initialValue' | 'minimalValue' | 'decayValue' | 'isActive'>;
type ChallengeRow = Omit<PlayedChallenge, 'isActive'> & { isActive: number; flagValue: string | null; flagCollation: string | null };
const challengeWithFlag = statement<ChallengeRow, [number]>(
  `SELECT c.id, c.eventId, c.type, c.initialValue, c.minimalValue, c.decayValue, c.isActive, f.value AS flagValue, f.collation AS flagCollation
   FROM "Challenge" c LEFT JOIN "Flag" f ON f.challengeId = c.id WHERE c.id = ?`,
);
const solveExists = statement<{ id: number }, [string]>('SELECT id FROM "Submission" WHERE solveKey = ?');
const earlierSolves = statement<{ n: number }, [number | null, number]>(
  `SELECT COUNT(*) AS n FROM "Submission" WHERE ${COUNTING_SUBMISSIONS_SQL} AND challengeId = ?`,
);
type SubmissionRow = Omit<Submission, 'isCorrect' | 'isValidated' | 'createdAt' | 'reviewedAt'> & { isCorrect: number; isValidated: number | null; createdAt: string; reviewedAt: string | null };
const insertSubmission = statement<SubmissionRow, [number, number, number | null, number, string, string | null, string | null, string]>(
  `INSERT INTO "Submission" (challengeId, learnerId, eventId, score, coin, isCorrect, isValidated, solveKey, writeup, writeupName, createdAt)
   VALUES (?, ?, ?, ?, 0, 1, NULL, ?, ?, ?, ?) RETURNING *`,
);

interface Checked { challenge: PlayedChallenge; scope: Scope }

/** Checks an attempt: logs it, counts it against the limit when wrong, throws Invalid when wrong. */
async function check(actor: Actor | null, challengeId: number, attempt: string, field: 'flag' | 'value'): Promise<Checked> {
  requireAuthenticated(actor);
  const row = Number.isInteger(challengeId) && challengeId > 0 ? challengeWithFlag().get(challengeId) : undefined;
  if (!row) throw new NotFound(CHALLENGE_NOT_FOUND);
  const { flagValue, flagCollation, ...columns } = row;
  const challenge: PlayedChallenge = { ...columns, isActive: !!row.isActive };
  if (!canSeeChallenge(actor, challenge)) throw new NotFound(CHALLENGE_NOT_FOUND);
  const key = `${actor.id}:${challenge.id}`;
  await assertNotLimited(key);
  if (flagValue === null) throw new DomainError(400, 'This challenge has no flag yet.');
  const correct = flagMatches({ value: flagValue, collation: flagCollation ?? 'plain_text' }, attempt);
  logAttempt(challenge.id, actor.id, attempt, correct);
  if (!correct) {
    await wrongAttempts.consume(key).catch(() => {});
    throw new Invalid({ [field]: [FLAG_INCORRECT] });
  }
  return { challenge, scope: challenge.eventId === null ? PRACTICE : await resolveScope({ eventId: String(challenge.eventId) }) };
}

/** Step one: 'Check the flag'. */
export async function verifyFlag(actor: Actor | null, challengeId: number, attempt: string): Promise<{ detail: string }> {
  await check(actor, challengeId, attempt, 'flag');
  return { detail: FLAG_CORRECT };
}

/** Whether a writeup must come with the submission (not in black-friday events). */
export function writeupRequired(scope: Scope): boolean {
  return !(scope.kind === 'event' && scope.event.type === 'black-friday');
}

/**
 * Step two: submit the (re-checked) flag with a writeup. The score is the challenge's value at
 * this moment minus the unlocked hint's penalty, never below zero, and never changes afterwards.
 */
export async function submitFlag(actor: Actor | null, challengeId: number, input: { value: string; writeup: unknown }): Promise<Submission> {
  if (isStaff(actor)) throw new Forbidden('Staff accounts check flags but do not submit them.');
  const writeup = isFile(input.writeup) ? input.writeup : null;
  const { challenge, scope } = await check(actor, challengeId, input.value, 'value');
  if (playsAsTeam(scope)) throw new Forbidden('Team events are not open for submissions yet.');
  if (!writeup && writeupRequired(scope)) throw new Invalid({ writeup: ['A writeup file is required.'] });
  if (writeup && writeup.size > MAX_WRITEUP_BYTES) throw new Invalid({ writeup: [`The file is too large (at most ${MAX_WRITEUP_BYTES / 1024 / 1024} MB).`] });

  const key = solveKey(scope, { learnerId: actor!.id, teamId: null }, challenge.id);
  // Saves storing a writeup that would be thrown away; the unique solveKey decides in the end.
  if (solveExists().get(key)) throw new DomainError(400, ALREADY_SOLVED);

  const stored = writeup ? await store('writeups', Buffer.from(await writeup.arrayBuffer())) : null;
  try {
    const row = await writeTransaction(() => {
      const earlier = earlierSolves().get(challenge.eventId, challenge.id)!.n;
      const score = Math.max(0, challengeValue(challenge, earlier) - hintPenalty(actor!.id, challenge.id));
      const name = writeup ? writeup.name.slice(0, 200) || 'writeup' : null;
      return insertSubmission().get(challenge.id, actor!.id, challenge.eventId, score, key, stored, name, sqlDate())!;
    });
    standingsChanged(challenge.eventId);
    return {
      ...row,
      isCorrect: !!row.isCorrect,
      isValidated: row.isValidated === null ? null : !!row.isValidated,
      createdAt: new Date(row.createdAt),
      reviewedAt: row.reviewedAt ? new Date(row.reviewedAt) : null,
    };
  } catch (error) {
    await remove('writeups', stored);
    // The unique solveKey lost a race against a parallel submission of the same solve.
    if ((error as { code?: string })?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint/i.test(String((error as Error)?.message))) {
      throw new DomainError(400, ALREADY_SOLVED);
    }
    throw error;
  }
}
