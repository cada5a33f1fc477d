// Solving a challenge in two steps (SPEC §2, §4): check the flag, then submit it with a writeup.
// Every attempt is logged; wrong ones are rate limited per player and challenge; points are
// awarded once per player (or team) and challenge, whatever arrives in parallel.
import type { Submission } from '~/generated/prisma/client';
import { env } from '~/lib/env.server';
import { DomainError, Invalid, RateLimited, isUniqueViolation } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { sqlDate, statement, statementsBy, writeTransaction } from '~/lib/sql.server';
import { isFile } from '~/lib/uploads.server';
import { writeupRules } from '~/schemas/flag-attempt';
import { decideOnWrongAttempts, latestWrongAttempts, logAttempt } from './attempt-log.server';
import { bookSolveCoins } from './coins.server';
import { challengeAccess, type Access, type Intent, type Via } from './challenge-access.server';
import { flagMatches } from './flag-match.server';
import { hintPenalty } from './hints.server';
import type { Actor } from './policy.server';
import { countingSql, rulesOf, solveKey, type Scope } from './scope.server';
import { challengeValue, valueCountsSolves } from './scoring.server';

export const FLAG_CORRECT = MESSAGES.flagCorrect;
export const FLAG_INCORRECT = 'Your flag is incorrect.';
export const ALREADY_SOLVED = 'You have already solved this challenge.';
export const WRONG_ATTEMPTS_PER_MINUTE = 10;

/** The wrong-flag limit: WRONG_LIMIT in any WRONG_WINDOW_MS (RATE_LIMIT_FACTOR raises it for load tests). */
const WRONG_WINDOW_MS = 60_000;
const WRONG_LIMIT = WRONG_ATTEMPTS_PER_MINUTE * env.rateLimitFactor;

/** The refusal once the limit is met: until the oldest of the latest WRONG_LIMIT wrong attempts is a minute old. */
async function limited(userId: number, challengeId: number, since: Date): Promise<RateLimited> {
  const [oldest = Date.now()] = await latestWrongAttempts(userId, challengeId, since, WRONG_LIMIT);
  const seconds = Math.max(1, Math.ceil((oldest + WRONG_WINDOW_MS - Date.now()) / 1000));
  return new RateLimited(seconds, say('Too many wrong flags for this challenge. Try again in {{count}} seconds.', { count: seconds }));
}

// This is the hottest path of a competition, so it runs on prepared statements (lib/sql.server.ts),
// not Prisma: the access rule reads the challenge, its flag and scope (challenge-access), the
// attempt is written behind (attempt-log), one write transaction records a solve.
const solveExists = statement<{ id: number }, [string]>('SELECT id FROM "Submission" WHERE "solveKey" = ?');
const earlierSolves = statementsBy<{ n: number }, [number]>((counted) => `SELECT COUNT(*) AS n FROM "Submission" WHERE ${counted} AND "challengeId" = ?`);
type SubmissionRow = Omit<Submission, 'isCorrect' | 'isValidated' | 'createdAt' | 'reviewedAt'> & { isCorrect: number; isValidated: number | null; createdAt: string; reviewedAt: string | null };
const insertSubmission = statement<SubmissionRow, [number, number, number | null, number | null, number, number, number | null, string, string | null, string]>(
  `INSERT INTO "Submission" ("challengeId", "learnerId", "teamId", "eventId", score, coin, "isCorrect", "isValidated", "solveKey", "writeupName", "createdAt")
   VALUES (?, ?, ?, ?, ?, ?, TRUE, ?, ?, ?, ?) RETURNING *`,
);
// In the solve's transaction: a writeup file on disk cost more than the rest of the solve (file
// creation is 3 system calls through the thread pool) and could outlive a failed insert.
const insertWriteup = statement<unknown, [number, Buffer]>('INSERT INTO "Writeup" ("submissionId", "bytes") VALUES (?, ?)');

/**
 * Checks an attempt through the access rule: logs it, counts it against the limit when wrong,
 * throws Invalid when wrong.
 */
async function check(actor: Actor | null, challengeId: number, attempt: string, field: 'flag' | 'value', via: Via, intent: Intent): Promise<Access> {
  const access = await challengeAccess(actor, challengeId, via, intent);
  const { challenge, flag } = access;
  const since = new Date(Date.now() - WRONG_WINDOW_MS);
  // The count, the decision and the log in one turn: the next attempt sent with this one counts it.
  const correct = await decideOnWrongAttempts(actor!.id, challenge.id, since, WRONG_LIMIT, (count) => {
    if (count >= WRONG_LIMIT) return null;
    if (flag === null) throw new DomainError(400, 'This challenge has no flag yet.');
    const matches = flagMatches(flag, attempt);
    logAttempt(challenge.id, actor!.id, attempt, matches);
    return matches;
  });
  // A refusal reads its Retry-After once decided.
  if (correct === null) throw await limited(actor!.id, challenge.id, since);
  if (!correct) throw new Invalid({ [field]: [FLAG_INCORRECT] });
  return access;
}

/** Step one: 'Check the flag'. */
export async function verifyFlag(actor: Actor | null, challengeId: number, attempt: string, via: Via = 'own'): Promise<{ detail: string }> {
  await check(actor, challengeId, attempt, 'flag', via, 'check');
  return { detail: FLAG_CORRECT };
}

/** Whether a writeup must come with the submission (not in black-friday events). */
export function writeupRequired(scope: Scope): boolean {
  return rulesOf(scope).writeupRequired;
}

/**
 * Step two: submit the (re-checked) flag with a writeup. The score is the challenge's value at
 * this moment minus the unlocked hint's penalty, never below zero, and never changes afterwards.
 * Where solves are not reviewed (black-friday), the submission is stored validated: it counts at once.
 */
export async function submitFlag(actor: Actor | null, challengeId: number, input: { value: string; writeup: unknown }, via: Via = 'own'): Promise<Submission> {
  const writeup = isFile(input.writeup) ? input.writeup : null;
  const { challenge, scope, teamId, hintId } = await check(actor, challengeId, input.value, 'value', via, 'submit');
  const rules = rulesOf(scope);
  // The board's form says these first (its schema, withFile); the API's submissions are checked here.
  const said = writeupRules(rules.writeupRequired);
  if (!writeup && said.required) throw new Invalid({ writeup: [said.required] });
  if (writeup && writeup.size > said.maxBytes) throw new Invalid({ writeup: [said.tooLarge()] });

  const key = solveKey(scope, { learnerId: actor!.id, teamId }, challenge.id);
  // Saves reading a writeup that would be thrown away; the unique solveKey decides in the end.
  if (await solveExists.get(key)) throw new DomainError(400, ALREADY_SOLVED);

  const bytes = writeup ? Buffer.from(await writeup.arrayBuffer()) : null;
  const counted = countingSql(scope);
  try {
    const row = await writeTransaction(function* () {
      const earlier = valueCountsSolves(challenge) ? (yield* earlierSolves(counted).write.get(challenge.id))!.n : 0;
      const penalty = hintId === null ? 0 : yield* hintPenalty({ userId: actor!.id, teamId }, challenge.id);
      const score = Math.max(0, challengeValue(challenge, earlier) - penalty);
      const name = writeup ? writeup.name.slice(0, 200) || 'writeup' : null;
      const validated = rules.reviewed ? null : 1;
      // Coins go with a solve that counts at once (black-friday: the registry's coins rule, never
      // reviewed), booked in this transaction; a reviewed type earns none here.
      const coin = rules.coins && !rules.reviewed ? score : 0;
      const createdAt = sqlDate();
      const inserted = (yield* insertSubmission.write.get(challenge.id, actor!.id, teamId, challenge.eventId, score, coin, validated, key, name, createdAt))!;
      if (bytes) yield* insertWriteup.write.run(inserted.id, bytes);
      yield* bookSolveCoins(actor!.id, inserted.id, coin, createdAt);
      return inserted;
    });
    return {
      ...row,
      isCorrect: !!row.isCorrect,
      isValidated: row.isValidated === null ? null : !!row.isValidated,
      createdAt: new Date(row.createdAt),
      reviewedAt: row.reviewedAt ? new Date(row.reviewedAt) : null,
    };
  } catch (error) {
    // The unique solveKey lost a race against a parallel submission of the same solve.
    if (isUniqueViolation(error)) {
      throw new DomainError(400, ALREADY_SOLVED);
    }
    throw error;
  }
}
