// Which team leads an event and with how many points: the team twin of standings.server.ts.
//
// A team's points are the scores of the event's submissions that count (countingRule in
// scope.server.ts, the one definition) and carry the team's id (Submission.teamId: a team event's
// solves belong to the solver's team). Ranked like the players: more points first, then whoever
// reached their score first (their last counted submission), then the smaller id. Unlike the player
// standings, every team of the event is listed, those without points last (the teams list shows
// them all); staff teams are left out.
//
// Computed once per event and kept in memory (lib/kept.server.ts) until Submission, Team,
// TeamMember, User or Event changes.
//
// For the event scoreboard (the lead's page) and the teams list:
//   const standings = await teamStandings(scope);      // scope: an event scope
//   standings.page(page)                                // ranked rows, 10 per page, with members
//   standings.top()                                     // top 5 with their submissions (the chart)
//   standings.pointsOf(teamId), standings.totalPoints   // one team's points, the leader's
import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Derived, Kept } from '~/lib/kept.server';
import { statement, statementsBy } from '~/lib/sql.server';
import { PAGE_SIZE, type Page } from '~/lib/pagination';
import { sortByRank } from './ranking.server';
import { countingSql, type Scope } from './scope.server';

export type EventScope = Extract<Scope, { kind: 'event' }>;

/** How many teams the chart follows (SPEC §9). */
export const CHART_TEAMS = 5;

export interface TeamMemberRow { id: number; username: string; country: string }

export interface RankedTeam {
  id: number;
  /** 1-based position in the ranking (ties are broken, so ranks are distinct). */
  rank: number;
  name: string;
  points: number;
  /** Counted team submissions: challenges solved by the team. */
  solved: number;
  /** When the team reached its points (its last counted submission); null without any. */
  reachedAt: Date | null;
  ownerId: number;
  /** Members in the order they joined (the owner first). */
  members: TeamMemberRow[];
}

export interface TeamSubmissionPoint { score: number; date: Date }
export interface ChartTeam extends RankedTeam { submissions: TeamSubmissionPoint[] }

/** One computed copy of an event's team standings. */
export class TeamStandings {
  private readonly byId = new Map<number, RankedTeam>();
  private readonly derived = new Derived();

  constructor(readonly scope: EventScope, readonly ranked: readonly RankedTeam[]) {
    for (const t of ranked) this.byId.set(t.id, t);
  }

  get count(): number {
    return this.ranked.length;
  }

  /** The leader's points: the chart's maximum (SPEC total_points). */
  get totalPoints(): number {
    return this.ranked[0]?.points ?? 0;
  }

  team(id: number): RankedTeam | undefined {
    return this.byId.get(id);
  }

  pointsOf(teamId: number): number {
    return this.byId.get(teamId)?.points ?? 0;
  }

  page(page: number, pageSize: number = PAGE_SIZE.list): Page<RankedTeam> {
    const from = (page - 1) * pageSize;
    return { count: this.count, page, pageSize, results: this.ranked.slice(Math.max(0, from), Math.max(0, from + pageSize)) };
  }

  /** The first `n` teams with points, with their counted submissions oldest first (the chart's lines). */
  top(n = CHART_TEAMS): Promise<ChartTeam[]> {
    return this.memo(`top:${n}`, async () => {
      const teams = this.ranked.filter((t) => t.points > 0).slice(0, n);
      if (!teams.length) return [];
      const rows = await db.$queryRaw<{ teamId: number | bigint; score: number | bigint; createdAt: string | Date }[]>`
        SELECT "teamId", score, "createdAt" FROM "Submission"
        WHERE "teamId" IN (${Prisma.join(teams.map((t) => t.id))}) AND ${Prisma.raw(countingSql(this.scope))} ORDER BY "createdAt", id`;
      const points = new Map<number, TeamSubmissionPoint[]>(teams.map((t) => [t.id, []]));
      for (const r of rows) points.get(Number(r.teamId))?.push({ score: Number(r.score), date: new Date(r.createdAt) });
      return teams.map((t) => ({ ...t, submissions: points.get(t.id)! }));
    });
  }

  /** A value derived from this copy (an SVG, a JSON page), computed once; bounded like Standings.memo. */
  memo<T>(key: string, make: () => T): T {
    return this.derived.get(key, make);
  }
}

// Read through prepared statements: Prisma's raw queries cost more than the SQL itself, and the
// points are read again after every solve of a running event.
const teamPoints = statementsBy<{ id: number; name: string; ownerId: number; points: number | null; solved: number | null; reachedAt: string | number | null }, [number]>(
  (counted) => `SELECT t.id, t.name, t."ownerId", g.points, g.solved, g."reachedAt"
      FROM "Team" t
      LEFT JOIN (SELECT "teamId", SUM(score) AS points, COUNT(*) AS solved, MAX("createdAt") AS "reachedAt"
                 FROM "Submission" WHERE ${counted} AND "teamId" IS NOT NULL GROUP BY "teamId") g ON g."teamId" = t.id
      WHERE t."eventId" = ? AND t."isStaff" = FALSE`,
);
const memberRows = statement<{ teamId: number; id: number; username: string; country: string }, [number]>(
  'SELECT m."teamId", u.id, u.username, u.country FROM "TeamMember" m JOIN "User" u ON u.id = m."userId" WHERE m."eventId" = ? ORDER BY m."joinedAt", m."userId"',
);
// Every team's members (in the order they joined), kept apart from the points: a solve moves the
// points only, and an event's members are thousands of rows.
const membersKept = new Kept<number, Promise<Map<number, TeamMemberRow[]>>>(['TeamMember', 'User'], async (eventId) => {
  const byTeam = new Map<number, TeamMemberRow[]>();
  for (const m of await memberRows.all(eventId)) {
    const list = byTeam.get(m.teamId) ?? [];
    list.push({ id: m.id, username: m.username, country: m.country || 'BJ' });
    byTeam.set(m.teamId, list);
  }
  return byTeam;
}, 100);

/** The ranking straight from the database (see the header for the rule). */
export async function computeTeamStandings(scope: EventScope): Promise<TeamStandings> {
  const eventId = scope.event.id;
  const [teams, membersOf] = await Promise.all([teamPoints(countingSql(scope)).all(eventId), membersKept.get(eventId)]);
  const ranked: RankedTeam[] = teams.map((t) => {
    const ownerId = t.ownerId;
    const list = [...(membersOf.get(t.id) ?? [])];
    // The owner first, then the others in the order they joined.
    list.sort((a, b) => Number(b.id === ownerId) - Number(a.id === ownerId));
    return {
      id: t.id,
      rank: 0,
      name: t.name,
      points: t.points ?? 0,
      solved: t.solved ?? 0,
      reachedAt: t.reachedAt === null ? null : new Date(t.reachedAt),
      ownerId,
      members: list,
    };
  });
  sortByRank(ranked, (t) => t.points);
  ranked.forEach((t, i) => (t.rank = i + 1));
  return new TeamStandings(scope, ranked);
}

// One copy per event id; the event row a copy is computed for, by id.
const kept = new Kept<number, Promise<TeamStandings>>(['Submission', 'Team', 'TeamMember', 'User', 'Event'], (eventId) =>
  computeTeamStandings(scopeOf.get(eventId)!),
);
const scopeOf = new Map<number, EventScope>();

/**
 * THE team standings of an event, from memory (computed when missing or stale; parallel cold reads
 * share one computation). Permission checks are the caller's (see teams.server.ts listTeams).
 */
export function teamStandings(scope: EventScope): Promise<TeamStandings> {
  scopeOf.set(scope.event.id, scope);
  return kept.get(scope.event.id);
}
