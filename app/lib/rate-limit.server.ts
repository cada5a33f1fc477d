// Rate limits live in the domain layer, so a page and its /api twin share one counter.
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { env } from './env.server';
import { RateLimited } from './errors.server';

function limiter(points: number, duration: number) {
  return new RateLimiterMemory({ points: points * env.rateLimitFactor, duration });
}

export const limits = {
  loginPerIp: limiter(30, 300),
  loginPerAccount: limiter(10, 300),
  signupPerIp: limiter(10, 3600),
  resetPerIp: limiter(10, 3600),
  resetPerAccount: limiter(5, 3600),
  activationPerIp: limiter(30, 3600),
};

/** Consumes one point from each (limiter, key) pair, or throws RateLimited. */
export async function consume(...pairs: [RateLimiterMemory, string][]): Promise<void> {
  for (const [l, key] of pairs) {
    try {
      await l.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw new RateLimited(Math.max(1, Math.ceil(res.msBeforeNext / 1000)));
      throw res;
    }
  }
}
