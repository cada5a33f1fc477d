// THE ranking of every scoreboard (SPEC §2 "Scoreboards"): practice, an event's players, an event's
// teams and the general Black Friday board all order their entries here, and the two player boards
// ask the database who is ranked here. Which submissions count is not decided here: that is the
// counting rule of scope.server.ts, passed in as SQL.
import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';

export interface RankedPlayer {
  id: number;
  score: number;
  /** Counted submissions (a solve worth 0 after its hint still counts as solved). */
  solved: number;
  /** When the player reached the score: the time of their last counted submission. */
  reachedAt: Date;
}

const time = (at: Date | null) => (at ? at.getTime() : Number.POSITIVE_INFINITY);

/**
 * Ranking order: more points first; on a tie whoever reached their points first (an entry that
 * never scored comes after every entry that did); then the smaller id. Sorts in place.
 */
export function sortByRank<T extends { id: number; reachedAt: Date | null }>(entries: T[], points: (entry: T) => number): T[] {
  return entries.sort((a, b) => points(b) - points(a) || time(a.reachedAt) - time(b.reachedAt) || a.id - b.id);
}

/**
 * Rows of a ranking from its `from`th entry (0-based): each entry with its rank and its identity
 * (`identities[i]` for `entries[i]`). Object.assign, not `{ ...entry, rank, ...identity }`: Node 20
 * builds a literal that starts with a spread one property at a time (about 5 µs a row against 0.2;
 * docs/rules.md "Speed").
 */
export function rankedRows<E extends object, I extends object>(entries: E[], from: number, identities: I[]): (E & { rank: number } & I)[] {
  return entries.map((entry, i) => Object.assign({}, entry, { rank: from + i + 1 }, identities[i]));
}

/**
 * Who is ranked on a player board, in ranking order: every learner with points from the counted
 * submissions, staff and superusers left out. `from` names the Submission table as `s` (with an
 * index hint where one pays); `counted` is the counting rule over it.
 */
export async function rankedPlayers(from: Prisma.Sql, counted: Prisma.Sql): Promise<RankedPlayer[]> {
  const groups = await db.$queryRaw<{ id: number | bigint; score: number | bigint; solved: number | bigint; reachedAt: string | Date }[]>`
    SELECT g.id, g.score, g.solved, g."reachedAt"
    FROM (SELECT s."learnerId" AS id, SUM(s.score) AS score, COUNT(*) AS solved, MAX(s."createdAt") AS "reachedAt"
          FROM ${from} WHERE ${counted} GROUP BY s."learnerId") g
    JOIN "User" u ON u.id = g.id
    WHERE g.score > 0 AND u."isStaff" = FALSE AND u."isSuperuser" = FALSE`;
  const ranked = groups.map((g) => ({ id: Number(g.id), score: Number(g.score), solved: Number(g.solved), reachedAt: new Date(g.reachedAt) }));
  return sortByRank(ranked, (p) => p.score);
}
