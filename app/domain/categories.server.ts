// Challenge categories (SPEC §2 "Categories page", §7 "Categories"). Categories are global; what a
// scope changes is which of their challenges count, and so each category's progress.
import type { Category, Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { DomainError, Invalid, NotFound, isForeignKeyViolation, isUniqueViolation } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import type { Page } from '~/lib/pagination';
import { statementsBy } from '~/lib/sql.server';
import type { CategoryInput } from '~/schemas/category';
import { boardCatalog } from './challenge-board.server';
import { assertScopeAccess } from './challenge-access.server';
import { isStaff, requireAuthenticated, requireStaff, type Actor } from './policy.server';
import { countingSql, countingSubmissions, inScope, PRACTICE, rulesOf, type Scope } from './scope.server';
import { logStaffAction } from './staff-log.server';

export const CATEGORY_MESSAGES = {
  created: 'Addition completed successfully!',
  updated: 'Update completed successfully!',
  deleted: 'Category deleted successfully!',
  notFound: 'No Category matches the given query.',
  duplicate: 'Category with this name already exists.',
} as const;

export function categoryInUseMessage(challenges: number): string {
  return challenges === 1
    ? say('This category cannot be deleted: it still has 1 challenge. Move or delete it first.')
    : say('This category cannot be deleted: it still has {{count}} challenges. Move or delete them first.', { count: challenges });
}

/** Whose solves a category's progress measures: the player, or their team in team events. */
export interface Who { learnerId: number; teamId: number | null }

export interface CategoryProgress { id: number; name: string; submissionsPercentage: number }

const nameKey = (name: string) => name.trim().toLowerCase();

/** The challenges of a scope the actor may see: learners never count inactive ones. */
function visibleChallenges(actor: Actor, scope: Scope, trainingWeek?: number | null): Prisma.ChallengeWhereInput {
  return { ...inScope(scope), ...(isStaff(actor) ? {} : { isActive: true }), ...(trainingWeek ? { trainingWeek } : {}) };
}

/**
 * The actor as a player of the scope, once the access rule lets them see it: their team counts for
 * them in team events.
 */
async function playerOf(actor: Actor, scope: Scope): Promise<Who> {
  const { teamId } = await assertScopeAccess(actor, scope);
  return { learnerId: actor.id, teamId };
}

/**
 * For each category, how many of its visible challenges the scope holds and how many of those the
 * player (or team) has solved; a solve is a submission that still counts (its solveKey is set).
 */
async function progress(actor: Actor, scope: Scope, categoryIds: number[], who: Who, trainingWeek?: number | null) {
  const challenges = { ...visibleChallenges(actor, scope, trainingWeek), categoryId: { in: categoryIds } };
  const solver: Prisma.SubmissionWhereInput = rulesOf(scope).team && who.teamId ? { teamId: who.teamId } : { learnerId: who.learnerId };
  const [totals, solves] = await Promise.all([
    db.challenge.groupBy({ by: ['categoryId'], where: challenges, _count: { _all: true } }),
    db.submission.findMany({
      where: { ...countingSubmissions(scope), ...solver, challenge: challenges },
      select: { challengeId: true, challenge: { select: { categoryId: true } } },
      distinct: ['challengeId'],
    }),
  ]);
  const total = new Map(totals.map((t) => [t.categoryId, t._count._all]));
  const solved = new Map<number, number>();
  for (const s of solves) solved.set(s.challenge.categoryId, (solved.get(s.challenge.categoryId) ?? 0) + 1);
  return (categoryId: number) => {
    const count = total.get(categoryId) ?? 0;
    // Rounded down, so 100 means every challenge is solved.
    return { challengeCount: count, submissionsPercentage: count ? Math.floor(((solved.get(categoryId) ?? 0) * 100) / count) : 0 };
  };
}

const solvedBy = {
  learner: statementsBy<{ challengeId: number }, [number]>((counted) => `SELECT DISTINCT "challengeId" FROM "Submission" WHERE ${counted} AND "learnerId" = ?`),
  team: statementsBy<{ challengeId: number }, [number]>((counted) => `SELECT DISTINCT "challengeId" FROM "Submission" WHERE ${counted} AND "teamId" = ?`),
};

/**
 * The categories that hold challenges the actor may see in the scope, each with its progress: what
 * the challenge board's carousel shows. Read from the board's kept catalog, plus one statement for
 * the player's (or team's) solves.
 */
export async function categoriesWithProgress(
  actor: Actor | null,
  scope: Scope,
  opts: { trainingWeek?: number | null } = {},
): Promise<(CategoryProgress & { challengeCount: number })[]> {
  requireAuthenticated(actor);
  const staff = isStaff(actor);
  const who = await playerOf(actor, scope);
  const counted = countingSql(scope);
  const solvedIds = rulesOf(scope).team && who.teamId ? await solvedBy.team(counted).all(who.teamId) : await solvedBy.learner(counted).all(who.learnerId);
  const solved = new Set(solvedIds.map((r) => r.challengeId));
  const categories = new Map<number, { id: number; name: string; total: number; solved: number }>();
  for (const c of await boardCatalog(scope)) {
    if ((!staff && !c.isActive) || (opts.trainingWeek && c.trainingWeek !== opts.trainingWeek)) continue;
    const category = categories.get(c.categoryId) ?? { id: c.categoryId, name: c.category.name, total: 0, solved: 0 };
    category.total++;
    if (solved.has(c.id)) category.solved++;
    categories.set(c.categoryId, category);
  }
  return [...categories.values()]
    .sort((a, b) => a.id - b.id)
    // Rounded down, so 100 means every challenge is solved (as progress() does).
    .map((c) => ({ id: c.id, name: c.name, challengeCount: c.total, submissionsPercentage: Math.floor((c.solved * 100) / c.total) }));
}

export interface CategoryListOptions {
  page: number;
  pageSize: number;
  /** Only categories with active practice challenges. */
  withPracticeChallenges?: boolean;
  /** Only categories with challenges (visible to the actor) in this event; progress is then the event's. */
  eventId?: number;
  /** With eventId: only that training week's challenges. */
  trainingWeek?: number;
}

/** GET /api/categories/ and the categories page: every category, or those the filters keep. */
export async function listCategories(actor: Actor | null, opts: CategoryListOptions): Promise<Page<CategoryProgress>> {
  requireAuthenticated(actor);
  let scope: Scope = PRACTICE;
  const filters: Prisma.CategoryWhereInput[] = [];
  if (opts.withPracticeChallenges) filters.push({ challenges: { some: { eventId: null, isActive: true } } });
  if (opts.eventId !== undefined) {
    const event = await db.event.findUnique({ where: { id: opts.eventId } });
    if (!event) return { count: 0, page: opts.page, pageSize: opts.pageSize, results: [] };
    scope = { kind: 'event', event };
    // An event's categories tell what it holds: only those who may see its challenges see them.
    await assertScopeAccess(actor, scope);
    filters.push({ challenges: { some: visibleChallenges(actor, scope, opts.trainingWeek) } });
  }
  const where: Prisma.CategoryWhereInput = filters.length ? { AND: filters } : {};
  const [count, categories] = await Promise.all([
    db.category.count({ where }),
    db.category.findMany({ where, orderBy: { id: 'asc' }, skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  const trainingWeek = scope.kind === 'event' ? opts.trainingWeek : undefined;
  const of = await progress(actor, scope, categories.map((c) => c.id), await playerOf(actor, scope), trainingWeek);
  return {
    count,
    page: opts.page,
    pageSize: opts.pageSize,
    results: categories.map((c) => ({ id: c.id, name: c.name, submissionsPercentage: of(c.id).submissionsPercentage })),
  };
}

async function findCategory(id: number): Promise<Category> {
  const category = Number.isSafeInteger(id) && id > 0 ? await db.category.findUnique({ where: { id } }) : null;
  if (!category) throw new NotFound(CATEGORY_MESSAGES.notFound);
  return category;
}

/** One category with the actor's practice progress. */
export async function getCategory(actor: Actor | null, id: number): Promise<CategoryProgress> {
  requireAuthenticated(actor);
  const category = await findCategory(id);
  const of = await progress(actor, PRACTICE, [category.id], await playerOf(actor, PRACTICE));
  return { id: category.id, name: category.name, submissionsPercentage: of(category.id).submissionsPercentage };
}

/** The 1-based page a category sits on in the id-ordered list, so a page can show it after a change. */
export async function categoryPage(id: number, pageSize: number): Promise<number> {
  const before = await db.category.count({ where: { id: { lte: id } } });
  return Math.max(1, Math.ceil(before / pageSize));
}


async function refuseDuplicate(key: string, exceptId?: number) {
  const other = await db.category.findUnique({ where: { nameKey: key }, select: { id: true } });
  if (other && other.id !== exceptId) throw new Invalid({ name: [CATEGORY_MESSAGES.duplicate] });
}

/** Names are unique regardless of case ('Web' and 'web' are one category). */
export async function createCategory(actor: Actor | null, input: CategoryInput): Promise<Category> {
  requireStaff(actor);
  const name = input.name.trim();
  await refuseDuplicate(nameKey(name));
  try {
    return await db.$transaction(async (tx) => {
      const category = await tx.category.create({ data: { name, nameKey: nameKey(name) } });
      await logStaffAction(tx, actor, 'category.create', 'category', [category.id], { name });
      return category;
    });
  } catch (error) {
    // Two staff creating the same name at once: the unique key decides, with the same message.
    if (isUniqueViolation(error)) throw new Invalid({ name: [CATEGORY_MESSAGES.duplicate] });
    throw error;
  }
}

export async function updateCategory(actor: Actor | null, id: number, input: CategoryInput): Promise<Category> {
  requireStaff(actor);
  const before = await findCategory(id);
  const name = input.name.trim();
  await refuseDuplicate(nameKey(name), before.id);
  try {
    return await db.$transaction(async (tx) => {
      const category = await tx.category.update({ where: { id: before.id }, data: { name, nameKey: nameKey(name) } });
      await logStaffAction(tx, actor, 'category.update', 'category', [category.id], { from: before.name, to: name });
      return category;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new Invalid({ name: [CATEGORY_MESSAGES.duplicate] });
    throw error;
  }
}

/**
 * Deletes an empty category. One that still holds challenges (practice or event, active or not) is
 * refused: deleting it would orphan or silently delete challenges and their solves.
 */
export async function deleteCategory(actor: Actor | null, id: number): Promise<void> {
  requireStaff(actor);
  const category = await findCategory(id);
  try {
    await db.$transaction(async (tx) => {
      const challenges = await tx.challenge.count({ where: { categoryId: category.id } });
      if (challenges > 0) throw new DomainError(400, categoryInUseMessage(challenges));
      await tx.category.delete({ where: { id: category.id } });
      await logStaffAction(tx, actor, 'category.delete', 'category', [category.id], { name: category.name });
    });
  } catch (error) {
    // A challenge added meanwhile: the foreign key (ON DELETE RESTRICT) refuses, with the same answer.
    if (isForeignKeyViolation(error)) throw new DomainError(400, categoryInUseMessage(await db.challenge.count({ where: { categoryId: category.id } })));
    throw error;
  }
}
