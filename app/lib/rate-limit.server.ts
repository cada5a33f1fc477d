// Rate limits live in the domain layer, so a page and its /api twin share one counter.
//
// Learners often share one public IP (a training room), so no limit counts what a class does in
// normal use: sign-ups per IP allow a large class, and login counts only failures, per account and
// IP first. README "Rules: Security" states the numbers.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { env } from './env.server';
import { RateLimited } from './errors.server';

const MINUTE = 60;
const HOUR = 3600;

function limiter(points: number, duration: number) {
  return new RateLimiterMemory({ points: points * env.rateLimitFactor, duration });
}

export const limits = {
  /**
   * Wrong passwords for one account from one IP. 10 per 15 minutes lets one IP try at most 40 an
   * hour on an account, below the account's ceiling: an attacker at one address locks only
   * themselves out, never the learner.
   */
  loginFailuresPerAccountIp: limiter(10, 15 * MINUTE),
  /** Wrong passwords for one account from anywhere: the ceiling that stops a distributed guesser. */
  loginFailuresPerAccount: limiter(100, HOUR),
  /** Wrong passwords from one IP, whatever the account: a room's typos pass, password spraying not. */
  loginFailuresPerIp: limiter(300, HOUR),
  /** Sign-ups from one IP: a class of 60 twice over. */
  signupPerIp: limiter(120, HOUR),
  /** Reset requests and confirmations from one IP (a class that forgot its passwords). */
  resetPerIp: limiter(120, HOUR),
  /** Reset e-mails to one account. */
  resetPerAccount: limiter(5, HOUR),
  /** Activations from one IP (tokens are HMACs; this only bounds the work). */
  activationPerIp: limiter(300, HOUR),
};

/** Points taken by `consume`, to give back when what was counted turns out not to count. */
export interface Consumed {
  refund(): Promise<void>;
}

/**
 * Consumes one point from each (limiter, key) pair in order, or throws RateLimited (giving back the
 * points already taken by this call, so a refused request counts only where it was refused).
 */
export async function consume(...pairs: [RateLimiterMemory, string][]): Promise<Consumed> {
  const taken: [RateLimiterMemory, string][] = [];
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
 * guesses cannot slip past the limit while the hash runs) and given back when it succeeds; a
 * success also forgets the earlier failures of that account from that IP.
 */
export async function loginAttempt(email: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
  const accountIp = `${email}\n${ip}`;
  const counted = await consume([limits.loginFailuresPerAccountIp, accountIp], [limits.loginFailuresPerAccount, email], [limits.loginFailuresPerIp, ip]);
  return {
    succeeded: async () => {
      await counted.refund();
      await limits.loginFailuresPerAccountIp.delete(accountIp);
    },
  };
}
