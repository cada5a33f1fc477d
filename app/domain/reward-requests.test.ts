import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { DomainError, Forbidden, Invalid, NotFound } from '~/lib/errors.server';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { balances, makeRequest, makeReward, requestStatus } from '../../tests/support/reward-factories';
import { unprocessedRewardRequests } from './header-counts.server';
import {
  certificatesOf,
  decisionMessage,
  dismissRewardRequests,
  listRewardRequests,
  REWARD_REQUEST_MESSAGES,
  validateRewardRequests,
} from './reward-requests.server';

/** The ledger and User.coin agree, and the balance is what the test expects. */
async function expectBalance(userId: number, coin: number) {
  expect(await balances(userId)).toEqual({ coin, ledger: coin });
}

const refunds = (requestId: number) => db.coinEntry.findMany({ where: { rewardRequestId: requestId, reason: 'refund' } });
const noticesOf = (userId: number) => db.notification.findMany({ where: { recipientId: userId }, orderBy: { id: 'asc' } });
const logOf = (action: string, id: number) => db.staffAction.findMany({ where: { action, targetType: 'reward-request', targetId: String(id) } });

async function pendingRequest(coin = 100, over: { isCtfCertificationReward?: boolean } = {}) {
  const learner = await makeUser();
  const reward = await makeReward({ coin, ...over });
  const request = await makeRequest(learner.id, reward.id);
  await expectBalance(learner.id, 0);
  return { learner, reward, request };
}

describe('validate', () => {
  it('moves a pending request to validated, keeps the coins spent, tells the player and logs it', async () => {
    const staff = await makeStaff();
    const { learner, reward, request } = await pendingRequest(120);
    expect(await validateRewardRequests(staff, [request.id])).toEqual([request.id]);
    expect(await requestStatus(request.id)).toMatchObject({ status: 'validated', processedById: staff.id });
    await expectBalance(learner.id, 0);
    const notices = await noticesOf(learner.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'general', title: 'Reward request validated', link: '/me' });
    expect(notices[0].description).toContain(reward.title);
    expect(await logOf('reward-request.validate', request.id)).toHaveLength(1);
  });

  it('then refuses a dismissal: a processed request stays as it is, with no refund', async () => {
    const staff = await makeStaff();
    const { learner, request } = await pendingRequest(80);
    await validateRewardRequests(staff, [request.id]);
    const refused = await dismissRewardRequests(staff, [request.id]).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ status: 400, message: REWARD_REQUEST_MESSAGES.alreadyProcessed });
    expect(await requestStatus(request.id)).toMatchObject({ status: 'validated' });
    expect(await refunds(request.id)).toHaveLength(0);
    await expectBalance(learner.id, 0);
    await expect(validateRewardRequests(staff, [request.id])).rejects.toMatchObject({ status: 400 });
  });
});

describe('dismiss', () => {
  it('gives the coins back through the ledger and tells the player', async () => {
    const staff = await makeStaff();
    const { learner, request } = await pendingRequest(250);
    await dismissRewardRequests(staff, request.id);
    expect(await requestStatus(request.id)).toMatchObject({ status: 'dismissed', processedById: staff.id });
    await expectBalance(learner.id, 250);
    expect(await refunds(request.id)).toMatchObject([{ amount: 250, onceKey: `refund:${request.id}`, actorId: staff.id }]);
    expect((await noticesOf(learner.id)).map((n) => n.title)).toEqual(['Reward request dismissed']);
    expect(await logOf('reward-request.dismiss', request.id)).toHaveLength(1);
  });

  it('refunds exactly once when two staff dismiss the same request at once', async () => {
    const [first, second] = [await makeStaff(), await makeStaff()];
    const { learner, request } = await pendingRequest(300);
    const outcomes = await Promise.allSettled([dismissRewardRequests(first, [request.id]), dismissRewardRequests(second, [request.id])]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const rejected = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).toMatchObject({ status: 400, message: REWARD_REQUEST_MESSAGES.alreadyProcessed });
    expect(await refunds(request.id)).toHaveLength(1);
    await expectBalance(learner.id, 300);
    expect(await noticesOf(learner.id)).toHaveLength(1);
  });

  it('refunds once when a validation and a dismissal race: exactly one decision wins', async () => {
    const staff = await makeStaff();
    const { learner, request } = await pendingRequest(90);
    const outcomes = await Promise.allSettled([validateRewardRequests(staff, [request.id]), dismissRewardRequests(staff, [request.id])]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const { status } = await requestStatus(request.id);
    await expectBalance(learner.id, status === 'dismissed' ? 90 : 0);
    expect(await refunds(request.id)).toHaveLength(status === 'dismissed' ? 1 : 0);
  });
});

describe('bulk decisions', () => {
  it('decide several requests of several players in one go, skipping those already processed', async () => {
    const staff = await makeStaff();
    const a = await pendingRequest(10);
    const b = await pendingRequest(20);
    const c = await pendingRequest(30);
    await validateRewardRequests(staff, [c.request.id]);

    const decided = await dismissRewardRequests(staff, [a.request.id, String(b.request.id), c.request.id]);
    expect(decided.sort()).toEqual([a.request.id, b.request.id].sort());
    await expectBalance(a.learner.id, 10);
    await expectBalance(b.learner.id, 20);
    await expectBalance(c.learner.id, 0);
    expect(await requestStatus(c.request.id)).toMatchObject({ status: 'validated' });
    expect(decisionMessage('dismiss', decided.length)).toBe('Reward request dismiss successfully! 2 reward requests dismissed.');
    expect(decisionMessage('validate', 1)).toBe('Reward request validated successfully!');
  });

  it('change nothing when one id is unknown', async () => {
    const staff = await makeStaff();
    const { learner, request } = await pendingRequest(40);
    await expect(dismissRewardRequests(staff, [request.id, 99_999_999])).rejects.toBeInstanceOf(NotFound);
    expect(await requestStatus(request.id)).toMatchObject({ status: 'pending' });
    await expectBalance(learner.id, 0);
  });

  it('refuse an empty or malformed selection and learners', async () => {
    const staff = await makeStaff();
    const { request, learner } = await pendingRequest(15);
    await expect(validateRewardRequests(staff, [])).rejects.toBeInstanceOf(Invalid);
    await expect(validateRewardRequests(staff, ['x'])).rejects.toBeInstanceOf(Invalid);
    await expect(validateRewardRequests(staff, [1.5])).rejects.toBeInstanceOf(Invalid);
    await expect(validateRewardRequests(learner, [request.id])).rejects.toBeInstanceOf(Forbidden);
    await expect(listRewardRequests(learner, { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(Forbidden);
    expect(await requestStatus(request.id)).toMatchObject({ status: 'pending' });
  });
});

describe('lists, badge and certificates', () => {
  it('split unprocessed and processed requests, newest first, and the badge counts the pending ones', async () => {
    const staff = await makeStaff();
    const before = await unprocessedRewardRequests(staff);
    const older = await pendingRequest(10);
    const newer = await pendingRequest(10);
    expect(await unprocessedRewardRequests(staff)).toBe(before + 2);

    const pending = await listRewardRequests(staff, { processed: false, page: 1, pageSize: 10 });
    expect(pending.results.slice(0, 2).map((r) => r.id)).toEqual([newer.request.id, older.request.id]);
    expect(pending.results[0]).toMatchObject({ coin: 10, status: 'pending', player: { username: newer.learner.username } });

    await validateRewardRequests(staff, [older.request.id]);
    expect(await unprocessedRewardRequests(staff)).toBe(before + 1);
    const processed = await listRewardRequests(staff, { processed: true, page: 1, pageSize: 10 });
    expect(processed.results[0]).toMatchObject({ id: older.request.id, status: 'validated', processedBy: { username: staff.username } });
    expect((await listRewardRequests(staff, { processed: false, page: 1, pageSize: 100 })).results.map((r) => r.id)).not.toContain(older.request.id);
  });

  it('a validated certification reward is a certificate; a dismissed one or another reward is not', async () => {
    const staff = await makeStaff();
    const { learner, reward, request } = await pendingRequest(500, { isCtfCertificationReward: true });
    const tshirt = await makeReward({ coin: 10 });
    const other = await makeRequest(learner.id, tshirt.id);
    const again = await makeRequest(learner.id, reward.id);
    expect(await certificatesOf(learner.id)).toEqual([]);
    await validateRewardRequests(staff, [request.id, other.id]);
    await dismissRewardRequests(staff, [again.id]);
    const certificates = await certificatesOf(learner.id);
    expect(certificates).toHaveLength(1);
    expect(certificates[0].title).toBe(reward.title);
    expect(certificates[0].validatedAt).toBeInstanceOf(Date);
  });
});
