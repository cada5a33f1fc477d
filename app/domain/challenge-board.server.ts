// The challenge board (SPEC §2 "Challenges page"): cards, each challenge's state for the player,
// its top solvers and the reviewer's comment. What is alike for every viewer is kept (snapshot);
// a page then reads only the viewer's own rows, not one query per card.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { Page } from '~/lib/pagination';
import { dataVersion, statement } from '~/lib/sql.server';
import { visibleChallenge } from './challenge-access.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';
import { COUNTING_SUBMISSIONS_SQL, countingSubmissions, inScope, scopeEventId, type Scope } from './scope.server';
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

function visibleWhere(actor: Actor, scope: Scope): Prisma.ChallengeWhereInput {
  return { ...inScope(scope), ...(isStaff(actor) ? {} : { isActive: true }) };
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

type CatalogRow = Prisma.ChallengeGetPayload<{ include: { category: true; files: true; flag: { select: { id: true } }; hint: true } }>;

const INCLUDE = { category: true, files: { orderBy: { id: 'asc' } }, flag: { select: { id: true } }, hint: true } as const;

// What the board shows alike to every viewer of a scope (its challenges with category, files, flag
// and hint; the solve count of each) is read once and kept until a table pages show changes
// (dataVersion: not the attempt log or sessions). A board render then reads only the viewer's own
// rows, through two prepared statements instead of nine Prisma queries.
interface Snapshot { version: number; eventId: number | null; rows: Promise<CatalogRow[]>; solves: Map<number, number> | null }
const snapshots = new Map<number | null, Snapshot>();

const solveCounts = statement<{ challengeId: number; n: number }, [number | null]>(
  `SELECT challengeId, COUNT(*) AS n FROM "Submission" WHERE ${COUNTING_SUBMISSIONS_SQL} GROUP BY challengeId`,
);
const submissionsOf = statement<{ challengeId: number; isCorrect: number; isValidated: number | null; comment: string | null }, [number]>(
  'SELECT challengeId, isCorrect, isValidated, comment FROM "Submission" WHERE learnerId = ? ORDER BY id DESC',
);
const unlocksOf = statement<{ hintId: number }, [number]>('SELECT hintId FROM "HintUnlock" WHERE userId = ?');

function snapshot(scope: Scope): Snapshot {
  const eventId = scopeEventId(scope);
  const version = dataVersion();
  const kept = snapshots.get(eventId);
  if (kept?.version === version) return kept;
  const made: Snapshot = {
    version,
    eventId,
    rows: db.challenge.findMany({ where: inScope(scope), include: INCLUDE, orderBy: [{ categoryId: 'asc' }, { id: 'asc' }] }),
    solves: null,
  };
  // A failed read must not stay.
  made.rows.catch(() => snapshots.get(eventId) === made && snapshots.delete(eventId));
  snapshots.set(eventId, made);
  return made;
}

/** Every challenge of the scope (inactive ones too) with category, files, flag and hint, as kept. */
export function boardCatalog(scope: Scope): Promise<CatalogRow[]> {
  return snapshot(scope).rows;
}

async function decorate(actor: Actor, scope: Scope, rows: CatalogRow[]): Promise<BoardChallenge[]> {
  if (rows.length === 0) return [];
  const kept = snapshot(scope);
  // Counted when first needed (the carousel alone does not need them), then kept with the rest.
  const solveCount = (kept.solves ??= new Map(solveCounts().all(kept.eventId).map((r) => [r.challengeId, r.n])));
  const last = new Map<number, LastSubmission>();
  for (const s of submissionsOf().all(actor.id)) {
    if (!last.has(s.challengeId)) last.set(s.challengeId, { isCorrect: !!s.isCorrect, isValidated: s.isValidated === null ? null : !!s.isValidated, comment: s.comment });
  }
  const unlocked = new Set(unlocksOf().all(actor.id).map((u) => u.hintId));
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

export async function listBoard(actor: Actor | null, scope: Scope, opts: { categoryId?: number | null; trainingWeek?: number | null; page: number; pageSize: number }): Promise<Page<BoardChallenge>> {
  requireAuthenticated(actor);
  const staff = isStaff(actor);
  const visible = (await snapshot(scope).rows).filter(
    (c) => (staff || c.isActive) && (!opts.categoryId || c.categoryId === opts.categoryId) && (!opts.trainingWeek || c.trainingWeek === opts.trainingWeek),
  );
  const from = (opts.page - 1) * opts.pageSize;
  return { count: visible.length, page: opts.page, pageSize: opts.pageSize, results: await decorate(actor, scope, visible.slice(from, from + opts.pageSize)) };
}

/** One challenge as the board's dialog shows it. */
export async function boardChallenge(actor: Actor | null, scope: Scope, id: number): Promise<BoardChallenge> {
  const challenge = await visibleChallenge(actor, id);
  const row = (await snapshot(scope).rows).find((c) => c.id === challenge.id) ?? (await db.challenge.findUniqueOrThrow({ where: { id: challenge.id }, include: INCLUDE }));
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
