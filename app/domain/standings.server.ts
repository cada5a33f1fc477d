// Who leads a scope and with how many points (SPEC §2 "Scoreboards", §9). The ranking is computed
// once per scope and kept in memory (lib/kept.server.ts): scoreboard reads are far more frequent
// than solves, and any write to Submission or User (names, countries, roles) drops the copy.
import { Prisma } from '~/generated/prisma/client';
import { db, inBatches } from '~/lib/db.server';
import { PAGE_SIZE, type Page } from '~/lib/pagination';
import { Derived, Kept } from '~/lib/kept.server';
import { dialect } from '~/lib/sql.server';
import { requireAuthenticated, type Actor } from './policy.server';
import { rankedPlayers, rankedRows, type RankedPlayer } from './ranking.server';
import { countingSql, countingSubmissions, scopeEventId, type Scope } from './scope.server';

export type { RankedPlayer };

/** How many players the chart follows (SPEC §9). */
export const CHART_PLAYERS = 5;

export interface ScoreboardSubmission { score: number; date: Date }

export interface ScoreboardRow extends RankedPlayer {
  rank: number;
  username: string;
  country: string;
  /** The player's coin balance (SPEC §3 Scoreboard entry). */
  coin: number;
  /** Counted submissions, oldest first: the points of the chart's line. */
  submissions: ScoreboardSubmission[];
}

interface Identity { username: string; country: string; coin: number; submissions: ScoreboardSubmission[] }

/** One computed copy of a scope's standings. Views derived from it can be memoized on it. */
export class Standings {
  readonly ranked: readonly RankedPlayer[];
  private readonly points = new Map<number, number>();
  private readonly identities = new Map<number, Promise<Identity>>();
  private readonly derived = new Derived();

  constructor(readonly scope: Scope, ranked: RankedPlayer[]) {
    this.ranked = ranked;
    for (const p of ranked) this.points.set(p.id, p.score);
  }

  get count(): number {
    return this.ranked.length;
  }

  /** The top player's total: the chart's maximum (SPEC total_points). */
  get totalPoints(): number {
    return this.ranked[0]?.score ?? 0;
  }

  pointsOf(userId: number): number {
    return this.points.get(userId) ?? 0;
  }

  /** Rows `from` to `to` (exclusive) of the ranking, with names and chart points. */
  async rows(from: number, to: number): Promise<ScoreboardRow[]> {
    const slice = this.ranked.slice(Math.max(0, from), Math.max(0, to));
    return rankedRows(slice, from, await this.identitiesOf(slice.map((p) => p.id)));
  }

  async page(page: number, pageSize: number = PAGE_SIZE.list): Promise<Page<ScoreboardRow>> {
    const from = (page - 1) * pageSize;
    return { count: this.count, page, pageSize, results: await this.rows(from, from + pageSize) };
  }

  top(n = CHART_PLAYERS): Promise<ScoreboardRow[]> {
    return this.rows(0, n);
  }

  /** A value derived from this copy (an SVG, a JSON body), computed once (lib/kept.server.ts Derived). */
  memo<T>(key: string, make: () => T): T {
    return this.derived.get(key, make);
  }

  /** Usernames, countries, coins and submissions of shown players: read once per copy, in one batch. */
  private async identitiesOf(ids: number[]): Promise<Identity[]> {
    const missing = ids.filter((id) => !this.identities.has(id));
    if (missing.length) {
      const batch = loadIdentities(this.scope, missing);
      for (const id of missing) {
        const one = batch.then((all) => all.get(id)!);
        one.catch(() => this.identities.delete(id));
        this.identities.set(id, one);
      }
    }
    return Promise.all(ids.map((id) => this.identities.get(id)!));
  }
}

async function loadIdentities(scope: Scope, ids: number[]): Promise<Map<number, Identity>> {
  const [users, submissions] = await Promise.all([
    db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true, country: true, coin: true } }),
    db.$queryRaw<{ learnerId: number | bigint; score: number | bigint; createdAt: string | Date }[]>`
      SELECT "learnerId", score, "createdAt" FROM "Submission" ${learnerIndex()}
      WHERE "learnerId" IN (${Prisma.join(ids)}) AND ${countedSql(scope)} ORDER BY "createdAt", id`,
  ]);
  const found = new Map<number, Identity>(users.map((u) => [u.id, { username: u.username, country: u.country || 'BJ', coin: u.coin, submissions: [] }]));
  for (const s of submissions) found.get(Number(s.learnerId))?.submissions.push({ score: Number(s.score), date: new Date(s.createdAt) });
  // A player deleted since the ranking was computed keeps their row until the next copy.
  for (const id of ids) if (!found.has(id)) found.set(id, { username: '', country: 'BJ', coin: 0, submissions: [] });
  return found;
}

/** The covering learner index, where the database is told which index to use (sql.server.ts dialect). */
const learnerIndex = (): Prisma.Sql => Prisma.raw(dialect().indexedBy('Submission_learnerId_eventId_solveKey_score_createdAt_idx'));

/** The one counting rule (scope.server.ts) as a fragment of the queries below. */
const countedSql = (scope: Scope): Prisma.Sql => Prisma.raw(countingSql(scope));

/**
 * The ranking, straight from the database (ranking.server.ts: who is ranked, in what order) over the
 * scope's counted submissions (countedSql). In practice the filter keeps almost every row, so the
 * whole covering learner index is read in learnerId order and grouped without a sort (100,000
 * submissions: about 30 ms instead of 70 for a table scan with a temporary B-tree).
 */
export async function computeStandings(scope: Scope): Promise<Standings> {
  const from = scope.kind === 'practice' ? Prisma.sql`"Submission" AS s ${learnerIndex()}` : Prisma.sql`"Submission" AS s`;
  const ranked = await rankedPlayers(from, countedSql(scope));
  return new Standings(scope, ranked);
}

// The in-memory copies, one per scope (practice = eventId null).
const kept = new Kept<number | null, Promise<Standings>>(['Submission', 'User', 'Event'], (eventId) =>
  computeStandings(eventId === null ? { kind: 'practice' } : scopeOf.get(eventId)!),
);
// The scope a copy is computed for (its event row), by event id.
const scopeOf = new Map<number, Scope>();

/** The scope's standings from memory, computed when missing or stale; parallel cold reads share one computation. */
export function cachedStandings(scope: Scope): Promise<Standings> {
  const eventId = scopeEventId(scope);
  if (eventId !== null) scopeOf.set(eventId, scope);
  return kept.get(eventId);
}

/**
 * The copy already computed, or null when it would have to be computed: for a hot path that falls
 * back to the ordinary one rather than wait.
 */
function warmStandings(scope: Scope): Promise<Standings> | null {
  return kept.peek(scopeEventId(scope)) ?? null;
}

/** The scoreboard of a scope for an authenticated viewer. */
export async function scoreboard(actor: Actor | null, scope: Scope): Promise<Standings> {
  requireAuthenticated(actor);
  return cachedStandings(scope);
}

/**
 * Total points of each player in the scope (0 for those without any): from the copy in memory when
 * there is one, otherwise for just these players, so a list page does not compute the whole ranking.
 */
export async function pointsOf(scope: Scope, userIds: number[]): Promise<Map<number, number>> {
  if (userIds.length === 0) return new Map();
  const warm = warmStandings(scope);
  if (warm) {
    const standings = await warm;
    return new Map(userIds.map((id) => [id, standings.pointsOf(id)]));
  }
  // In batches: an export's list asks for thousands of players (db.server.ts ID_BATCH).
  const rows = await inBatches(userIds, (ids) =>
    db.submission.groupBy({
      by: ['learnerId'],
      where: { ...countingSubmissions(scope), learnerId: { in: ids }, learner: { isStaff: false, isSuperuser: false } },
      _sum: { score: true },
    }),
  );
  const found = new Map(rows.map((r) => [r.learnerId, r._sum.score ?? 0]));
  return new Map(userIds.map((id) => [id, found.get(id) ?? 0]));
}

/** A player's counted submissions in the scope, oldest first, with the challenge each solved. */
export async function solvesOf(scope: Scope, userId: number) {
  // The ids first, through the learner's index (see countedSql), then the rows with their challenge.
  const ids = await db.$queryRaw<{ id: number | bigint }[]>`
    SELECT id FROM "Submission" ${learnerIndex()} WHERE "learnerId" = ${userId} AND ${countedSql(scope)}`;
  return db.submission.findMany({
    where: { id: { in: ids.map((r) => Number(r.id)) } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: {
      id: true,
      score: true,
      isCorrect: true,
      isValidated: true,
      createdAt: true,
      challenge: { select: { id: true, name: true, initialValue: true, category: { select: { name: true } } } },
    },
  });
}

/** How long computing the scope's standings from the database takes, in milliseconds (for the bench). */
export async function timeColdStandings(scope: Scope): Promise<{ ms: number; players: number }> {
  const started = performance.now();
  const standings = await computeStandings(scope);
  await standings.top();
  return { ms: performance.now() - started, players: standings.count };
}
