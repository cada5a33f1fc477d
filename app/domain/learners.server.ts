// The learners list, player pages and validation (SPEC §2 "Lists", "Team and player pages", §4).
import type { User } from '~/generated/prisma/client';
import { db, inBatches } from '~/lib/db.server';
import { Invalid, NotFound } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import { containsLiteral, containsPattern } from '~/lib/literal-search';
import { EXPORT_PAGE, type Page } from '~/lib/pagination';
import { statementsBy } from '~/lib/sql.server';
import { requireAuthenticated, requireStaff, requireSuperuser, type Actor } from './policy.server';
import { canReachUser, viewOfUser, type UserView } from './user-view.server';
import { PRACTICE } from './scope.server';
import { logStaffAction } from './staff-log.server';
import { pointsOf, solvesOf } from './standings.server';

export interface LearnerRow { user: UserView; totalPoints: number }

/**
 * Who appears: everyone who is active or validated, never a superuser. Learners and staff see
 * learners only; the superuser also sees collaborators (its Type column tells them apart). The
 * search matches username and full name (and e-mail, for staff) literally: `%` and `_` are plain
 * characters (app/lib/literal-search.ts), so the filter is SQL, paged by id.
 */
function listSql(actor: Actor, search: string): { where: string; params: string[] } {
  const conditions = ['"isSuperuser" = FALSE', '("isActive" = TRUE OR "isValidated" = TRUE)', ...(actor.isSuperuser ? [] : ['"isStaff" = FALSE'])];
  const q = search.trim();
  if (!q) return { where: conditions.join(' AND '), params: [] };
  const columns = ['username', 'fullname', ...(actor.isStaff || actor.isSuperuser ? ['email'] : [])];
  conditions.push(`(${columns.map(containsLiteral).join(' OR ')})`);
  return { where: conditions.join(' AND '), params: columns.map(() => containsPattern(q)) };
}

const countListed = statementsBy<{ n: number }, string[]>((where) => `SELECT count(*) AS n FROM "User" WHERE ${where}`);
const pageListed = statementsBy<{ id: number }, (string | number)[]>((where) => `SELECT id FROM "User" WHERE ${where} ORDER BY id LIMIT ? OFFSET ?`);

/** Practice points, by the standings' rule (standings.server.ts), from its in-memory copy. */
export function practicePoints(userIds: number[]): Promise<Map<number, number>> {
  return pointsOf(PRACTICE, userIds);
}

export async function listLearners(actor: Actor | null, opts: { search?: string; page: number; pageSize: number }): Promise<Page<LearnerRow>> {
  requireAuthenticated(actor);
  const { where, params } = listSql(actor, opts.search ?? '');
  const [counted, page] = await Promise.all([
    countListed(where).get(...params),
    pageListed(where).all(...params, opts.pageSize, (opts.page - 1) * opts.pageSize),
  ]);
  const count = counted?.n ?? 0;
  const users = await inBatches(page.map((r) => r.id), (ids) => db.user.findMany({ where: { id: { in: ids } }, orderBy: { id: 'asc' } }));
  const points = await practicePoints(users.map((u) => u.id));
  return { count, page: opts.page, pageSize: opts.pageSize, results: users.map((user) => ({ user: viewOfUser(actor, user), totalPoints: points.get(user.id) ?? 0 })) };
}

/**
 * The learners list as the superuser downloads it (docs/rules.md "Exports"): the list above with
 * the page's search, every page of it up to EXPORT_MAX_ROWS. The superuser's alone, like the import
 * of the same columns: staff see e-mails on the page but do not take the whole list away.
 */
export async function exportLearners(actor: Actor | null, opts: { search?: string }): Promise<Page<LearnerRow>> {
  requireSuperuser(actor);
  return listLearners(actor, { search: opts.search, ...EXPORT_PAGE });
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

export const VALIDATION_MESSAGES = {
  staffSelected: 'Only learners can be validated or invalidated: unselect the collaborators.',
} as const;

/**
 * Validates or invalidates learners in one transaction and logs each decision. Returns how many
 * accounts changed state. All or nothing: an unknown id (or the superuser) is a 404, a collaborator
 * among the ids a 400 naming `ids`.
 */
export async function setValidation(actor: Actor | null, ids: number[], validated: boolean): Promise<number> {
  requireStaff(actor);
  const unique = [...new Set(ids)];
  return db.$transaction(async (tx) => {
    const targets = await tx.user.findMany({ where: { id: { in: unique }, isSuperuser: false }, select: { id: true, isStaff: true } });
    if (targets.length !== unique.length) throw new NotFound('No User matches the given query.');
    // Collaborators appear in the superuser's list but have no validation state to decide.
    if (targets.some((t) => t.isStaff)) throw new Invalid({ ids: [VALIDATION_MESSAGES.staffSelected] });
    const { count } = await tx.user.updateMany({ where: { id: { in: unique }, isValidated: !validated }, data: { isValidated: validated } });
    await logStaffAction(tx, actor, validated ? 'user.validate' : 'user.invalidate', 'user', unique);
    return count;
  });
}

export function validationMessage(validated: boolean, count: number, bulk: boolean): string {
  if (!bulk) return validated ? 'Account validation completed successfully!' : 'Account invalidation completed successfully!';
  if (count === 1) return validated ? say('Account validation completed successfully! 1 account validated.') : say('Account invalidation completed successfully! 1 account invalidated.');
  return validated
    ? say('Account validation completed successfully! {{count}} accounts validated.', { count })
    : say('Account invalidation completed successfully! {{count}} accounts invalidated.', { count });
}
