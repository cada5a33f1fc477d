// Buying a reward with coins (issue 10 §3): the coins are taken when the request is made, in the
// transaction that creates the request, and only while the balance covers the price (coins.server.ts).
import { db } from '~/lib/db.server';
import { DomainError, NotFound } from '~/lib/errors.server';
import type { Page } from '~/lib/pagination';
import { bookCoins } from './coins.server';
import { requireAuthenticated, isStaff, type Actor } from './policy.server';

export const PURCHASE_SUCCESS = 'Reward request sent successfully, wait for the admin platform to approve your request';
export const STAFF_DO_NOT_PURCHASE = 'Staff accounts cannot purchase rewards.';
export const REWARD_NOT_FOUND = 'No Reward matches the given query.';

export interface Purchase {
  request: { id: number; createdAt: Date };
  reward: { id: number; title: string; coin: number };
  /** The player's balance once the price is paid. */
  balance: number;
}

/** The reward on sale with this id (hidden rewards are kept for their requests, not sold). */
async function rewardOnSale(rewardId: number) {
  const reward = Number.isSafeInteger(rewardId) && rewardId > 0 ? await db.reward.findFirst({ where: { id: rewardId, hidden: false } }) : null;
  if (!reward) throw new NotFound(REWARD_NOT_FOUND);
  return reward;
}

export async function purchaseReward(actor: Actor | null, rewardId: number): Promise<Purchase> {
  requireAuthenticated(actor);
  if (isStaff(actor)) throw new DomainError(403, STAFF_DO_NOT_PURCHASE);
  const reward = await rewardOnSale(rewardId);
  return db.$transaction(async (tx) => {
    const request = await tx.rewardRequest.create({ data: { rewardId: reward.id, playerId: actor.id, coin: reward.coin } });
    await bookCoins(tx, { userId: actor.id, amount: -reward.coin, reason: 'purchase', rewardRequestId: request.id, onceKey: `purchase:${request.id}` });
    const player = await tx.user.findUniqueOrThrow({ where: { id: actor.id }, select: { coin: true } });
    return { request: { id: request.id, createdAt: request.createdAt }, reward: { id: reward.id, title: reward.title, coin: reward.coin }, balance: player.coin };
  });
}

export type RequestState = 'Pending' | 'Validated' | 'Dismissed';

const STATES: Record<string, RequestState> = { pending: 'Pending', validated: 'Validated', dismissed: 'Dismissed' };

export interface OwnRequest {
  id: number;
  title: string;
  /** The price paid. */
  coin: number;
  state: RequestState;
  createdAt: Date;
}

/** The actor's own reward requests with their state, newest first. */
export async function ownRewardRequests(actor: Actor | null, page = 1, pageSize = 10): Promise<Page<OwnRequest>> {
  requireAuthenticated(actor);
  const where = { playerId: actor.id };
  const [count, rows] = await Promise.all([
    db.rewardRequest.count({ where }),
    db.rewardRequest.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: { id: true, coin: true, status: true, createdAt: true, reward: { select: { title: true } } },
    }),
  ]);
  return {
    count,
    page,
    pageSize,
    results: rows.map((r) => ({ id: r.id, title: r.reward.title, coin: r.coin, state: STATES[r.status] ?? 'Pending', createdAt: r.createdAt })),
  };
}
