// The coin ledger (issue 10 §1): black-friday solves earn their score in coins, in the solve's
// transaction; practice and team solves earn none; staff adjust with a reason; and after every
// operation the balance is the ledger's sum and never went below zero.
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { Forbidden, Invalid, NotFound } from '~/lib/errors.server';
import { BF_FLAG, ledgerState, makeBlackFriday, makeCoinChallenge, makeReward } from '../../tests/support/coin-factories';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { writeup } from '../../tests/support/play-factories';
import { makeEvent, makeTeam } from '../../tests/support/review-factories';
import { adjustCoins, ledgerBalance, playerCoins } from './coins.server';
import { purchaseReward } from './reward-purchase.server';
import { ALREADY_SOLVED, submitFlag } from './submit-flag.server';
import { coinAdjustmentSchema, ZERO_ADJUSTMENT } from '~/schemas/coins';

async function expectConsistent(userId: number, coin: number) {
  const state = await ledgerState(userId);
  expect(state.coin).toBe(coin);
  expect(state.sum).toBe(coin);
  expect(await ledgerBalance(userId)).toBe(coin);
  expect(state.lowest).toBeGreaterThanOrEqual(0);
}

describe('the coin ledger', () => {
  it('agrees with the balance after every operation, and no balance goes below zero', async () => {
    const staff = await makeStaff();
    const player = await makeUser();
    const event = await makeBlackFriday();
    const [small, big] = [await makeCoinChallenge(event.id, 150), await makeCoinChallenge(event.id, 300)];
    const reward = await makeReward(400);
    await expectConsistent(player.id, 0);

    // A black-friday solve: coins equal to the score, on the submission and in the ledger.
    const first = await submitFlag(player, small.id, { value: BF_FLAG, writeup: null });
    expect(first).toMatchObject({ score: 150, coin: 150, isValidated: true });
    expect(await db.coinEntry.findMany({ where: { userId: player.id }, select: { amount: true, reason: true, submissionId: true, onceKey: true } }))
      .toEqual([{ amount: 150, reason: 'solve', submissionId: first.id, onceKey: `solve:${first.id}` }]);
    await expectConsistent(player.id, 150);

    // A refused purchase changes nothing and says how many coins are missing.
    await expect(purchaseReward(await db.user.findUniqueOrThrow({ where: { id: player.id } }), reward.id)).rejects.toMatchObject({
      status: 400,
      message: 'You do not have enough coins: 250 more coins are needed.',
    });
    expect(await db.rewardRequest.count({ where: { playerId: player.id } })).toBe(0);
    await expectConsistent(player.id, 150);

    await submitFlag(player, big.id, { value: BF_FLAG, writeup: null });
    await expectConsistent(player.id, 450);

    const bought = await purchaseReward(player, reward.id);
    expect(bought.balance).toBe(50);
    await expectConsistent(player.id, 50);

    // Staff adjust up and down, with a reason kept in the ledger and the staff log.
    expect(await adjustCoins(staff, player.id, { amount: 25, reason: 'Helped at the stand' })).toEqual({ balance: 75 });
    await expectConsistent(player.id, 75);
    expect(await adjustCoins(staff, player.id, { amount: -75, reason: 'Duplicate account' })).toEqual({ balance: 0 });
    await expectConsistent(player.id, 0);

    // Taking more than the balance is refused under the amount, and changes nothing.
    const refused = await adjustCoins(staff, player.id, { amount: -1, reason: 'Too much' }).catch((e) => e);
    expect(refused).toBeInstanceOf(Invalid);
    expect(refused.fields).toEqual({ amount: ['You do not have enough coins: 1 more coin is needed.'] });
    await expectConsistent(player.id, 0);

    const log = await db.staffAction.findMany({ where: { actorId: staff.id, action: 'coins.adjust' }, orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.targetId, JSON.parse(l.detail!)])).toEqual([
      [String(player.id), { amount: 25, reason: 'Helped at the stand' }],
      [String(player.id), { amount: -75, reason: 'Duplicate account' }],
    ]);

    // The ledger staff see: newest first, with what each entry is about.
    const ledger = await playerCoins(staff, player.id);
    expect(ledger.balance).toBe(0);
    expect(ledger.count).toBe(5);
    expect(ledger.results.map((r) => [r.reason, r.amount, r.what, r.by])).toEqual([
      ['adjustment', -75, 'Duplicate account', staff.username],
      ['adjustment', 25, 'Helped at the stand', staff.username],
      ['purchase', -400, reward.title, null],
      ['solve', 300, big.name, null],
      ['solve', 150, small.name, null],
    ]);
    expect((await playerCoins(staff, player.id, 2, 2)).results.map((r) => r.amount)).toEqual([-400, 300]);
  });

  it('books nothing for practice and team solves', async () => {
    const player = await makeUser();
    const practice = await makeCoinChallenge(null, 200);
    const practiceSolve = await submitFlag(player, practice.id, { value: BF_FLAG, writeup: writeup() });
    expect(practiceSolve).toMatchObject({ score: 200, coin: 0 });

    const teamEvent = await makeEvent({ type: 'online' });
    await makeTeam(teamEvent, player);
    const teamChallenge = await makeCoinChallenge(teamEvent.id, 300);
    const teamSolve = await submitFlag(player, teamChallenge.id, { value: BF_FLAG, writeup: writeup() });
    expect(teamSolve).toMatchObject({ score: 300, coin: 0 });

    expect(await db.coinEntry.count({ where: { userId: player.id } })).toBe(0);
    await expectConsistent(player.id, 0);
  });

  it('books a solve once, when it is submitted twice in a row or in parallel', async () => {
    const player = await makeUser();
    const event = await makeBlackFriday();
    const challenge = await makeCoinChallenge(event.id, 120);
    await submitFlag(player, challenge.id, { value: BF_FLAG, writeup: null });
    await expect(submitFlag(player, challenge.id, { value: BF_FLAG, writeup: null })).rejects.toMatchObject({ message: ALREADY_SOLVED });
    await expectConsistent(player.id, 120);

    const other = await makeCoinChallenge(event.id, 80);
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => submitFlag(player, other.id, { value: BF_FLAG, writeup: null })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await db.coinEntry.count({ where: { userId: player.id } })).toBe(2);
    await expectConsistent(player.id, 200);
  });

  it('lets staff only read and adjust a ledger; an unknown player is a 404', async () => {
    const [learner, player, staff, root] = [await makeUser(), await makeUser(), await makeStaff(), await makeSuperuser()];
    await expect(playerCoins(learner, player.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(adjustCoins(learner, player.id, { amount: 5, reason: 'x' })).rejects.toBeInstanceOf(Forbidden);
    await expect(playerCoins(null, player.id)).rejects.toMatchObject({ status: 401 });
    await expect(playerCoins(staff, 987654321)).rejects.toBeInstanceOf(NotFound);
    await expect(adjustCoins(staff, 987654321, { amount: 5, reason: 'x' })).rejects.toBeInstanceOf(NotFound);
    // Nobody but the superuser reaches the superuser (docs/rules.md "Learners").
    await expect(playerCoins(staff, root.id)).rejects.toBeInstanceOf(NotFound);
    // Staff do not play: their accounts hold no coins.
    await expect(adjustCoins(root, staff.id, { amount: 5, reason: 'x' })).rejects.toMatchObject({ fields: { amount: ['Staff accounts do not play: they hold no coins.'] } });
    await expectConsistent(staff.id, 0);
    expect(await db.coinEntry.count({ where: { userId: { in: [learner.id, player.id, staff.id] } } })).toBe(0);
  });

  it('checks an adjustment: a non-zero whole number within ±100,000 and a reason', () => {
    const errors = (input: Record<string, unknown>) => {
      const parsed = coinAdjustmentSchema.safeParse(input);
      return parsed.success ? null : parsed.error.issues.map((i) => `${String(i.path[0])}: ${i.message}`);
    };
    expect(errors({ amount: '-250', reason: ' Prize ' })).toBeNull();
    expect(coinAdjustmentSchema.parse({ amount: '-250', reason: ' Prize ' })).toEqual({ amount: -250, reason: 'Prize' });
    expect(errors({ amount: '0', reason: 'x' })).toEqual([`amount: ${ZERO_ADJUSTMENT}`]);
    expect(errors({ amount: '100001', reason: 'x' })).toEqual(['amount: Ensure this value is less than or equal to 100000.']);
    expect(errors({ amount: '-100001', reason: 'x' })).toEqual(['amount: Ensure this value is greater than or equal to -100000.']);
    expect(errors({ amount: '1.5', reason: 'x' })).toEqual(['amount: A valid integer is required.']);
    expect(errors({ amount: '', reason: '  ' })).toEqual(['amount: This field is required.', 'reason: This field is required.']);
  });
});
