// The challenge board (SPEC §2 "Challenges page"): cards, each challenge's state for the player,
// its top solvers and the reviewer's comment. One pass of queries per page, not one per card.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { Page } from '~/lib/pagination';
import { visibleChallenge } from './challenge-access.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';
import { countingSubmissions, inScope, type Scope } from './scope.server';
import { challengeValue } from './scoring.server';

export const TOP_SOLVERS = 5;

export interface LastSubmission { isCorrect: boolean; isValidated: boolean | null; comment: string | null }

export interface BoardChallenge {
  id: number;
  name: string;
  categoryId: number;
  categoryName: string;
  type: string;
  level: string;
  description: string;
  initialValue: number;
  newValue: number;
  minimalValue: number | null;
  decayValue: number | null;
  isActive: boolean;
  nextId: number | null;
  trainingWeek: number | null;
  eventId: number | null;
  solveCount: number;
  files: { id: number; name: string }[];
  flagId: number | null;
  hint: { id: number; score: number; unlocked: boolean; description: string | null } | null;
  last: LastSubmission | null;
}

function visibleWhere(actor: Actor, scope: Scope, categoryId?: number | null): Prisma.ChallengeWhereInput {
  return { ...inScope(scope), ...(isStaff(actor) ? {} : { isActive: true }), ...(categoryId ? { categoryId } : {}) };
}

/**
 * SPEC §4: a Solved badge shows in practice when the last submission was correct and not rejected,
 * in events only once validated.
 */
export function isSolved(scope: Scope, last: LastSubmission | null): boolean {
  if (!last?.isCorrect) return false;
  return scope.kind === 'practice' ? last.isValidated !== false : last.isValidated === true;
}

/** Submitting is closed once the last submission was correct (and not rejected). */
export function canSubmit(last: LastSubmission | null): boolean {
  return !(last?.isCorrect && last.isValidated !== false);
}

async function decorate(actor: Actor, scope: Scope, rows: Prisma.ChallengeGetPayload<{ include: { category: true; files: true; flag: { select: { id: true } }; hint: true } }>[]): Promise<BoardChallenge[]> {
  const ids = rows.map((c) => c.id);
  if (ids.length === 0) return [];
  const [counts, mine, unlocks] = await Promise.all([
    db.submission.groupBy({ by: ['challengeId'], where: { ...countingSubmissions(scope), challengeId: { in: ids } }, _count: { _all: true } }),
    db.submission.findMany({
      where: { learnerId: actor.id, challengeId: { in: ids } },
      orderBy: { id: 'desc' },
      select: { challengeId: true, isCorrect: true, isValidated: true, comment: true },
    }),
    db.hintUnlock.findMany({ where: { userId: actor.id, hint: { challengeId: { in: ids } } }, select: { hintId: true } }),
  ]);
  const solveCount = new Map(counts.map((c) => [c.challengeId, c._count._all]));
  const last = new Map<number, LastSubmission>();
  for (const s of mine) if (!last.has(s.challengeId)) last.set(s.challengeId, { isCorrect: s.isCorrect, isValidated: s.isValidated, comment: s.comment });
  const unlocked = new Set(unlocks.map((u) => u.hintId));
  const staff = isStaff(actor);
  return rows.map((c) => {
    const solves = solveCount.get(c.id) ?? 0;
    const hintOpen = !!c.hint && (staff || unlocked.has(c.hint.id));
    return {
      id: c.id,
      name: c.name,
      categoryId: c.categoryId,
      categoryName: c.category.name,
      type: c.type,
      level: c.level,
      description: c.description,
      initialValue: c.initialValue,
      newValue: challengeValue(c, solves),
      minimalValue: c.minimalValue,
      decayValue: c.decayValue,
      isActive: c.isActive,
      nextId: c.nextId,
      trainingWeek: c.trainingWeek,
      eventId: c.eventId,
      solveCount: solves,
      files: c.files.map((f) => ({ id: f.id, name: f.name })),
      flagId: c.flag?.id ?? null,
      hint: c.hint ? { id: c.hint.id, score: c.hint.score, unlocked: hintOpen, description: hintOpen ? c.hint.description : null } : null,
      last: last.get(c.id) ?? null,
    };
  });
}

const INCLUDE = { category: true, files: { orderBy: { id: 'asc' } }, flag: { select: { id: true } }, hint: true } as const;

export async function listBoard(actor: Actor | null, scope: Scope, opts: { categoryId?: number | null; trainingWeek?: number | null; page: number; pageSize: number }): Promise<Page<BoardChallenge>> {
  requireAuthenticated(actor);
  const where = { ...visibleWhere(actor, scope, opts.categoryId), ...(opts.trainingWeek ? { trainingWeek: opts.trainingWeek } : {}) };
  const [count, rows] = await Promise.all([
    db.challenge.count({ where }),
    db.challenge.findMany({ where, include: INCLUDE, orderBy: [{ categoryId: 'asc' }, { id: 'asc' }], skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  return { count, page: opts.page, pageSize: opts.pageSize, results: await decorate(actor, scope, rows) };
}

/** One challenge as the board's dialog shows it. */
export async function boardChallenge(actor: Actor | null, scope: Scope, id: number): Promise<BoardChallenge> {
  const challenge = await visibleChallenge(actor, id);
  const row = await db.challenge.findUniqueOrThrow({ where: { id: challenge.id }, include: INCLUDE });
  return (await decorate(actor!, scope, [row]))[0];
}

export interface Solver { learnerId: number; username: string; teamId: number | null; teamName: string | null; score: number; at: Date }

/** The first five to solve, oldest first (SPEC §2: decided server-side). */
export async function topSolvers(scope: Scope, challengeId: number): Promise<Solver[]> {
  const rows = await db.submission.findMany({
    where: { ...countingSubmissions(scope), challengeId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: TOP_SOLVERS,
    select: { score: true, createdAt: true, learner: { select: { id: true, username: true } }, team: { select: { id: true, name: true } } },
  });
  return rows.map((r) => ({ learnerId: r.learner.id, username: r.learner.username, teamId: r.team?.id ?? null, teamName: r.team?.name ?? null, score: r.score, at: r.createdAt }));
}

/** Id and name of every challenge in the scope, for the 'next' (recommended challenge) choice. */
export async function challengeChoices(actor: Actor | null, scope: Scope) {
  requireAuthenticated(actor);
  return db.challenge.findMany({ where: visibleWhere(actor, scope), select: { id: true, name: true }, orderBy: { name: 'asc' } });
}
