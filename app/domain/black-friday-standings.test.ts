import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { Forbidden, Unauthorized } from '~/lib/errors.server';
import { makeEventRow } from '../../tests/support/event-factories';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { makeChallenge, makeEvent, makeSolve } from '../../tests/support/standings-factories';
import { blackFridayStandings, computeGeneralStandings } from './black-friday-standings.server';
import { bookCoins } from './coins.server';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const errorOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e);

describe('the general Black Friday scoreboard', () => {
  // First in the file: the database of this file is fresh, so the board is truly empty.
  it('is empty before anyone scores, even with black-friday events and a practice solve', async () => {
    expect((await computeGeneralStandings()).count).toBe(0);
    const learner = await makeUser();
    await makeEvent();
    await makeSolve(learner.id, await makeChallenge(), { score: 100 });
    const board = await computeGeneralStandings();
    expect(board.count).toBe(0);
    expect(board.totalPoints).toBe(0);
    expect(await board.page(1)).toEqual({ count: 0, page: 1, pageSize: 10, results: [] });
    expect(await board.top()).toEqual([]);
  });

  it('sums counted submissions over every black-friday event and nothing else', async () => {
    const player = await makeUser({ country: 'GH' });
    const [friday1, friday2] = [await makeEvent(), await makeEvent()];
    const online = await makeEventRow({ type: 'online' });
    const first = await makeSolve(player.id, await makeChallenge({ eventId: friday1.id }), { score: 100, at: minutesAgo(30) });
    await makeSolve(player.id, await makeChallenge({ eventId: friday2.id }), { score: 50, at: minutesAgo(20) });
    // Not counted: a rejected black-friday solve, a practice solve, a validated solve of a team event.
    await makeSolve(player.id, await makeChallenge({ eventId: friday2.id }), { score: 1000, state: 'rejected' });
    await makeSolve(player.id, await makeChallenge(), { score: 2000 });
    await makeSolve(player.id, await makeChallenge({ eventId: online.id }), { score: 3000, state: 'validated' });
    await db.$transaction((tx) => bookCoins(tx, { userId: player.id, amount: 150, reason: 'solve', submissionId: first.id, onceKey: `solve:${first.id}` }));
    // Staff never appear, whatever they scored.
    const staff = await makeStaff();
    await makeSolve(staff.id, await makeChallenge({ eventId: friday1.id }), { score: 500 });

    const board = await computeGeneralStandings();
    const rank = board.ranked.findIndex((p) => p.id === player.id);
    const [row] = await board.rows(rank, rank + 1);
    expect(row).toMatchObject({ id: player.id, username: player.username, country: 'GH', score: 150, solved: 2, coin: 150 });
    expect(row!.submissions.map((s) => s.score)).toEqual([100, 50]);
    expect(board.ranked.some((p) => p.id === staff.id)).toBe(false);
  });

  it('ranks by points, then who reached them first, and pages by 10 with continuous ranks', async () => {
    const friday = await makeEvent();
    const players = [];
    for (let i = 0; i < 12; i++) players.push(await makeUser());
    // Far above the other tests' players: these twelve are the top twelve, scores 20,000 down.
    for (const [i, p] of players.entries()) {
      await makeSolve(p.id, await makeChallenge({ eventId: friday.id }), { score: 20_000 - Math.floor(i / 2) * 100, at: minutesAgo(60 - i) });
    }
    const board = await computeGeneralStandings();
    const first = await board.page(1);
    expect(first.results.map((r) => r.id)).toEqual(players.slice(0, 10).map((p) => p.id));
    expect(first.results.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const second = await board.page(2);
    expect(second.results.slice(0, 2).map((r) => [r.id, r.rank])).toEqual([[players[10]!.id, 11], [players[11]!.id, 12]]);
    expect(second.results).toHaveLength(Math.min(10, board.count - 10));
    expect(board.totalPoints).toBe(20_000);
    expect((await board.top()).map((r) => r.id)).toEqual(players.slice(0, 5).map((p) => p.id));
    expect((await board.page(100_000)).results).toEqual([]);
  });

  it('is for staff only, and a new solve shows on the next read', async () => {
    expect(await errorOf(blackFridayStandings(null))).toBeInstanceOf(Unauthorized);
    expect(await errorOf(blackFridayStandings(await makeUser()))).toBeInstanceOf(Forbidden);
    const [staff, superuser] = [await makeStaff(), await makeSuperuser()];
    const before = await blackFridayStandings(staff);
    expect(await blackFridayStandings(superuser)).toBe(before); // kept until a table it reads changes
    const player = await makeUser();
    await makeSolve(player.id, await makeChallenge({ eventId: (await makeEvent()).id }), { score: 30_000 });
    const after = await blackFridayStandings(staff);
    expect(after).not.toBe(before);
    expect(after.ranked[0]).toMatchObject({ id: player.id, score: 30_000, solved: 1 });
  });
});
