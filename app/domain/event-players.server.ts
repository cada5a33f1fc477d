// The players of an event (SPEC §2 /competes/{id}/users, §7 /api/events/{id}/players/): everyone
// with points in it, ranked as its scoreboard ranks them (the same standings), then the registered
// players without points yet, by username. Staff never appear (they do not play).
import { db } from '~/lib/db.server';
import type { Page } from '~/lib/pagination';
import { requireAuthenticated, type Actor } from './policy.server';
import type { Scope } from './scope.server';
import { cachedStandings } from './standings.server';

export interface EventPlayer { rank: number; id: number; username: string; country: string; score: number }

export async function eventPlayers(actor: Actor | null, scope: Scope & { kind: 'event' }, opts: { page: number; pageSize: number }): Promise<Page<EventPlayer>> {
  requireAuthenticated(actor);
  const standings = await cachedStandings(scope);
  const ranked = new Set(standings.ranked.map((p) => p.id));
  const waiting = (
    await db.user.findMany({
      where: { registrations: { some: { eventId: scope.event.id } }, isStaff: false, isSuperuser: false },
      select: { id: true, username: true, country: true },
      orderBy: { usernameKey: 'asc' },
    })
  ).filter((u) => !ranked.has(u.id));

  const from = (opts.page - 1) * opts.pageSize;
  const to = from + opts.pageSize;
  const scored = (await standings.rows(from, Math.min(to, standings.count))).map((r) => ({ rank: r.rank, id: r.id, username: r.username, country: r.country, score: r.score }));
  const rest = waiting
    .slice(Math.max(0, from - standings.count), Math.max(0, to - standings.count))
    .map((u, i) => ({ rank: Math.max(from, standings.count) + i + 1, id: u.id, username: u.username, country: u.country || 'BJ', score: 0 }));
  return { count: standings.count + waiting.length, page: opts.page, pageSize: opts.pageSize, results: [...scored, ...rest] };
}
