// The coin ledger (SPEC §1 Black Friday, issue 10): every change of a balance is one CoinEntry row,
// and User.coin is the sum of the player's rows, moved by the same statement that books the row.
// Nothing else writes User.coin: code never adds to a bare balance. Each entry that stands for an
// occasion (a solve, a purchase, a refund) carries a unique onceKey, so no occasion is booked twice,
// whatever arrives in parallel.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { DomainError } from '~/lib/errors.server';
import { statement } from '~/lib/sql.server';

export type CoinReason = 'solve' | 'purchase' | 'refund' | 'adjustment';

export interface CoinBooking {
  userId: number;
  /** Positive earns, negative spends. */
  amount: number;
  reason: CoinReason;
  submissionId?: number | null;
  rewardRequestId?: number | null;
  /** The staff's reason, for an adjustment. */
  note?: string | null;
  actorId?: number | null;
  onceKey?: string | null;
}

type Tx = Pick<Prisma.TransactionClient, 'coinEntry' | 'user'>;

/** What is missing when a balance does not cover a price. */
export function notEnoughCoins(missing: number): DomainError {
  return new DomainError(400, `You do not have enough coins: ${missing} more ${missing === 1 ? 'coin is' : 'coins are'} needed.`);
}

/**
 * Books one entry inside the caller's Prisma transaction. A spending entry (negative amount) only
 * books while the balance covers it; otherwise it throws notEnoughCoins and the caller's
 * transaction rolls back.
 */
export async function bookCoins(tx: Tx, entry: CoinBooking): Promise<void> {
  if (!Number.isInteger(entry.amount)) throw new Error('A coin amount is a whole number.');
  if (entry.amount < 0) {
    const { count } = await tx.user.updateMany({ where: { id: entry.userId, coin: { gte: -entry.amount } }, data: { coin: { increment: entry.amount } } });
    if (count === 0) {
      const user = await tx.user.findUnique({ where: { id: entry.userId }, select: { coin: true } });
      throw notEnoughCoins(-entry.amount - (user?.coin ?? 0));
    }
  } else {
    await tx.user.update({ where: { id: entry.userId }, data: { coin: { increment: entry.amount } } });
  }
  await tx.coinEntry.create({
    data: {
      userId: entry.userId,
      amount: entry.amount,
      reason: entry.reason,
      submissionId: entry.submissionId ?? null,
      rewardRequestId: entry.rewardRequestId ?? null,
      note: entry.note ?? null,
      actorId: entry.actorId ?? null,
      onceKey: entry.onceKey ?? null,
    },
  });
}

// The solve path writes through prepared statements inside writeTransaction (submit-flag): the same
// two writes as bookCoins, for an earning entry.
const insertSolveEntry = statement<unknown, [number, number, number, string, string]>(
  `INSERT INTO "CoinEntry" (userId, amount, reason, submissionId, onceKey, createdAt) VALUES (?, ?, 'solve', ?, ?, ?)`,
);
const addToBalance = statement<unknown, [number, number]>('UPDATE "User" SET coin = coin + ? WHERE id = ?');

/** Books a solve's coins; only inside writeTransaction, in the transaction that inserts the solve. */
export function bookSolveCoinsNow(userId: number, submissionId: number, amount: number, createdAt: string): void {
  if (amount <= 0) return;
  insertSolveEntry.now().run(userId, amount, submissionId, `solve:${submissionId}`, createdAt);
  addToBalance.now().run(amount, userId);
}

/** A player's ledger, newest first. */
export function coinLedger(userId: number, page = 1, pageSize = 10) {
  return db.coinEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (page - 1) * pageSize,
    take: pageSize,
    include: { rewardRequest: { select: { id: true, reward: { select: { title: true } } } }, actor: { select: { username: true } } },
  });
}

/** The sum of a player's ledger: what User.coin must equal. */
export async function ledgerBalance(userId: number): Promise<number> {
  const { _sum } = await db.coinEntry.aggregate({ where: { userId }, _sum: { amount: true } });
  return _sum.amount ?? 0;
}
