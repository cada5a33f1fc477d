// What a scope's scoreboard ranks (SPEC §2 "Scoreboards", §3 Scoreboard entry): players in practice
// and in events played alone (black-friday), teams in team events (the registry's `team` rule).
// Pages and the /api/.../top-players/ calls read this one view, so both rank the same entries from
// the same in-memory standings (standings.server.ts, team-standings.server.ts).
import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import type { Page } from '~/lib/pagination';
import { requireAuthenticated, type Actor } from './policy.server';
import { countingSql, rulesOf, scopePath, type Scope } from './scope.server';
import { cachedStandings, CHART_PLAYERS, type ScoreboardSubmission, type Standings } from './standings.server';
import { teamStandings, type RankedTeam, type TeamMemberRow, type TeamStandings } from './team-standings.server';

export interface BoardEntry {
  id: number;
  rank: number;
  /** The player's username or the team's name. */
  name: string;
  /** A player's country; null for a team (its members carry theirs). */
  country: string | null;
  score: number;
  /** A player's coin balance; null for a team. */
  coin: number | null;
  solved: number;
  /** A team's members (the owner first); null for a player. */
  members: TeamMemberRow[] | null;
  /** Counted submissions, oldest first: the chart's line. */
  submissions: ScoreboardSubmission[];
  /** The entry's page: the player's or the team's. */
  href: string;
}

export interface Scoreboard {
  ranks: 'players' | 'teams';
  count: number;
  /** The leader's points: the chart's maximum (SPEC total_points). */
  totalPoints: number;
  page(page: number, pageSize: number): Promise<Page<BoardEntry>>;
  /** The chart's entries: the first five with points. */
  top(): Promise<BoardEntry[]>;
  /** A value derived from this copy of the standings (a rendered chart, a JSON page), computed once. */
  memo<T>(key: string, make: () => T): T;
}

function playerBoard(scope: Scope, standings: Standings): Scoreboard {
  const base = scopePath(scope);
  const entry = (r: Awaited<ReturnType<Standings['rows']>>[number]): BoardEntry => ({
    id: r.id, rank: r.rank, name: r.username, country: r.country, score: r.score, coin: r.coin, solved: r.solved, members: null, submissions: r.submissions, href: `${base}/users/${r.id}`,
  });
  return {
    ranks: 'players',
    count: standings.count,
    totalPoints: standings.totalPoints,
    page: async (page, pageSize) => {
      const p = await standings.page(page, pageSize);
      return { ...p, results: p.results.map(entry) };
    },
    top: async () => (await standings.top(CHART_PLAYERS)).map(entry),
    memo: (key, make) => standings.memo(key, make),
  };
}

function teamBoard(scope: Extract<Scope, { kind: 'event' }>, standings: TeamStandings): Scoreboard {
  const base = scopePath(scope);
  const entry = (t: RankedTeam, submissions: ScoreboardSubmission[]): BoardEntry => ({
    id: t.id, rank: t.rank, name: t.name, country: null, score: t.points, coin: null, solved: t.solved, members: t.members, submissions, href: `${base}/teams/${t.id}`,
  });
  // The points of the chart's lines for the teams shown, read once per copy and page.
  const submissionsOf = (teams: readonly RankedTeam[]) =>
    standings.memo(`submissions:${teams.map((t) => t.id).join(',')}`, async () => {
      const scored = teams.filter((t) => t.points > 0);
      const found = new Map<number, ScoreboardSubmission[]>(teams.map((t) => [t.id, []]));
      if (!scored.length) return found;
      const rows = await db.$queryRaw<{ teamId: number | bigint; score: number | bigint; createdAt: string | Date }[]>`
        SELECT "teamId", score, "createdAt" FROM "Submission"
        WHERE "teamId" IN (${Prisma.join(scored.map((t) => t.id))}) AND ${Prisma.raw(countingSql(scope))} ORDER BY "createdAt", id`;
      for (const r of rows) found.get(Number(r.teamId))?.push({ score: Number(r.score), date: new Date(r.createdAt) });
      return found;
    });
  return {
    ranks: 'teams',
    count: standings.count,
    totalPoints: standings.totalPoints,
    page: async (page, pageSize) => {
      const p = standings.page(page, pageSize);
      const submissions = await submissionsOf(p.results);
      return { ...p, results: p.results.map((t) => entry(t, submissions.get(t.id)!)) };
    },
    top: async () => (await standings.top(CHART_PLAYERS)).map((t) => entry(t, t.submissions)),
    memo: (key, make) => standings.memo(key, make),
  };
}

/** The scoreboard of a scope, for an authenticated viewer. */
export async function scoreboardOf(actor: Actor | null, scope: Scope): Promise<Scoreboard> {
  requireAuthenticated(actor);
  if (scope.kind === 'event' && rulesOf(scope).team) return teamBoard(scope, await teamStandings(scope));
  return playerBoard(scope, await cachedStandings(scope));
}
