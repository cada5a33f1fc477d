// Who may see which challenge. Learners never see inactive challenges; staff see everything.
import type { Challenge } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';

export const CHALLENGE_NOT_FOUND = 'No Challenge matches the given query.';

export function canSeeChallenge(actor: Actor, challenge: Pick<Challenge, 'isActive'>): boolean {
  return isStaff(actor) || challenge.isActive;
}

/** The challenge if the actor may see it; NotFound otherwise (never reveals an inactive one). */
export async function visibleChallenge(actor: Actor | null, id: number): Promise<Challenge> {
  requireAuthenticated(actor);
  const challenge = Number.isInteger(id) && id > 0 ? await db.challenge.findUnique({ where: { id } }) : null;
  if (!challenge || !canSeeChallenge(actor, challenge)) throw new NotFound(CHALLENGE_NOT_FOUND);
  return challenge;
}
