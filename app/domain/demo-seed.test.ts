// The demo seed's Black Friday content (issue 10 "Done when"): solves with coins booked through the
// ledger, requests in each state, notifications; every balance equal to its ledger's sum.
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { seedDemo } from '../../prisma/seed';
import { makeSuperuser } from '../../tests/support/factories';
import { computeGeneralStandings } from './black-friday-standings.server';
import { ledgerBalance } from './coins.server';
import { listEvents } from './events.server';

describe('the demo seed', () => {
  it('plays the Black Friday CTF: solves, coins through the ledger, requests pending, validated and dismissed', async () => {
    await makeSuperuser(); // startup makes one before seeding
    expect(await seedDemo(db)).toBe(true);
    expect(await seedDemo(db)).toBe(false); // once only

    const users = await db.user.findMany({ select: { id: true, username: true, coin: true } });
    for (const u of users) expect(u.coin, u.username).toBe(await ledgerBalance(u.id));
    const coin = Object.fromEntries(users.map((u) => [u.username, u.coin]));
    expect([coin.alice, coin.bob, coin.erin]).toEqual([200, 150, 100]);

    const board = await computeGeneralStandings();
    const rows = await board.page(1);
    expect(rows.results.map((r) => [r.username, r.score, r.coin, r.solved])).toEqual([
      ['alice', 300, 200, 3],
      ['bob', 250, 150, 2],
      ['erin', 100, 100, 1],
    ]);

    const requests = await db.rewardRequest.findMany({ include: { player: true }, orderBy: { id: 'asc' } });
    expect(requests.map((r) => [r.player.username, r.status])).toEqual([['alice', 'validated'], ['bob', 'pending'], ['erin', 'dismissed']]);
    const refund = await db.coinEntry.findMany({ where: { reason: 'refund' } });
    expect(refund.map((e) => [e.userId, e.amount, e.onceKey])).toEqual([[requests[2]!.playerId, 100, `refund:${requests[2]!.id}`]]);
    const solveEntries = await db.coinEntry.findMany({ where: { reason: 'solve' }, include: { submission: true } });
    expect(solveEntries).toHaveLength(6);
    for (const e of solveEntries) expect([e.onceKey, e.amount]).toEqual([`solve:${e.submissionId}`, e.submission!.coin]);

    const friday = await db.event.findFirstOrThrow({ where: { name: 'Black Friday CTF' } });
    expect(await db.notification.count({ where: { kind: 'admin', eventId: friday.id } })).toBe(1);
    const bob = users.find((u) => u.username === 'bob')!;
    expect(await db.notification.count({ where: { kind: 'general', recipientId: bob.id } })).toBe(1);

    // The running one first, then next Friday's, already planned.
    const fridays = await listEvents(null, { type: 'black-friday', page: 1, pageSize: 6 });
    expect(fridays.results.map((v) => [v.event.name.replace(/\d{4}-\d{2}-\d{2}$/, 'DATE'), v.phase])).toEqual([['Black Friday CTF', 'active'], ['Black Friday CTF, DATE', 'upcoming']]);
    expect(fridays.results[1]!.event.startDate.getUTCDay()).toBe(5);
  });
});
