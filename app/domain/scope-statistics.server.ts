// A scope's statistics for staff (issue 21 §3): solves over time, solves per challenge with its first
// solver, the share of players who solved each category, and active players per day. Solves are the
// counted submissions of the scope, by THE counting rule (scope.server.ts countingSql), never a
// filter of their own. A player is a learner (never staff) who made a flag attempt (FlagAttempt) or a
// submission (Submission) in the scope; they are active on each UTC day they made one.
// Read on demand: a staff page, opened rarely, over indexes the hot paths already keep.
import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { dialect } from '~/lib/sql.server';
import { requireStaff, type Actor } from './policy.server';
import { countingSql, inScope, scopeEventId, type Scope } from './scope.server';

/** Practice has no dates of its own: its activity chart shows this many days up to today. */
export const PRACTICE_ACTIVITY_DAYS = 30;
/** At most this many days of activity (the last of a longer event) and this many bars of solves over time. */
export const MAX_DAYS = 62;

export type TimeUnit = 'day' | 'week' | 'month';

export interface SolvesBucket {
  /** The bucket's first UTC day, YYYY-MM-DD. */
  start: string;
  /** "Nov 26, 2026", "Week of Nov 23, 2026", "November 2026". */
  label: string;
  solves: number;
  /** Solves up to the end of this bucket. */
  total: number;
}

export interface ChallengeSolves {
  id: number;
  name: string;
  category: string;
  isActive: boolean;
  solves: number;
  /** The first counted solve: the team in team events (`by`, the member who submitted it), else the player. */
  firstSolver: { name: string; by: string | null; at: Date } | null;
}

export interface CategoryShare {
  id: number;
  name: string;
  /** Players with a counted solve of their own in the category (in a team event, the member who submitted it). */
  solvers: number;
  /** solvers / the scope's players, in whole percent rounded down (0 when there are no players). */
  percent: number;
}

export interface ActiveDay { day: string; label: string; players: number }

export interface ScopeStatistics {
  players: number;
  solves: number;
  solvesOverTime: { unit: TimeUnit; buckets: SolvesBucket[] };
  challenges: ChallengeSolves[];
  categories: CategoryShare[];
  /** Every UTC day of the window, quiet ones included; empty before an event starts. */
  activity: { from: string | null; to: string | null; days: ActiveDay[] };
}

const DAY_MS = 24 * 60 * 60 * 1000;
const dayOf = (date: Date) => date.toISOString().slice(0, 10);
const dateOfDay = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, n: number) => dayOf(new Date(dateOfDay(day).getTime() + n * DAY_MS));
const daysBetween = (from: string, to: string) => Math.round((dateOfDay(to).getTime() - dateOfDay(from).getTime()) / DAY_MS);

const DAY_LABEL = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const MONTH_LABEL = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', timeZone: 'UTC' });
export const dayLabel = (day: string) => DAY_LABEL.format(dateOfDay(day));

/** The first day of the unit holding `day`: itself, its week's Monday, its month's first. */
function unitStart(unit: TimeUnit, day: string): string {
  if (unit === 'day') return day;
  if (unit === 'month') return `${day.slice(0, 7)}-01`;
  return addDays(day, -((dateOfDay(day).getUTCDay() + 6) % 7));
}

function nextStart(unit: TimeUnit, start: string): string {
  if (unit === 'day') return addDays(start, 1);
  if (unit === 'week') return addDays(start, 7);
  const date = dateOfDay(start);
  return dayOf(new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1)));
}

function bucketLabel(unit: TimeUnit, start: string): string {
  if (unit === 'day') return dayLabel(start);
  if (unit === 'week') return `Week of ${dayLabel(start)}`;
  return MONTH_LABEL.format(dateOfDay(start));
}

/**
 * Solves per day (sorted by day) as at most MAX_DAYS bars from the first solve to the last: days
 * while they fit, else weeks (from Monday), else months. Quiet buckets in between are kept (0).
 */
export function bucketSolves(perDay: { day: string; solves: number }[]): { unit: TimeUnit; buckets: SolvesBucket[] } {
  if (!perDay.length) return { unit: 'day', buckets: [] };
  const first = perDay[0]!.day;
  const last = perDay.at(-1)!.day;
  const count = (unit: TimeUnit) => {
    let n = 0;
    for (let s = unitStart(unit, first); s <= last; s = nextStart(unit, s)) n++;
    return n;
  };
  const unit: TimeUnit = count('day') <= MAX_DAYS ? 'day' : count('week') <= MAX_DAYS ? 'week' : 'month';
  const buckets: SolvesBucket[] = [];
  let i = 0;
  let total = 0;
  for (let start = unitStart(unit, first); start <= last; start = nextStart(unit, start)) {
    const end = nextStart(unit, start);
    let solves = 0;
    while (i < perDay.length && perDay[i]!.day < end) solves += perDay[i++]!.solves;
    total += solves;
    buckets.push({ start, label: bucketLabel(unit, start), solves, total });
  }
  return { unit, buckets };
}

/**
 * The days the activity chart covers: an event's days from its start to its end or today, whichever
 * comes first (the last MAX_DAYS of a longer one); practice's last PRACTICE_ACTIVITY_DAYS up to today.
 */
export function activityWindow(scope: Scope, now = new Date()): { from: string; to: string } | null {
  const today = dayOf(now);
  if (scope.kind === 'practice') return { from: addDays(today, -(PRACTICE_ACTIVITY_DAYS - 1)), to: today };
  if (now < scope.event.startDate) return null;
  const to = dayOf(now < scope.event.endDate ? now : scope.event.endDate);
  const start = dayOf(scope.event.startDate);
  return { from: daysBetween(start, to) >= MAX_DAYS ? addDays(to, -(MAX_DAYS - 1)) : start, to };
}

// ---- Queries ----------------------------------------------------------------------------------

const counted = (scope: Scope) => Prisma.raw(countingSql(scope, 's'));

/** Challenges of the scope, as a condition on a Challenge alias. */
function challengeInScope(scope: Scope, alias: string): Prisma.Sql {
  const eventId = scopeEventId(scope);
  return eventId === null ? Prisma.raw(`${alias}."eventId" IS NULL`) : Prisma.sql`${Prisma.raw(alias)}."eventId" = ${eventId}`;
}

/** Every attempt and submission of the scope by a learner: (userId, at). */
function activitySql(scope: Scope): Prisma.Sql {
  const eventId = scopeEventId(scope);
  const submissionInScope = eventId === null ? Prisma.sql`s."eventId" IS NULL` : Prisma.sql`s."eventId" = ${eventId}`;
  return Prisma.sql`
    SELECT x."userId" AS "userId", x.at AS at FROM (
      SELECT a."userId" AS "userId", a."createdAt" AS at FROM "FlagAttempt" a JOIN "Challenge" c ON c.id = a."challengeId" WHERE ${challengeInScope(scope, 'c')}
      UNION ALL
      SELECT s."learnerId", s."createdAt" FROM "Submission" s WHERE ${submissionInScope}
    ) x JOIN "User" u ON u.id = x."userId" WHERE u."isStaff" = FALSE AND u."isSuperuser" = FALSE`;
}

type Num = number | bigint;

/** The UTC day of a date, as the database in use writes it (sql.server.ts dialect). */
const day = (expression: string): Prisma.Sql => Prisma.raw(dialect().day(expression));

/** The scope's statistics (staff only). `now` fixes "today" for the activity window. */
export async function scopeStatistics(actor: Actor | null, scope: Scope, now = new Date()): Promise<ScopeStatistics> {
  requireStaff(actor);
  const window = activityWindow(scope, now);
  const [perDay, firsts, challenges, categorySolvers, players, active] = await Promise.all([
    db.$queryRaw<{ day: string; n: Num }[]>`
      SELECT ${day('s."createdAt"')} AS day, COUNT(*) AS n FROM "Submission" s WHERE ${counted(scope)} GROUP BY day ORDER BY day`,
    db.$queryRaw<{ challengeId: Num; n: Num; at: string | Date; username: string; teamName: string | null }[]>`
      SELECT f."challengeId" AS "challengeId", f.n AS n, f.at AS at, u.username AS username, t.name AS "teamName" FROM (
        SELECT s."challengeId" AS "challengeId", s."learnerId" AS "learnerId", s."teamId" AS "teamId", s."createdAt" AS at,
               COUNT(*) OVER (PARTITION BY s."challengeId") AS n,
               ROW_NUMBER() OVER (PARTITION BY s."challengeId" ORDER BY s."createdAt", s.id) AS rn
        FROM "Submission" s WHERE ${counted(scope)}
      ) f JOIN "User" u ON u.id = f."learnerId" LEFT JOIN "Team" t ON t.id = f."teamId" WHERE f.rn = 1`,
    db.challenge.findMany({
      where: inScope(scope),
      select: { id: true, name: true, isActive: true, category: { select: { id: true, name: true } } },
    }),
    db.$queryRaw<{ categoryId: Num; solvers: Num }[]>`
      SELECT c."categoryId" AS "categoryId", COUNT(DISTINCT s."learnerId") AS solvers
      FROM "Submission" s JOIN "Challenge" c ON c.id = s."challengeId" JOIN "User" u ON u.id = s."learnerId"
      WHERE ${counted(scope)} AND u."isStaff" = FALSE AND u."isSuperuser" = FALSE GROUP BY c."categoryId"`,
    db.$queryRaw<{ n: Num }[]>`SELECT COUNT(DISTINCT p."userId") AS n FROM (${activitySql(scope)}) p`,
    window
      ? db.$queryRaw<{ day: string; n: Num }[]>`
          SELECT ${day('p.at')} AS day, COUNT(DISTINCT p."userId") AS n FROM (${activitySql(scope)}) p
          WHERE p.at >= ${window.from} AND p.at < ${addDays(window.to, 1)} GROUP BY day`
      : Promise.resolve([]),
  ]);

  const playerCount = Number(players[0]?.n ?? 0);
  const first = new Map(firsts.map((f) => [Number(f.challengeId), f]));
  const perChallenge: ChallengeSolves[] = challenges
    .map((c) => {
      const f = first.get(c.id);
      return {
        id: c.id,
        name: c.name,
        category: c.category.name,
        isActive: c.isActive,
        solves: f ? Number(f.n) : 0,
        firstSolver: f ? { name: f.teamName ?? f.username, by: f.teamName ? f.username : null, at: new Date(f.at) } : null,
      };
    })
    .sort((a, b) => b.solves - a.solves || a.name.localeCompare(b.name) || a.id - b.id);

  const solversOf = new Map(categorySolvers.map((c) => [Number(c.categoryId), Number(c.solvers)]));
  const categories = new Map<number, string>();
  for (const c of challenges) categories.set(c.category.id, c.category.name);
  const shares: CategoryShare[] = [...categories]
    .map(([id, name]) => {
      const solvers = solversOf.get(id) ?? 0;
      return { id, name, solvers, percent: playerCount ? Math.floor((solvers * 100) / playerCount) : 0 };
    })
    .sort((a, b) => b.percent - a.percent || a.name.localeCompare(b.name));

  const activeOn = new Map(active.map((d) => [d.day, Number(d.n)]));
  const days: ActiveDay[] = [];
  if (window) for (let day = window.from; day <= window.to; day = addDays(day, 1)) days.push({ day, label: dayLabel(day), players: activeOn.get(day) ?? 0 });

  const solvesPerDay = perDay.map((d) => ({ day: d.day, solves: Number(d.n) }));
  return {
    players: playerCount,
    solves: solvesPerDay.reduce((sum, d) => sum + d.solves, 0),
    solvesOverTime: bucketSolves(solvesPerDay),
    challenges: perChallenge,
    categories: shares,
    activity: { from: window?.from ?? null, to: window?.to ?? null, days },
  };
}
