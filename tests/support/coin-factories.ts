// Coins and purchases (issue 10 §1, §3): a running black-friday event with challenges, rewards, and
// the invariant every coin test checks after each operation. The database is imported only by the
// functions that use it, so the browser tests can import the API helpers below without Prisma.
import { randomBytes } from 'node:crypto';

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;
const database = async () => (await import('~/lib/db.server')).db;

export const BF_FLAG = 'CTF{black_friday}';

/** A black-friday event running now. */
export async function makeBlackFriday() {
  const db = await database();
  const now = Date.now();
  return db.event.create({
    data: { name: unique('Black Friday '), type: 'black-friday', description: '<p>Coins for solves.</p>', startDate: new Date(now - 3600_000), endDate: new Date(now + 86_400_000) },
  });
}

/** A standard challenge of `eventId` (null: practice) worth `value`, whose flag is BF_FLAG. */
export async function makeCoinChallenge(eventId: number | null, value = 100) {
  const db = await database();
  const name = unique('cat');
  const category = await db.category.create({ data: { name, nameKey: name } });
  return db.challenge.create({
    data: {
      name: unique('Challenge '),
      categoryId: category.id,
      eventId,
      description: '<p>Find the flag.</p>',
      initialValue: value,
      flag: { create: { value: BF_FLAG, collation: 'plain_text' } },
    },
  });
}

export async function makeReward(coin: number, over: Partial<{ title: string; hidden: boolean }> = {}) {
  const db = await database();
  return db.reward.create({ data: { title: over.title ?? unique('Reward '), coin, hidden: over.hidden ?? false } });
}

/**
 * The ledger invariant (issue 10 §1): User.coin equals the sum of the player's ledger, and the
 * running balance, entry after entry in booking order, never goes below zero.
 */
export async function ledgerState(userId: number) {
  const db = await database();
  const [user, entries] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: userId }, select: { coin: true } }),
    db.coinEntry.findMany({ where: { userId }, orderBy: { id: 'asc' }, select: { amount: true } }),
  ]);
  let running = 0;
  let lowest = 0;
  for (const e of entries) {
    running += e.amount;
    lowest = Math.min(lowest, running);
  }
  return { coin: user.coin, sum: running, lowest, entries: entries.length };
}
