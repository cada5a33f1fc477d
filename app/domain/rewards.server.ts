// Rewards staff offer for coins (SPEC §1 Black Friday, §2 "Black Friday administration", §5 Reward).
// A reward that requests point at is never deleted from under them: it is hidden instead (off the
// list, the API and the shop), and its requests keep showing it.
import type { Reward } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';
import type { Page } from '~/lib/pagination';
import type { RewardInput } from '~/schemas/reward';
import { requireAuthenticated, requireStaff, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

export const REWARD_MESSAGES = {
  created: 'Reward created successfully!',
  updated: 'Reward updated successfully!',
  // Also the answer when a reward with requests is hidden: for staff it is gone from the list.
  deleted: 'Reward deleted successfully!',
  notFound: 'No Reward matches the given query.',
} as const;

/** Cheapest first, as the shop offers them; ties by age. */
const ORDER = [{ coin: 'asc' as const }, { id: 'asc' as const }];
const VISIBLE = { hidden: false } as const;

/** Every reward on sale (the purchase dialog's choice). */
export function listRewards() {
  return db.reward.findMany({ where: VISIBLE, orderBy: ORDER });
}

/** A page of the rewards on sale: the staff list and GET /api/rewards/. */
export async function rewardPage(actor: Actor | null, opts: { page: number; pageSize: number }): Promise<Page<Reward>> {
  requireAuthenticated(actor);
  const [count, results] = await Promise.all([
    db.reward.count({ where: VISIBLE }),
    db.reward.findMany({ where: VISIBLE, orderBy: ORDER, skip: (opts.page - 1) * opts.pageSize, take: opts.pageSize }),
  ]);
  return { count, page: opts.page, pageSize: opts.pageSize, results };
}

/** The 1-based page a reward sits on in the list's order, so the page can show it after a change. */
export async function rewardListPage(reward: Pick<Reward, 'id' | 'coin'>, pageSize: number): Promise<number> {
  const before = await db.reward.count({ where: { ...VISIBLE, OR: [{ coin: { lt: reward.coin } }, { coin: reward.coin, id: { lte: reward.id } }] } });
  return Math.max(1, Math.ceil(before / pageSize));
}

async function findVisible(id: number): Promise<Reward> {
  const reward = Number.isSafeInteger(id) && id > 0 ? await db.reward.findFirst({ where: { id, ...VISIBLE } }) : null;
  if (!reward) throw new NotFound(REWARD_MESSAGES.notFound);
  return reward;
}

/** One reward on sale; a hidden one is a 404 like an unknown one. */
export async function getReward(actor: Actor | null, id: number): Promise<Reward> {
  requireAuthenticated(actor);
  return findVisible(id);
}

const columns = (input: RewardInput) => ({ title: input.title, coin: input.coin, isCtfCertificationReward: input.is_ctf_certification_reward });

export async function createReward(actor: Actor | null, input: RewardInput): Promise<Reward> {
  requireStaff(actor);
  return db.$transaction(async (tx) => {
    const reward = await tx.reward.create({ data: columns(input) });
    await logStaffAction(tx, actor, 'reward.create', 'reward', [reward.id], columns(input));
    return reward;
  });
}

/** A new price applies to new requests only: each request keeps the coins it paid. */
export async function updateReward(actor: Actor | null, id: number, input: RewardInput): Promise<Reward> {
  requireStaff(actor);
  const before = await findVisible(id);
  return db.$transaction(async (tx) => {
    const { count } = await tx.reward.updateMany({ where: { id: before.id, ...VISIBLE }, data: columns(input) });
    if (count !== 1) throw new NotFound(REWARD_MESSAGES.notFound);
    await logStaffAction(tx, actor, 'reward.update', 'reward', [before.id], { from: { title: before.title, coin: before.coin, isCtfCertificationReward: before.isCtfCertificationReward }, to: columns(input) });
    return tx.reward.findUniqueOrThrow({ where: { id: before.id } });
  });
}

/**
 * Deletes a reward nobody requested; one with requests is hidden instead. The delete carries its own
 * condition (no request points at it), so a purchase arriving meanwhile makes it a hide, never a
 * cascade through that request. Returns whether the reward was hidden rather than deleted.
 */
export async function deleteReward(actor: Actor | null, id: number): Promise<{ hidden: boolean }> {
  requireStaff(actor);
  const reward = await findVisible(id);
  return db.$transaction(async (tx) => {
    const { count: deleted } = await tx.reward.deleteMany({ where: { id: reward.id, ...VISIBLE, requests: { none: {} } } });
    if (deleted === 1) {
      await logStaffAction(tx, actor, 'reward.delete', 'reward', [reward.id], { title: reward.title });
      return { hidden: false };
    }
    const { count: hidden } = await tx.reward.updateMany({ where: { id: reward.id, ...VISIBLE }, data: { hidden: true } });
    if (hidden !== 1) throw new NotFound(REWARD_MESSAGES.notFound);
    await logStaffAction(tx, actor, 'reward.hide', 'reward', [reward.id], { title: reward.title });
    return { hidden: true };
  });
}
