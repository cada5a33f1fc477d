// The challenge board (SPEC §2 "Challenges page"): cards, each challenge's state for the player,
// its top solvers and the reviewer's comment. What is alike for every viewer is kept (lib/kept.server.ts);
// a page then reads only the viewer's own rows, not one query per card.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { Page } from '~/lib/pagination';
import { DomainError } from '~/lib/errors.server';
import { Kept } from '~/lib/kept.server';
import { markdownToSafeHtml } from '~/lib/rich-text.server';
import { statement, statementsBy } from '~/lib/sql.server';
import { assertScopeAccess, challengeAccess, type Via } from './challenge-access.server';
import { isStaff, type Actor } from './policy.server';
import { countingSql, countingSubmissions, inScope, scopeEventId, submissionCounts, type Scope } from './scope.server';
import { challengeValue } from './scoring.server';

export const TOP_SOLVERS = 5;

/** The viewer's own last submission of a challenge: `score` is what it earned (or would have, if rejected). */
export interface LastSubmission { isCorrect: boolean; isValidated: boolean | null; comment: string | null; score: number }

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
  /** `description` is the sanitized HTML of the hint's Markdown, only once the viewer may read it. */
  hint: { id: number; score: number; unlocked: boolean; description: string | null } | null;
  last: LastSubmission | null;
}

function visibleWhere(actor: Actor, scope: Scope): Prisma.ChallengeWhereInput {
  return { ...inScope(scope), ...(isStaff(actor) ? {} : { isActive: true }) };
}

/**
 * SPEC §4: the Solved badge shows when the player's last submission counts in the scope (in
 * practice while pending or accepted, in events once validated): the one counting rule.
 */
export function isSolved(scope: Scope, last: LastSubmission | null): boolean {
  return !!last && submissionCounts(scope, last);
}

/** Submitting is closed once the last submission was correct (and not rejected). */
export function canSubmit(last: LastSubmission | null): boolean {
  return !hasSolved(last);
}

type CatalogRow = Prisma.ChallengeGetPayload<{ include: { category: true; files: true; flag: { select: { id: true } }; hint: true } }> & { hintHtml: string | null };

const INCLUDE = { category: true, files: { orderBy: { id: 'asc' } }, flag: { select: { id: true } }, hint: true } as const;

// What the board shows alike to every viewer of a scope is read once and kept (lib/kept.server.ts)
// until a table it was read from changes: the scope's challenges with category, files, flag and hint
// (not touched by play), and the solve count of each (every solve changes it). A board render then
// reads only the viewer's own rows, through two prepared statements instead of nine Prisma queries.
const catalogs = new Kept<number | null, Promise<CatalogRow[]>>(['Challenge', 'Category', 'ChallengeFile', 'Flag', 'Hint'], async (eventId) =>
  (await db.challenge.findMany({ where: { eventId }, include: INCLUDE, orderBy: [{ categoryId: 'asc' }, { id: 'asc' }] })).map(withHintHtml),
);

/**
 * Hints are Markdown, sanitized like descriptions. They are stored as the author typed them (the
 * Hint tab and the API edit that text) and made HTML here, the one place hints are read for showing,
 * once per catalog: the catalog is dropped when a hint changes.
 */
function withHintHtml<T extends { hint: { description: string } | null }>(row: T): T & { hintHtml: string | null } {
  return { ...row, hintHtml: row.hint ? markdownToSafeHtml(row.hint.description) : null };
}
const solveCountStatements = statementsBy<{ challengeId: number; n: number }, []>(
  (counted) => `SELECT "challengeId", COUNT(*) AS n FROM "Submission" WHERE ${counted} GROUP BY "challengeId"`,
);
const solveCounts = new Kept<string, Promise<Map<number, number>>>(['Submission'], async (counted) =>
  new Map((await solveCountStatements(counted).all()).map((r) => [r.challengeId, r.n])),
);
// The player's submissions of the challenges shown (newest first): a page reads its dozen
// challenges' rows, not every submission the player ever made (rows cost more to hand to
// JavaScript than to find). The ids are padded to one of a few list lengths (an id repeated changes
// nothing in IN), and read by a hundred at most, so a handful of statements serve every page size.
type SubmissionRow = { challengeId: number; isCorrect: number; isValidated: number | null; comment: string | null; score: number };
const ID_LISTS = [1, 4, 12, 25, 50, 100];
const MAX_IDS = ID_LISTS[ID_LISTS.length - 1];
/** The condition on the challenges for each list length. */
const OF_CHALLENGES = new Map(ID_LISTS.map((n) => [n, `"challengeId" IN (${Array.from({ length: n }, () => '?').join(',')})`]));
const submissionsOf = statementsBy<SubmissionRow, number[]>(
  (challenges) => `SELECT "challengeId", "isCorrect", "isValidated", comment, score FROM "Submission" WHERE "learnerId" = ? AND ${challenges} ORDER BY id DESC`,
);
const unlocksOf = statement<{ hintId: number }, [number]>('SELECT "hintId" FROM "HintUnlock" WHERE "userId" = ?');
// In a team event the team's submissions and unlocks are the player's: a teammate's solve shows as
// solved (and the team cannot score it twice), a teammate's hint is open (the team's solve pays it).
const teamSubmissionsOf = statementsBy<SubmissionRow, number[]>(
  (challenges) => `SELECT "challengeId", "isCorrect", "isValidated", comment, score FROM "Submission" WHERE "teamId" = ? AND ${challenges} ORDER BY id DESC`,
);
const teamUnlocksOf = statement<{ hintId: number }, [number, number]>('SELECT "hintId" FROM "HintUnlock" WHERE "teamId" = ? OR "userId" = ?');
/** The submissions of `challengeIds` by the player (their team's when `teamId` is set), each challenge's newest first. */
async function playerSubmissions(actor: Actor, teamId: number | null, challengeIds: number[]): Promise<SubmissionRow[]> {
  if (challengeIds.length > MAX_IDS) {
    const chunks = [];
    for (let from = 0; from < challengeIds.length; from += MAX_IDS) chunks.push(playerSubmissions(actor, teamId, challengeIds.slice(from, from + MAX_IDS)));
    return (await Promise.all(chunks)).flat();
  }
  const length = ID_LISTS.find((n) => n >= challengeIds.length)!;
  const ids = challengeIds.concat(Array.from({ length: length - challengeIds.length }, () => challengeIds[0]));
  const challenges = OF_CHALLENGES.get(length)!;
  return teamId === null ? submissionsOf(challenges).all(actor.id, ...ids) : teamSubmissionsOf(challenges).all(teamId, ...ids);
}

/** Every challenge of the scope (inactive ones too) with category, files, flag and hint, as kept. */
export function boardCatalog(scope: Scope): Promise<CatalogRow[]> {
  return catalogs.get(scopeEventId(scope));
}

async function decorate(actor: Actor, scope: Scope, rows: CatalogRow[], teamId: number | null): Promise<BoardChallenge[]> {
  if (rows.length === 0) return [];
  const [solveCount, submissions, unlocks] = await Promise.all([
    solveCounts.get(countingSql(scope)),
    playerSubmissions(actor, teamId, rows.map((c) => c.id)),
    teamId === null ? unlocksOf.all(actor.id) : teamUnlocksOf.all(teamId, actor.id),
  ]);
  const last = new Map<number, LastSubmission>();
  for (const s of submissions) {
    if (!last.has(s.challengeId)) last.set(s.challengeId, { isCorrect: !!s.isCorrect, isValidated: s.isValidated === null ? null : !!s.isValidated, comment: s.comment, score: s.score });
  }
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
      hint: c.hint ? { id: c.hint.id, score: c.hint.score, unlocked: hintOpen, description: hintOpen ? c.hintHtml : null } : null,
      last: last.get(c.id) ?? null,
    };
  });
}

export async function listBoard(actor: Actor | null, scope: Scope, opts: { categoryId?: number | null; trainingWeek?: number | null; page: number; pageSize: number }): Promise<Page<BoardChallenge>> {
  const { teamId } = await assertScopeAccess(actor, scope);
  const staff = isStaff(actor!);
  const visible = (await boardCatalog(scope)).filter(
    (c) => (staff || c.isActive) && (!opts.categoryId || c.categoryId === opts.categoryId) && (!opts.trainingWeek || c.trainingWeek === opts.trainingWeek),
  );
  const from = (opts.page - 1) * opts.pageSize;
  return { count: visible.length, page: opts.page, pageSize: opts.pageSize, results: await decorate(actor!, scope, visible.slice(from, from + opts.pageSize), teamId) };
}

/** One challenge as the board's dialog (or GET /api/challenges/{id}/, via 'own') shows it. */
export async function boardChallenge(actor: Actor | null, via: Via, id: number): Promise<BoardChallenge> {
  const { challenge, scope, teamId } = await challengeAccess(actor, id, via, 'see');
  const row = (await boardCatalog(scope)).find((c) => c.id === challenge.id) ?? withHintHtml(await db.challenge.findUniqueOrThrow({ where: { id: challenge.id }, include: INCLUDE }));
  return (await decorate(actor!, scope, [row], teamId))[0];
}

/** Whether the player's last submission is a solve that still stands (correct, not rejected). */
export function hasSolved(last: LastSubmission | null): boolean {
  return !!last?.isCorrect && last.isValidated !== false;
}

/**
 * A correct solve that waits for staff and does not count until they validate it (events; in
 * practice a pending solve already counts, and shows as solved): the board and the team page say so.
 */
export function isAwaitingReview(scope: Scope, last: LastSubmission | null): boolean {
  return !!last?.isCorrect && last.isValidated === null && !submissionCounts(scope, last);
}

/** A solve the reviewer rejected: the player may submit again. */
export function isRejected(last: LastSubmission | null): boolean {
  return !!last?.isCorrect && last.isValidated === false;
}

/**
 * The challenge recommended after this one (`next`), offered once the player has solved this one,
 * and only when the access rule lets them see it (an inactive or closed next is not offered).
 */
export async function nextChallengeFor(actor: Actor | null, scope: Scope, challenge: Pick<BoardChallenge, 'nextId' | 'last'>): Promise<{ id: number; name: string } | null> {
  if (challenge.nextId === null || !hasSolved(challenge.last)) return null;
  try {
    const { challenge: next } = await challengeAccess(actor, challenge.nextId, scope, 'see');
    const row = (await boardCatalog(scope)).find((c) => c.id === next.id);
    return row ? { id: row.id, name: row.name } : null;
  } catch (error) {
    if (error instanceof DomainError) return null;
    throw error;
  }
}

export interface Solver { learnerId: number; username: string; teamId: number | null; teamName: string | null; score: number; at: Date }

/** The first five to solve, oldest first (SPEC §2: decided server-side), for those who may see the challenge. */
export async function topSolvers(actor: Actor | null, via: Via, challengeId: number): Promise<Solver[]> {
  const { challenge, scope } = await challengeAccess(actor, challengeId, via, 'see');
  const rows = await db.submission.findMany({
    where: { ...countingSubmissions(scope), challengeId: challenge.id },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    take: TOP_SOLVERS,
    select: { score: true, createdAt: true, learner: { select: { id: true, username: true } }, team: { select: { id: true, name: true } } },
  });
  return rows.map((r) => ({ learnerId: r.learner.id, username: r.learner.username, teamId: r.team?.id ?? null, teamName: r.team?.name ?? null, score: r.score, at: r.createdAt }));
}

/** Id and name of every challenge in the scope, for the 'next' (recommended challenge) choice. */
export async function challengeChoices(actor: Actor | null, scope: Scope) {
  await assertScopeAccess(actor, scope);
  return db.challenge.findMany({ where: visibleWhere(actor!, scope), select: { id: true, name: true }, orderBy: { name: 'asc' } });
}

/** The training weeks that have challenges the actor may see, in order: the tabs of a training event's board. */
export async function trainingWeeksOf(actor: Actor | null, scope: Scope): Promise<number[]> {
  await assertScopeAccess(actor, scope);
  const staff = isStaff(actor!);
  const weeks = new Set<number>();
  for (const c of await boardCatalog(scope)) if ((staff || c.isActive) && c.trainingWeek) weeks.add(c.trainingWeek);
  return [...weeks].sort((a, b) => a - b);
}
