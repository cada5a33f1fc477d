// Rate limits that let a training room in (docs/rules.md "Security"): a class behind one public IP
// signs up, activates and logs in; wrong passwords from clients an account does not know are limited
// per account and IP, with a higher ceiling per account and per IP, and a known device (docs/rules.md "Login
// limits") only by its own limit. RATE_LIMIT_FACTOR is 1 here, so these are the production numbers.
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

// docs/rules.md "Login limits": a browser that logged in to an account before brings back its device cookie,
// and its attempts on that account meet only that device's limit.
describe('known devices', () => {
  const cookieOf = (setCookie: string) => setCookie.split(';')[0];

  it('log their owner in after the account is locked for everyone else, from any IP', { timeout: 60_000 }, async () => {
    const user = await makeUser();
    const { deviceCookie } = await login({ email: user.email, password: PASSWORD }, { ip: freshIp() });
    expect(deviceCookie).toMatch(/^ctf_device=[^;]+;.*Max-Age=31536000;.*HttpOnly;.*SameSite=Lax/);
    const ceiling = limits.loginFailuresPerAccount.points;
    const guesses = await inBatches(ceiling, 8, (i) => outcome(login({ email: user.email, password: `guess-${i}-password` }, { ip: freshIp() })));
    expect(guesses).toEqual(Array(ceiling).fill('refused'));
    expect(await outcome(login({ email: user.email, password: PASSWORD }, { ip: freshIp() }))).toBe('limited');

    const owner = await login({ email: user.email, password: PASSWORD }, { ip: freshIp(), cookie: cookieOf(deviceCookie) });
    expect(owner.token).toBeTruthy();
    // Each login hands out a new cookie (a new nonce), which is as good.
    expect(owner.deviceCookie).not.toBe(deviceCookie);
    expect(await outcome(login({ email: user.email, password: PASSWORD }, { ip: freshIp(), cookie: `other=1; ${cookieOf(owner.deviceCookie)}` }))).toBe('ok');
  });

  it('are not stopped or counted by their IP\'s limit', { timeout: 60_000 }, async () => {
    const room = { ip: freshIp() };
    const user = await makeUser();
    const { deviceCookie } = await login({ email: user.email, password: PASSWORD }, room);
    const known = { ...room, cookie: cookieOf(deviceCookie) };
    // Typos from the known device do not use up the room's allowance...
    for (let i = 0; i < 5; i++) expect(await outcome(login({ email: user.email, password: 'typo-password' }, known))).toBe('refused');
    const ceiling = limits.loginFailuresPerIp.points;
    const spray = await inBatches(ceiling, 8, (i) => outcome(login({ email: `nobody-${i}@example.com`, password: 'guess-password' }, room)));
    expect(spray).toEqual(Array(ceiling).fill('refused'));
    // ...and once a script used it up, the known device still logs in; an unknown client does not.
    expect(await outcome(login({ email: user.email, password: PASSWORD }, known))).toBe('ok');
    expect(await outcome(login({ email: user.email, password: PASSWORD }, room))).toBe('limited');
  });

  it('have a limit of their own, after which they are unknown clients again', async () => {
    const user = await makeUser();
    const { deviceCookie } = await login({ email: user.email, password: PASSWORD }, { ip: freshIp() });
    const known = { ip: freshIp(), cookie: cookieOf(deviceCookie) };
    const points = limits.loginFailuresPerDevice.points;
    expect(points).toBe(10);
    for (let i = 0; i < points; i++) expect(await outcome(login({ email: user.email, password: `guess-${i}-password` }, known))).toBe('refused');
    // Now counted per account and IP like anyone: 10 more from this IP, then refused.
    for (let i = 0; i < limits.loginFailuresPerAccountIp.points; i++) expect(await outcome(login({ email: user.email, password: `more-${i}-password` }, known))).toBe('refused');
    expect(await outcome(login({ email: user.email, password: PASSWORD }, known))).toBe('limited');
  });

  it('count only for the account they were issued for; a forged cookie is no cookie', async () => {
    const user = await makeUser();
    const other = await makeUser();
    const attacker = { ip: freshIp() };
    const { deviceCookie } = await login({ email: other.email, password: PASSWORD }, attacker);
    const value = cookieOf(deviceCookie);
    const forged = value.replace(/ctf_device=[^.]+/, `ctf_device=${Buffer.from(JSON.stringify({ u: user.id, n: 'A'.repeat(22) })).toString('base64')}`);
    for (const cookie of [value, forged, 'ctf_device=garbage', null]) {
      for (let i = 0; i < 2; i++) expect(await outcome(login({ email: user.email, password: 'wrong-password' }, { ...attacker, cookie }))).toBe('refused');
    }
    // 8 failures against this account and IP: two more and it is locked for all of them alike.
    for (let i = 0; i < 2; i++) expect(await outcome(login({ email: user.email, password: 'wrong-password' }, { ...attacker, cookie: value }))).toBe('refused');
    for (const cookie of [value, forged, null]) expect(await outcome(login({ email: user.email, password: PASSWORD }, { ...attacker, cookie }))).toBe('limited');
  });
});
