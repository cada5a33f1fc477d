// Rate limits that let a training room in (README "Rules: Security"): a class behind one public IP
// signs up, activates and logs in; wrong passwords are limited per account and IP, with a higher
// ceiling per account and per IP. RATE_LIMIT_FACTOR is 1 here, so these are the production numbers.
import { describe, expect, it } from 'vitest';
import { activate, login, signUp, LOGIN_FAILED } from './accounts.server';
import { RateLimited, Unauthorized } from '~/lib/errors.server';
import { limits } from '~/lib/rate-limit.server';
import { encodeUid, makeToken } from '~/lib/tokens.server';
import { signUpSchema } from '~/schemas/account';
import { makeUser, PASSWORD, unique } from '../../tests/support/factories';

let lastIp = 0;
/** An address no other test uses, so counters never leak between tests. */
const freshIp = () => `198.51.${Math.floor(++lastIp / 250)}.${lastIp % 250}`;

/** Runs `task` for 0..n-1, `width` at a time (scrypt runs on libuv's threads, so this overlaps hashes). */
async function inBatches<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < n; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, n - start) }, (_, k) => task(start + k)))));
  }
  return results;
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e) => (e instanceof RateLimited ? 'limited' : e instanceof Unauthorized ? 'refused' : Promise.reject(e)),
  );

describe('a training room behind one IP', () => {
  it('lets 60 learners sign up, activate and log in (each after one typo) from the same address', { timeout: 120_000 }, async () => {
    const room = { ip: freshIp() };
    const results = await inBatches(60, 6, async () => {
      const name = unique('room');
      const input = signUpSchema.parse({ username: name, fullname: `Learner ${name}`, email: `${name}@example.com`, gender: 'F', country: 'BJ', password: 'room-password-1', re_password: 'room-password-1' });
      const user = await signUp(input, room);
      await activate({ uid: encodeUid(user.id), token: makeToken(user, 'activation') }, room);
      const typo = await outcome(login({ email: input.email, password: 'room-password-l' }, room));
      const { token } = await login({ email: input.email, password: 'room-password-1' }, room);
      return { typo, token };
    });
    expect(results.map((r) => r.typo)).toEqual(Array(60).fill('refused'));
    expect(results.every((r) => r.token.length > 0)).toBe(true);
  });
});

describe('wrong passwords', () => {
  it('lock one IP out of one account after 10, while the learner still logs in from elsewhere', async () => {
    const user = await makeUser();
    const other = await makeUser();
    const attacker = { ip: freshIp() };
    for (let i = 0; i < 10; i++) expect(await outcome(login({ email: user.email, password: `wrong-${i}-password` }, attacker))).toBe('refused');

    const locked = await login({ email: user.email, password: PASSWORD }, attacker).catch((e) => e);
    expect(locked).toBeInstanceOf(RateLimited);
    expect(locked.status).toBe(429);
    expect(locked.message).toMatch(/^Too many attempts\. Try again in \d+ seconds\.$/);

    // The learner, at another address, is not locked out; nor is another account at the attacker's.
    expect((await login({ email: user.email, password: PASSWORD }, { ip: freshIp() })).token).toBeTruthy();
    expect((await login({ email: other.email, password: PASSWORD }, attacker)).token).toBeTruthy();
  });

  it('are forgotten for that account and IP once the right password is given', async () => {
    const user = await makeUser();
    const learner = { ip: freshIp() };
    for (let i = 0; i < 9; i++) await expect(login({ email: user.email, password: 'not-my-password' }, learner)).rejects.toThrow(LOGIN_FAILED);
    await login({ email: user.email, password: PASSWORD }, learner);
    const again = await inBatches(10, 1, () => outcome(login({ email: user.email, password: 'not-my-password' }, learner)));
    expect(again).toEqual(Array(10).fill('refused'));
    expect(await outcome(login({ email: user.email, password: PASSWORD }, learner))).toBe('limited');
  });

  it('stop a guesser spread over many IPs at the per-account ceiling', { timeout: 60_000 }, async () => {
    const user = await makeUser();
    const ceiling = limits.loginFailuresPerAccount.points;
    expect(ceiling).toBeGreaterThan(limits.loginFailuresPerAccountIp.points * 4); // one IP can never reach it in an hour
    const guesses = await inBatches(ceiling, 8, (i) => outcome(login({ email: user.email, password: `guess-${i}-password` }, { ip: freshIp() })));
    expect(guesses).toEqual(Array(ceiling).fill('refused'));
    expect(await outcome(login({ email: user.email, password: PASSWORD }, { ip: freshIp() }))).toBe('limited');
  });

  it('stop one IP spraying many accounts at the per-IP ceiling', { timeout: 60_000 }, async () => {
    const sprayer = { ip: freshIp() };
    const ceiling = limits.loginFailuresPerIp.points;
    const guesses = await inBatches(ceiling, 8, (i) => outcome(login({ email: `nobody-${i}@example.com`, password: 'guess-password' }, sprayer)));
    expect(guesses).toEqual(Array(ceiling).fill('refused'));
    const user = await makeUser();
    expect(await outcome(login({ email: user.email, password: PASSWORD }, sprayer))).toBe('limited');
  });
});
