// Solving a challenge in two steps (SPEC §2, §4): check the flag, then submit it with a writeup.
// Every attempt is logged; wrong ones are rate limited per player and challenge; points are
// awarded once per player (or team) and challenge, whatever arrives in parallel.
import { createHmac } from 'node:crypto';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Challenge, Submission } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { DomainError, Forbidden, Invalid, NotFound, RateLimited } from '~/lib/errors.server';
import { MESSAGES } from '~/lib/messages';
import { isFile, remove, store } from '~/lib/uploads.server';
import { canSeeChallenge, CHALLENGE_NOT_FOUND } from './challenge-access.server';
import { flagMatches } from './flag-match.server';
import { hintPenalty } from './hints.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';
import { countingSubmissions, playsAsTeam, PRACTICE, resolveScope, solveKey, type Scope } from './scope.server';
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

/** A wrong value is kept only as a keyed digest: equal guesses can be told apart, never read. */
const digest = (value: string) => createHmac('sha256', env.sessionSecret).update(value).digest('hex').slice(0, 32);

interface Checked { challenge: Challenge; scope: Scope }

/** Checks an attempt: logs it, counts it against the limit when wrong, throws Invalid when wrong. */
async function check(actor: Actor | null, challengeId: number, attempt: string, field: 'flag' | 'value'): Promise<Checked> {
  requireAuthenticated(actor);
  // One query for the challenge and its flag: this is the hottest write path of a competition.
  const found = Number.isInteger(challengeId) && challengeId > 0 ? await db.challenge.findUnique({ where: { id: challengeId }, include: { flag: true } }) : null;
  if (!found || !canSeeChallenge(actor, found)) throw new NotFound(CHALLENGE_NOT_FOUND);
  const { flag, ...challenge } = found;
  const key = `${actor.id}:${challenge.id}`;
  await assertNotLimited(key);
  if (!flag) throw new DomainError(400, 'This challenge has no flag yet.');
  const correct = flagMatches(flag, attempt);
  await db.flagAttempt.create({ data: { challengeId: challenge.id, userId: actor.id, isCorrect: correct, digest: correct ? null : digest(attempt.trim()) } });
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
  if (await db.submission.findUnique({ where: { solveKey: key }, select: { id: true } })) throw new DomainError(400, ALREADY_SOLVED);

  const stored = writeup ? await store('writeups', Buffer.from(await writeup.arrayBuffer())) : null;
  try {
    const submission = await db.$transaction(async (tx) => {
      const earlier = await tx.submission.count({ where: { ...countingSubmissions(scope), challengeId: challenge.id } });
      const penalty = await hintPenalty(actor!.id, challenge.id);
      return tx.submission.create({
        data: {
          challengeId: challenge.id,
          learnerId: actor!.id,
          eventId: challenge.eventId,
          score: Math.max(0, challengeValue(challenge, earlier) - penalty),
          isCorrect: true,
          isValidated: null,
          solveKey: key,
          writeup: stored,
          writeupName: writeup ? writeup.name.slice(0, 200) || 'writeup' : null,
        },
      });
    });
    standingsChanged(challenge.eventId);
    return submission;
  } catch (error) {
    await remove('writeups', stored);
    // The unique solveKey lost a race against a parallel submission of the same solve.
    if ((error as { code?: string })?.code === 'P2002' || /UNIQUE constraint/i.test(String((error as Error)?.message))) {
      throw new DomainError(400, ALREADY_SOLVED);
    }
    throw error;
  }
}
