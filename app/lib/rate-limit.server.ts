// Rate limits live in the domain layer, so a page and its /api twin share one counter.
//
// Learners often share one public IP (a training room), so no limit counts what a class does in
// normal use: sign-ups per IP allow a large class, and login counts only failures. A browser that
// logged in to the account before (a known device, lib/device.server.ts) is counted on its own, so
// neither guessers elsewhere nor a script in the same room lock its owner out. docs/rules.md "
// Security" ("Login limits") states the numbers.
//
// The counters live in the database (rate-limiter-flexible's Prisma store, table RateLimit, or its
// PostgreSQL store on PostgreSQL), not in the process: every process that shares the database
// counts the same failures, so a guesser gains nothing by spreading attempts over them. These limits
// meet a few requests a second at most (each counted attempt is a small write); the flag attempts'
// limit, met on every wrong flag of a competition, counts the attempt log instead
// (domain/attempt-log.server.ts).
import { RateLimiterPostgres, RateLimiterPrisma, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { db, postgresPool } from './db.server';
import { env } from './env.server';
import { RateLimited } from './errors.server';
import { logger } from './logger.server';

const MINUTE = 60;
const HOUR = 3600;

/** The Prisma store, without its own sweep: one timer per limit, and an unhandled rejection whenever the database is busy. */
class DatabaseLimiter extends RateLimiterPrisma {
  _clearExpiredHourAgo() {}
}

/**
 * On PostgreSQL, the library's PostgreSQL store: it counts with one INSERT … ON CONFLICT DO UPDATE,
 * where the Prisma store reads, then writes, in a transaction that two processes' parallel attempts
 * both pass (a lost count, or a refused duplicate key). Its counters live in its own table, created
 * by the library at start (outside Prisma's schema: its `expire` is a number of milliseconds).
 */
const POSTGRES_TABLE = 'rate_limits';
if (postgresPool) {
  const pool = postgresPool;
  await new Promise<void>((resolve, reject) => {
    new RateLimiterPostgres({ storeClient: pool, tableName: POSTGRES_TABLE, clearExpiredByTimeout: false, points: 1, duration: 1 }, (error?: unknown) => (error ? reject(error) : resolve()));
  });
}

// One sweep for every limit: counters that expired an hour ago, every 5 minutes.
setInterval(() => {
  const anHourAgo = Date.now() - HOUR * 1000;
  const swept = postgresPool
    ? postgresPool.query(`DELETE FROM "${POSTGRES_TABLE}" WHERE expire < $1`, [anHourAgo])
    : db.rateLimit.deleteMany({ where: { expire: { lt: new Date(anHourAgo) } } });
  swept.catch((error) => logger.warn({ err: error }, 'rate limits: the sweep of expired counters failed; the next one retries'));
}, 5 * MINUTE * 1000).unref();

/** A limit of `points` per `duration` seconds; `name` keeps its counters apart from the other limits' in the shared table. */
export function limiter(name: string, points: number, duration: number): RateLimiterAbstract {
  const options = { keyPrefix: name, points: points * env.rateLimitFactor, duration };
  if (postgresPool) return new RateLimiterPostgres({ ...options, storeClient: postgresPool, tableName: POSTGRES_TABLE, tableCreated: true, clearExpiredByTimeout: false });
  return new DatabaseLimiter({ ...options, storeClient: db, tableName: 'rateLimit' });
}

export const limits = {
  /**
   * Wrong passwords for one account from a device that logged in to it before (its signed device
   * cookie): the only login limit such an attempt meets. 10 per 15 minutes, as many as any client
   * gets per account and IP, and at most 40 an hour, well below the account's ceiling: a stolen
   * cookie buys a thief little, and only on that one account.
   */
  loginFailuresPerDevice: limiter('login-device', 10, 15 * MINUTE),
  /**
   * Wrong passwords for one account from one IP, from clients the account does not know. 10 per 15
   * minutes lets one IP try at most 40 an hour on an account, below the account's ceiling.
   */
  loginFailuresPerAccountIp: limiter('login-account-ip', 10, 15 * MINUTE),
  /**
   * Wrong passwords for one account from anywhere, from clients it does not know: the ceiling that
   * stops a distributed guesser. It locks out unknown clients only, never the owner's known devices.
   */
  loginFailuresPerAccount: limiter('login-account', 100, HOUR),
  /**
   * Wrong passwords from one IP, whatever the account, from clients the account does not know: a
   * room's typos pass, password spraying not. Known devices behind that IP are not counted or stopped.
   */
  loginFailuresPerIp: limiter('login-ip', 300, HOUR),
  /** Sign-ups from one IP: a class of 60 twice over. */
  signupPerIp: limiter('signup-ip', 120, HOUR),
  /** Reset requests and confirmations from one IP (a class that forgot its passwords). */
  resetPerIp: limiter('reset-ip', 120, HOUR),
  /** Reset e-mails to one account. */
  resetPerAccount: limiter('reset-account', 5, HOUR),
  /** Activations from one IP (tokens are HMACs; this only bounds the work). */
  activationPerIp: limiter('activation-ip', 300, HOUR),
};

/** Points taken by `consume`, to give back when what was counted turns out not to count. */
export interface Consumed {
  refund(): Promise<void>;
}

/**
 * Consumes one point from each (limiter, key) pair in order, or throws RateLimited (giving back the
 * points already taken by this call, so a refused request counts only where it was refused).
 */
export async function consume(...pairs: [RateLimiterAbstract, string][]): Promise<Consumed> {
  const taken: [RateLimiterAbstract, string][] = [];
  for (const [l, key] of pairs) {
    try {
      await l.consume(key);
      taken.push([l, key]);
    } catch (res) {
      await Promise.all(taken.map(([t, k]) => t.reward(k)));
      if (res instanceof RateLimiterRes) throw new RateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw res;
    }
  }
  return { refund: async () => void (await Promise.all(taken.map(([t, k]) => t.reward(k)))) };
}

/**
 * Login counts failures only. The attempt is counted before the password is checked (so parallel
 * guesses cannot slip past the limit while the hash runs) and given back when it succeeds.
 *
 * `device` is the key of the known device the attempt came from (lib/device.server.ts
 * `knownDevice`: a valid device cookie for this very account), or null. A known device's attempt is
 * counted against that device's limit only; once that limit is used up, the device is an unknown
 * client again (as OWASP's device cookies advise) and meets the limits below, which a thief holding
 * the cookie could meet anyway by dropping it. An unknown client's attempt is counted per account
 * and IP, per account and per IP. A success forgets the earlier failures of that device, or of that
 * account from that IP; `unchecked()` gives the attempt back when its password was never checked
 * (the checks' queue was full).
 */
export async function loginAttempt(email: string, ip: string, device: string | null = null): Promise<{ succeeded(): Promise<void>; unchecked(): Promise<void> }> {
  if (device) {
    const counted = await consume([limits.loginFailuresPerDevice, device]).catch((error) => {
      if (error instanceof RateLimited) return null;
      throw error;
    });
    if (counted) {
      return {
        succeeded: async () => {
          await counted.refund();
          await limits.loginFailuresPerDevice.delete(device);
        },
        unchecked: counted.refund,
      };
    }
  }
  const accountIp = `${email}\n${ip}`;
  const counted = await consume([limits.loginFailuresPerAccountIp, accountIp], [limits.loginFailuresPerAccount, email], [limits.loginFailuresPerIp, ip]);
  return {
    succeeded: async () => {
      await counted.refund();
      await limits.loginFailuresPerAccountIp.delete(accountIp);
    },
    unchecked: counted.refund,
  };
}
