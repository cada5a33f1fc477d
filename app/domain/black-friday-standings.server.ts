// The general Black Friday scoreboard (SPEC §2 "Scoreboards", issue 10 §4): players ranked over
// every black-friday event at once, for staff. A player's score is the sum of their counted
// submissions in those events, where "counted" is each event's own countingRule (scope.server.ts),
// joined, never a second definition. Ranked like an event's players (standings.server.ts): points,
// then whoever reached them first, then the smaller id; staff and players without points left out.
// Computed once and kept (lib/kept.server.ts) until a Submission, User (name, country, coins) or
// Event changes.
import type { Event } from '~/generated/prisma/client';
import { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Derived, Kept } from '~/lib/kept.server';
import { PAGE_SIZE, type Page } from '~/lib/pagination';
import { BLACK_FRIDAY_TYPES } from './fridays';
import { requireStaff, type Actor } from './policy.server';
import { countingSql } from './scope.server';
import { rankedPlayers, rankedRows, type RankedPlayer } from './ranking.server';
import { CHART_PLAYERS, type ScoreboardSubmission } from './standings.server';

export interface GeneralRow extends RankedPlayer {
  rank: number;
  username: string;
  country: string;
  /** The player's coin balance (SPEC §3 Scoreboard entry: coin). */
  coin: number;
  /** Counted submissions over every black-friday event, oldest first: the chart's line. */
  submissions: ScoreboardSubmission[];
}

type Identity = Pick<GeneralRow, 'username' | 'country' | 'coin' | 'submissions'>;

/**
 * "Counts somewhere in Black Friday": each event's countingSql, joined by OR. The terms are nested
 * as a balanced tree so that SQLite's expression depth (1,000) grows with log2 of the number of
 * events, not with the number itself (an event a week for decades).
 */
function countedInAny(events: Event[], alias: string): string {
  const terms = events.map((event) => `(${countingSql({ kind: 'event', event }, alias)})`);
  const join = (from: number, to: number): string => {
    if (to - from === 1) return terms[from]!;
    const mid = (from + to) >> 1;
    return `(${join(from, mid)} OR ${join(mid, to)})`;
  };
  return join(0, terms.length);
}

/** One computed copy of the general board. */
export class GeneralStandings {
  private readonly identities = new Map<number, Promise<Identity>>();
  private readonly derived = new Derived();

  constructor(readonly ranked: readonly RankedPlayer[], private readonly counted: string | null) {}

  get count(): number {
    return this.ranked.length;
  }

  /** The leader's points: the chart's maximum (SPEC total_points). */
  get totalPoints(): number {
    return this.ranked[0]?.score ?? 0;
  }

  async rows(from: number, to: number): Promise<GeneralRow[]> {
    const slice = this.ranked.slice(Math.max(0, from), Math.max(0, to));
    return rankedRows(slice, from, await this.identitiesOf(slice.map((p) => p.id)));
  }

  async page(page: number, pageSize: number = PAGE_SIZE.list): Promise<Page<GeneralRow>> {
    const from = (page - 1) * pageSize;
    return { count: this.count, page, pageSize, results: await this.rows(from, from + pageSize) };
  }

  top(n = CHART_PLAYERS): Promise<GeneralRow[]> {
    return this.rows(0, n);
  }

  /** A value derived from this copy (a rendered chart, a JSON page), computed once. */
  memo<T>(key: string, make: () => T): T {
    return this.derived.get(key, make);
  }

  private identitiesOf(ids: number[]): Promise<Identity[]> {
    const missing = ids.filter((id) => !this.identities.has(id));
    if (missing.length) {
      const batch = this.loadIdentities(missing);
      for (const id of missing) {
        const one = batch.then((all) => all.get(id)!);
        one.catch(() => this.identities.delete(id));
        this.identities.set(id, one);
      }
    }
    return Promise.all(ids.map((id) => this.identities.get(id)!));
  }

  private async loadIdentities(ids: number[]): Promise<Map<number, Identity>> {
    const [users, submissions] = await Promise.all([
      db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true, country: true, coin: true } }),
      this.counted
        ? db.$queryRaw<{ learnerId: number | bigint; score: number | bigint; createdAt: string | Date }[]>`
            SELECT s."learnerId", s.score, s."createdAt" FROM "Submission" s
            WHERE s."learnerId" IN (${Prisma.join(ids)}) AND ${Prisma.raw(this.counted)} ORDER BY s."createdAt", s.id`
        : Promise.resolve([]),
    ]);
    const found = new Map<number, Identity>(users.map((u) => [u.id, { username: u.username, country: u.country || 'BJ', coin: u.coin, submissions: [] }]));
    for (const s of submissions) found.get(Number(s.learnerId))?.submissions.push({ score: Number(s.score), date: new Date(s.createdAt) });
    // A player deleted since the ranking was computed keeps their row until the next copy.
    for (const id of ids) if (!found.has(id)) found.set(id, { username: '', country: 'BJ', coin: 0, submissions: [] });
    return found;
  }
}

/** The general board straight from the database. */
export async function computeGeneralStandings(): Promise<GeneralStandings> {
  const events = await db.event.findMany({ where: { type: { in: [...BLACK_FRIDAY_TYPES] } }, orderBy: { id: 'asc' } });
  if (!events.length) return new GeneralStandings([], null);
  const counted = countedInAny(events, 's');
  const ranked = await rankedPlayers(Prisma.sql`"Submission" AS s`, Prisma.raw(counted));
  return new GeneralStandings(ranked, counted);
}

const kept = new Kept<'general', Promise<GeneralStandings>>(['Submission', 'User', 'Event'], () => computeGeneralStandings(), 1);

/** The general Black Friday board, for staff (SPEC §2: staff only). */
export async function blackFridayStandings(actor: Actor | null): Promise<GeneralStandings> {
  requireStaff(actor);
  return kept.get('general');
}
