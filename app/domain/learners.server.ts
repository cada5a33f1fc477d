// The learners list, player pages and validation (SPEC §2 "Lists", "Team and player pages", §4).
import type { Prisma, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';
import type { Page } from '~/lib/pagination';
import { requireAuthenticated, requireStaff, type Actor } from './policy.server';
import { canReachUser, viewOfUser, type UserView } from './user-view.server';
import { PRACTICE } from './scope.server';
import { logStaffAction } from './staff-log.server';
import { pointsOf, solvesOf } from './standings.server';

export interface LearnerRow { user: UserView; totalPoints: number }

/**
 * Who appears: everyone who is active or validated, never a superuser. Learners and staff see
 * learners only; the superuser also sees collaborators (its Type column tells them apart).
 */
function listFilter(actor: Actor, search: string): Prisma.UserWhereInput {
  const where: Prisma.UserWhereInput = {
    isSuperuser: false,
    OR: [{ isActive: true }, { isValidated: true }],
    ...(actor.isSuperuser ? {} : { isStaff: false }),
  };
  const q = search.trim();
  if (!q) return where;
  const staff = actor.isStaff || actor.isSuperuser;
  return {
    AND: [
      where,
      { OR: [{ username: { contains: q } }, { fullname: { contains: q } }, ...(staff ? [{ email: { contains: q.toLowerCase() } }] : [])] },
    ],
  };
}

/** Practice points, by the standings' rule (standings.server.ts), from its in-memory copy. */
export function practicePoints(userIds: number[]): Promise<Map<number, number>> {
  return pointsOf(PRACTICE, userIds);
}

export async function listLearners(actor: Actor | null, opts: { search?: string; page: number; pageSize: number }): Promise<Page<LearnerRow>> {
  requireAuthenticated(actor);
  const where = listFilter(actor, opts.search ?? '');
  const [count, users] = await Promise.all([
    db.user.count({ where }),
    db.user.findMany({ where, orderBy: { id: 'asc' }, skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  const points = await practicePoints(users.map((u) => u.id));
  return { count, page: opts.page, pageSize: opts.pageSize, results: users.map((user) => ({ user: viewOfUser(actor, user), totalPoints: points.get(user.id) ?? 0 })) };
}

/** A player the actor may reach (user-view.server.ts), as the actor may see them. */
export async function getPlayer(actor: Actor | null, id: number): Promise<UserView> {
  requireAuthenticated(actor);
  const user = Number.isSafeInteger(id) && id > 0 ? await db.user.findUnique({ where: { id } }) : null;
  if (!user || !canReachUser(actor, user)) throw new NotFound('No User matches the given query.');
  return viewOfUser(actor, user);
}

/** The challenges a player solved in practice, with the score each solve earned. */
export async function practiceSolves(actor: Actor | null, userId: number) {
  await getPlayer(actor, userId);
  return solvesOf(PRACTICE, userId);
}

/**
 * Validates or invalidates learners in one transaction and logs each decision. Returns how many
 * accounts changed state.
 */
export async function setValidation(actor: Actor | null, ids: number[], validated: boolean): Promise<number> {
  requireStaff(actor);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    const targets = await tx.user.findMany({ where: { id: { in: unique }, isSuperuser: false, isStaff: false }, select: { id: true } });
    if (targets.length !== unique.length) throw new NotFound('No User matches the given query.');
    const { count } = await tx.user.updateMany({ where: { id: { in: unique }, isValidated: !validated }, data: { isValidated: validated } });
    await logStaffAction(tx, actor, validated ? 'user.validate' : 'user.invalidate', 'user', unique);
    return count;
  });
}

export function validationMessage(validated: boolean, count: number, bulk: boolean): string {
  if (!bulk) return validated ? 'Account validation completed successfully!' : 'Account invalidation completed successfully!';
  const noun = count === 1 ? 'account' : 'accounts';
  return validated ? `Account validation completed successfully! ${count} ${noun} validated.` : `Account invalidation completed successfully! ${count} ${noun} invalidated.`;
}
