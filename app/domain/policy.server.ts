// SPEC §6 in one place: who may do what. Domain functions call these; a hidden button is never
// the only guard.
import type { User } from '~/generated/prisma/client';
import { Forbidden, Unauthorized } from '~/lib/errors.server';

export type Actor = User;
export type Role = 'anonymous' | 'learner' | 'staff' | 'superuser';

export function roleOf(actor: Actor | null | undefined): Role {
  if (!actor) return 'anonymous';
  if (actor.isSuperuser) return 'superuser';
  if (actor.isStaff) return 'staff';
  return 'learner';
}

export const isStaff = (actor: Pick<Actor, 'isStaff' | 'isSuperuser'> | null | undefined) => !!actor && (actor.isStaff || actor.isSuperuser);
export const isSuperuser = (actor: Actor | null | undefined) => !!actor?.isSuperuser;

export function requireAuthenticated(actor: Actor | null | undefined): asserts actor is Actor {
  if (!actor) throw new Unauthorized();
}

export function requireStaff(actor: Actor | null | undefined): asserts actor is Actor {
  requireAuthenticated(actor);
  if (!isStaff(actor)) throw new Forbidden();
}

export function requireSuperuser(actor: Actor | null | undefined): asserts actor is Actor {
  requireAuthenticated(actor);
  if (!actor.isSuperuser) throw new Forbidden();
}
