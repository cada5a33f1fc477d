// Rewards and reward requests for the rewards tests (domain, API and browser). Requests are made the
// way players make them: coins booked in the ledger ('adjustment'), then purchaseReward, so the
// ledger, User.coin and the request agree as in production. The database is imported lazily, so the
// API and browser tests can first point DATABASE_URL at their server's database (useServerDatabase).
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import type { Actor } from '~/domain/policy.server';

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const database = async () => (await import('~/lib/db.server')).db;

/**
 * Points this process's database at the one a test server runs on, before anything imports it: the
 * API projects' (TEST_SERVER_DATABASE_URL, tests/support/server-database.ts), else
 * data/test-<name>/ctf.db. The server sees our commits as another process's (SQLite's data_version,
 * PostgreSQL's notifications; docs/rules.md "Speed"), so its kept counts follow.
 */
export function useServerDatabase(name: 'api' | 'e2e') {
  process.env.DATABASE_URL = process.env.TEST_SERVER_DATABASE_URL ?? `file:${resolve(`data/test-${name}/ctf.db`)}`;
  process.env.SESSION_SECRET ??= 'test-secret-not-for-production';
  process.env.LOG_LEVEL = 'silent';
}

export async function makeReward(over: Partial<{ title: string; coin: number; isCtfCertificationReward: boolean; hidden: boolean }> = {}) {
  const db = await database();
  return db.reward.create({
    data: {
      title: over.title ?? unique('Reward '),
      coin: over.coin ?? 100,
      isCtfCertificationReward: over.isCtfCertificationReward ?? false,
      hidden: over.hidden ?? false,
    },
  });
}

/** Gives a player coins as staff would: an 'adjustment' entry in the ledger. */
export async function giveCoins(userId: number, amount: number, note = 'test coins') {
  const db = await database();
  const { bookCoins } = await import('~/domain/coins.server');
  await db.$transaction((tx) => bookCoins(tx, { userId, amount, reason: 'adjustment', note }));
}

/** A pending request of `playerId` for `rewardId`, bought with coins given just for it. */
export async function makeRequest(playerId: number, rewardId: number) {
  const db = await database();
  const { purchaseReward } = await import('~/domain/reward-purchase.server');
  const reward = await db.reward.findUniqueOrThrow({ where: { id: rewardId } });
  await giveCoins(playerId, reward.coin);
  const player = await db.user.findUniqueOrThrow({ where: { id: playerId } });
  // purchaseReward answers the request itself or {request, ...}: read its id either way.
  const bought = (await purchaseReward(player as Actor, rewardId)) as { id?: number; request?: { id: number } };
  return db.rewardRequest.findUniqueOrThrow({ where: { id: bought.request?.id ?? bought.id! } });
}

/** A player's balance as User.coin says it and as the ledger sums it. */
export async function balances(userId: number) {
  const db = await database();
  const { ledgerBalance } = await import('~/domain/coins.server');
  const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { coin: true } });
  return { coin: user.coin, ledger: await ledgerBalance(userId) };
}

export async function requestStatus(id: number) {
  const db = await database();
  return db.rewardRequest.findUniqueOrThrow({ where: { id }, select: { status: true, processedById: true, processedAt: true } });
}

/** A user looked up by username (the API and browser tests create theirs through the API). */
export async function userNamed(username: string) {
  const db = await database();
  return db.user.findFirstOrThrow({ where: { username } });
}

/** How many requests wait for a decision (what the header's Black-friday badge counts). */
export async function pendingCount() {
  const db = await database();
  return db.rewardRequest.count({ where: { status: 'pending' } });
}
