// Buying rewards (issue 10 §3): coins are taken in the transaction that records the request, only
// while the balance covers the price, so 100 parallel purchases with coins for 3 make exactly 3.
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';
import { ledgerState, makeReward } from '../../tests/support/coin-factories';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { adjustCoins } from './coins.server';
import { ownRewardRequests, purchaseReward, REWARD_NOT_FOUND, STAFF_DO_NOT_PURCHASE } from './reward-purchase.server';

async function playerWith(coins: number) {
  const player = await makeUser();
  if (coins) await adjustCoins(await makeStaff(), player.id, { amount: coins, reason: 'Test coins' });
  return db.user.findUniqueOrThrow({ where: { id: player.id } });
}

describe('purchasing a reward', () => {
  it('makes exactly 3 requests out of 100 parallel purchases with coins for 3, never below zero', async () => {
    const reward = await makeReward(100);
    const player = await playerWith(350);
    const outcomes = await Promise.allSettled(Array.from({ length: 100 }, () => purchaseReward(player, reward.id)));
    const made = outcomes.filter((o) => o.status === 'fulfilled');
    const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
    expect(made).toHaveLength(3);
    expect(refused).toHaveLength(97);
    for (const r of refused) expect(r.reason).toMatchObject({ status: 400, message: 'You do not have enough coins: 50 more coins are needed.' });
    expect(await db.rewardRequest.count({ where: { playerId: player.id } })).toBe(3);
    const state = await ledgerState(player.id);
    expect(state).toMatchObject({ coin: 50, sum: 50, entries: 4 });
    expect(state.lowest).toBeGreaterThanOrEqual(0);
    // Each request paid once, by its own entry.
    const entries = await db.coinEntry.findMany({ where: { userId: player.id, reason: 'purchase' } });
    expect(entries.map((e) => e.amount)).toEqual([-100, -100, -100]);
    expect(new Set(entries.map((e) => e.rewardRequestId)).size).toBe(3);
  });

  it('spends the balance to exactly zero', async () => {
    const reward = await makeReward(60);
    const player = await playerWith(120);
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => purchaseReward(player, reward.id)));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(2);
    expect(await ledgerState(player.id)).toMatchObject({ coin: 0, sum: 0, lowest: 0 });
  });

  it('answers the request, the reward and the balance left; keeps the price paid', async () => {
    const reward = await makeReward(40, { title: 'Sticker pack' });
    const player = await playerWith(100);
    const bought = await purchaseReward(player, reward.id);
    expect(bought).toMatchObject({ reward: { id: reward.id, title: 'Sticker pack', coin: 40 }, balance: 60 });
    const request = await db.rewardRequest.findUniqueOrThrow({ where: { id: bought.request.id } });
    expect(request).toMatchObject({ playerId: player.id, rewardId: reward.id, coin: 40, status: 'pending' });
  });

  it('refuses staff (403), unknown and hidden rewards (404), anonymous callers (401)', async () => {
    const reward = await makeReward(10);
    const hidden = await makeReward(10, { hidden: true });
    for (const staff of [await makeStaff(), await makeSuperuser()]) {
      await expect(purchaseReward(staff, reward.id)).rejects.toMatchObject({ status: 403, message: STAFF_DO_NOT_PURCHASE });
    }
    const player = await playerWith(100);
    for (const id of [hidden.id, 987654321, NaN, 0, -1]) {
      const refused = await purchaseReward(player, id).catch((e) => e);
      expect(refused).toBeInstanceOf(NotFound);
      expect(refused.message).toBe(REWARD_NOT_FOUND);
    }
    await expect(purchaseReward(null, reward.id)).rejects.toMatchObject({ status: 401 });
    expect(await db.rewardRequest.count({ where: { rewardId: { in: [reward.id, hidden.id] } } })).toBe(0);
    expect(await ledgerState(player.id)).toMatchObject({ coin: 100, sum: 100 });
  });
});

describe("a player's own reward requests", () => {
  it('lists them newest first with their state, 10 per page, and nobody else’s', async () => {
    const reward = await makeReward(10);
    const player = await playerWith(200);
    const someone = await playerWith(50);
    await purchaseReward(someone, reward.id);
    const ids: number[] = [];
    for (let i = 0; i < 12; i++) ids.push((await purchaseReward(player, reward.id)).request.id);
    await db.rewardRequest.update({ where: { id: ids[11] }, data: { status: 'validated' } });
    await db.rewardRequest.update({ where: { id: ids[10] }, data: { status: 'dismissed' } });

    const first = await ownRewardRequests(player, 1, 10);
    expect(first.count).toBe(12);
    expect(first.results.map((r) => r.id)).toEqual(ids.slice(2).reverse());
    expect(first.results.slice(0, 3).map((r) => r.state)).toEqual(['Validated', 'Dismissed', 'Pending']);
    expect(first.results[0]).toMatchObject({ title: reward.title, coin: 10 });
    const second = await ownRewardRequests(player, 2, 10);
    expect(second.results.map((r) => r.id)).toEqual([ids[1], ids[0]]);
    await expect(ownRewardRequests(null, 1)).rejects.toMatchObject({ status: 401 });
  });
});
