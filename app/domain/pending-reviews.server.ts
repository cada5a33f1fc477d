// The number beside "Submissions" in a scope's sub-navigation: correct solves still waiting for a
// staff decision. Drawn on every page of a scope for staff, so it is kept (lib/kept.server.ts) until
// a submission is written; the count itself uses the (eventId, isValidated) index.
import { db } from '~/lib/db.server';
import { Kept } from '~/lib/kept.server';
import { isStaff, type Actor } from './policy.server';
import { inScope, rulesOf, type Scope } from './scope.server';

// Keyed by event id, 0 for practice.
const kept = new Kept<number, Promise<number>>(
  ['Submission'],
  (eventId) => db.submission.count({ where: { eventId: eventId || null, isCorrect: true, isValidated: null } }),
  1_000,
);

/** Pending reviews of the scope for staff; null for others and for scopes whose solves are not reviewed. */
export function pendingReviews(actor: Pick<Actor, 'isStaff' | 'isSuperuser'>, scope: Scope): Promise<number> | null {
  if (!isStaff(actor) || !rulesOf(scope).reviewed) return null;
  return kept.get(inScope(scope).eventId ?? 0);
}
