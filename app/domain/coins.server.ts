// The coin ledger (SPEC §1 Black Friday, issue 10): every change of a balance is one CoinEntry row,
// and User.coin is the sum of the player's rows, moved by the same statement that books the row.
// Nothing else writes User.coin: code never adds to a bare balance. Each entry that stands for an
// occasion (a solve, a purchase, a refund) carries a unique onceKey, so no occasion is booked twice,
// whatever arrives in parallel.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { DomainError, Invalid, NotFound } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import type { Page } from '~/lib/pagination';
import { statement, type Write } from '~/lib/sql.server';
import { isStaff, requireStaff, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';
import { canReachUser } from './user-view.server';

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

/** A spend the balance does not cover; `missing` is how many coins it lacks. */
export class NotEnoughCoins extends DomainError {
  constructor(readonly missing: number) {
    super(400, missing === 1 ? say('You do not have enough coins: 1 more coin is needed.') : say('You do not have enough coins: {{count}} more coins are needed.', { count: missing }));
  }
}

/** What is missing when a balance does not cover a price. */
export function notEnoughCoins(missing: number): DomainError {
  return new NotEnoughCoins(missing);
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
  `INSERT INTO "CoinEntry" ("userId", amount, reason, "submissionId", "onceKey", "createdAt") VALUES (?, ?, 'solve', ?, ?, ?)`,
);
const addToBalance = statement<unknown, [number, number]>('UPDATE "User" SET coin = coin + ? WHERE id = ?');

/** Books a solve's coins: a step of the solve's write work, in the transaction that inserts the solve. */
export function* bookSolveCoins(userId: number, submissionId: number, amount: number, createdAt: string): Write<void> {
  if (amount <= 0) return;
  yield* insertSolveEntry.write.run(userId, amount, submissionId, `solve:${submissionId}`, createdAt);
  yield* addToBalance.write.run(amount, userId);
}

/** A player's ledger, newest first. */
export function coinLedger(userId: number, page = 1, pageSize = 10) {
  return db.coinEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    skip: (page - 1) * pageSize,
    take: pageSize,
    include: {
      rewardRequest: { select: { id: true, reward: { select: { title: true } } } },
      submission: { select: { challenge: { select: { name: true } } } },
      actor: { select: { username: true } },
    },
  });
}

/** The sum of a player's ledger: what User.coin must equal. */
export async function ledgerBalance(userId: number): Promise<number> {
  const { _sum } = await db.coinEntry.aggregate({ where: { userId }, _sum: { amount: true } });
  return _sum.amount ?? 0;
}

// ---- Staff: a player's ledger and adjustments ---------------------------------------------------

export const ADJUSTMENT_BOOKED = 'Coins adjusted successfully!';

export interface LedgerRow {
  id: number;
  createdAt: Date;
  reason: CoinReason;
  amount: number;
  /** What the entry is about: the challenge of a solve, the reward of a purchase or refund, the staff's note of an adjustment. */
  what: string | null;
  /** Who booked an adjustment. */
  by: string | null;
}

export interface PlayerCoins extends Page<LedgerRow> {
  player: { id: number; username: string; isStaff: boolean };
  balance: number;
}

async function reachablePlayer(actor: Actor, userId: number) {
  const user = Number.isSafeInteger(userId) && userId > 0 ? await db.user.findUnique({ where: { id: userId } }) : null;
  if (!user || !canReachUser(actor, user)) throw new NotFound('No User matches the given query.');
  return user;
}

/** A player's balance and ledger page, for staff (issue 10 §1: staff see a player's ledger). */
export async function playerCoins(actor: Actor | null, userId: number, page = 1, pageSize = 10): Promise<PlayerCoins> {
  requireStaff(actor);
  const user = await reachablePlayer(actor, userId);
  const [count, rows] = await Promise.all([db.coinEntry.count({ where: { userId: user.id } }), coinLedger(user.id, page, pageSize)]);
  return {
    player: { id: user.id, username: user.username, isStaff: isStaff(user) },
    balance: user.coin,
    count,
    page,
    pageSize,
    results: rows.map((row) => ({
      id: row.id,
      createdAt: row.createdAt,
      reason: row.reason as CoinReason,
      amount: row.amount,
      what: row.reason === 'adjustment' ? row.note : (row.submission?.challenge.name ?? row.rewardRequest?.reward.title ?? row.note ?? null),
      by: row.actor?.username ?? null,
    })),
  };
}

export interface Adjustment {
  amount: number;
  reason: string;
}

/**
 * Staff add (positive) or take (negative) coins with a reason, booked as one ledger entry and one
 * staff log line in a transaction. Taking more than the balance is refused under `amount`; staff
 * accounts do not play, so they hold no coins.
 */
export async function adjustCoins(actor: Actor | null, userId: number, input: Adjustment): Promise<{ balance: number }> {
  requireStaff(actor);
  const user = await reachablePlayer(actor, userId);
  if (isStaff(user)) throw new Invalid({ amount: ['Staff accounts do not play: they hold no coins.'] });
  try {
    return await db.$transaction(async (tx) => {
      await bookCoins(tx, { userId: user.id, amount: input.amount, reason: 'adjustment', note: input.reason, actorId: actor.id });
      await logStaffAction(tx, actor, 'coins.adjust', 'user', [user.id], { amount: input.amount, reason: input.reason });
      const after = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { coin: true } });
      return { balance: after.coin };
    });
  } catch (error) {
    if (error instanceof NotEnoughCoins) throw new Invalid({ amount: [error.message] });
    throw error;
  }
}
