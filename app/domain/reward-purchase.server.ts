// Buying a reward with coins (issue 10 §3): the coins are taken when the request is made, in the
// transaction that creates the request, and only while the balance covers the price (coins.server.ts).
import { db } from '~/lib/db.server';
import { DomainError, NotFound } from '~/lib/errors.server';
import { bookCoins } from './coins.server';
import { requireAuthenticated, isStaff, type Actor } from './policy.server';

export const PURCHASE_SUCCESS = 'Reward request sent successfully, wait for the admin platform to approve your request';

export async function purchaseReward(actor: Actor | null, rewardId: number) {
  requireAuthenticated(actor);
  if (isStaff(actor)) throw new DomainError(403, 'Staff accounts cannot purchase rewards.');
  const reward = Number.isInteger(rewardId) ? await db.reward.findFirst({ where: { id: rewardId, hidden: false } }) : null;
  if (!reward) throw new NotFound('No Reward matches the given query.');
  return db.$transaction(async (tx) => {
    const request = await tx.rewardRequest.create({ data: { rewardId: reward.id, playerId: actor.id, coin: reward.coin } });
    await bookCoins(tx, { userId: actor.id, amount: -reward.coin, reason: 'purchase', rewardRequestId: request.id, onceKey: `purchase:${request.id}` });
    return request;
  });
}
