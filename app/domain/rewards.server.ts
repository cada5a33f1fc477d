// Coins buy rewards (SPEC §1 Black Friday). Coins are spent inside a transaction whose update only
// matches while the balance covers the price, so a double click can never spend them twice.
import { db } from '~/lib/db.server';
import { DomainError, NotFound } from '~/lib/errors.server';
import { requireAuthenticated, isStaff, type Actor } from './policy.server';

export const PURCHASE_SUCCESS = 'Reward request sent successfully, wait for the admin platform to approve your request';

export function listRewards() {
  return db.reward.findMany({ orderBy: { coin: 'asc' } });
}

export async function purchaseReward(actor: Actor | null, rewardId: number) {
  requireAuthenticated(actor);
  if (isStaff(actor)) throw new DomainError(403, 'Staff accounts cannot purchase rewards.');
  const reward = await db.reward.findUnique({ where: { id: rewardId } });
  if (!reward) throw new NotFound('No Reward matches the given query.');
  return db.$transaction(async (tx) => {
    const { count } = await tx.user.updateMany({ where: { id: actor.id, coin: { gte: reward.coin } }, data: { coin: { decrement: reward.coin } } });
    if (count === 0) throw new DomainError(400, 'You do not have enough coins to purchase this reward.');
    return tx.rewardRequest.create({ data: { rewardId: reward.id, playerId: actor.id, coin: reward.coin } });
  });
}
