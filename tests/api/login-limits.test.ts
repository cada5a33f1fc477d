// Login limits that protect accounts without locking out their owners (docs/rules.md "Security",
// "Login limits"): a browser that logged in to an account before carries a signed device cookie,
// and its attempts on that account count only against that device's own limit, not against the
// account's lock or its IP's limit. Guessing without the cookie stays limited.
//
// Each "IP" here is a loopback address the client socket is bound to (tests/support/from-address.ts).
// The server runs with RATE_LIMIT_FACTOR=1: these are the production numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkPath, waitForMail } from '../support/mailbox';
import { clientsOf, count, type Answer } from '../support/from-address';
import { startTestServer, type TestServer } from '../support/test-server';

const DEMO_PASSWORD = 'demo-learner-2026';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('login-limits', { RATE_LIMIT_FACTOR: '1' });
}, 60_000);
afterAll(() => server?.stop());

const { send, apiLogin, pageLogin } = clientsOf(() => server);

/** Runs `task` for 0..n-1, `width` at a time. */
async function inBatches<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  for (let start = 0; start < n; start += width) {
    results.push(...(await Promise.all(Array.from({ length: Math.min(width, n - start) }, (_, k) => task(start + k)))));
  }
  return results;
}

describe('an attacker guessing from many IPs', () => {
  it('cannot lock carol out of the browser she logged in from, and is limited itself', { timeout: 120_000 }, async () => {
    const carol = { email: 'carol@example.com', password: DEMO_PASSWORD };
    const first = await pageLogin('127.0.0.60', carol.email, carol.password);
    expect(first.status).toBe(302);
    const stolen = first.device; // held by the attacker later: a copy of an older cookie of hers
    const again = await apiLogin('127.0.0.60', carol.email, carol.password, stolen);
    expect(again.status).toBe(200);
    const device = again.device;

    // 12 IPs x 10 wrong passwords, then one more from each.
    const attackers = Array.from({ length: 12 }, (_, i) => `127.0.0.${i + 2}`);
    const guesses = (await Promise.all(attackers.map(async (ip) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 10; i++) answers.push(await apiLogin(ip, carol.email, `wrong-${ip}-${i}`));
      return answers;
    }))).flat();
    const more = await Promise.all(attackers.map((ip) => apiLogin(ip, carol.email, `wrong-${ip}-more`)));

    // Carol, from her browser, whatever IP it is at (even an attacker's, where carol's attempts are used up).
    const fromHerBrowser = await apiLogin('127.0.0.2', carol.email, carol.password, device);
    expect({ status: fromHerBrowser.status, retryAfter: fromHerBrowser.retryAfter }).toEqual({ status: 200, retryAfter: null });
    expect(fromHerBrowser.device).toMatch(/^ctf_device=/);
    const onAnotherNetwork = await pageLogin('127.0.0.61', carol.email, carol.password, fromHerBrowser.device);
    expect(onAnotherNetwork.status).toBe(302);

    // Guessing stayed limited: 100 wrong answers (the account's ceiling for clients it does not
    // know), then 429 with the usual message; every attacker IP is now refused.
    expect(count(guesses)).toEqual({ 401: 100, 429: 20 });
    expect(count(more)).toEqual({ 429: 12 });
    const limited = guesses.find((g) => g.status === 429)!;
    expect(limited.body).toEqual({ detail: expect.stringMatching(/^Too many attempts\. Try again in \d+ seconds\.$/) });
    expect(Number(limited.retryAfter)).toBeGreaterThan(0);

    // The right password from a browser the account does not know is refused too: it could be a
    // guesser's lucky try.
    const unknownBrowser = await apiLogin('127.0.0.62', carol.email, carol.password);
    expect(unknownBrowser.status).toBe(429);
    expect(Number(unknownBrowser.retryAfter)).toBeGreaterThan(3000);

    // A stolen copy of her cookie buys the thief 10 guesses (that cookie's own limit), then the
    // thief is an unknown client again: locked out with the account.
    const thief = await inBatches(11, 1, (i) => apiLogin('127.0.0.63', carol.email, `thief-${i}-guess`, stolen));
    expect(thief.map((a) => a.status)).toEqual([...Array(10).fill(401), 429]);
    // A cookie of another account, or a forged one, counts as no cookie.
    const alice = await apiLogin('127.0.0.64', 'alice@example.com', DEMO_PASSWORD);
    expect(alice.status).toBe(200);
    expect((await apiLogin('127.0.0.64', carol.email, carol.password, alice.device)).status).toBe(429);
    const forged = device!.replace(/.(?=[^=]*$)/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await apiLogin('127.0.0.64', carol.email, carol.password, forged)).status).toBe(429);

    // And none of this touched carol's own browser.
    expect((await apiLogin('127.0.0.65', carol.email, carol.password, onAnotherNetwork.device)).status).toBe(200);
  });
});

describe('a school behind one IP', () => {
  it('still logs in after a script among them failed 300 times', { timeout: 180_000 }, async () => {
    const school = '127.0.0.40';
    // Five classmates sign up, activate and log in once from their browsers (page or API).
    const classmates = await Promise.all(Array.from({ length: 6 }, async (_, i) => {
      const name = `pupil${Date.now().toString(36)}${i}`;
      const learner = { username: name, fullname: `Pupil ${name}`, email: `${name}@example.com`, gender: 'F', country: 'BJ', password: 'school-password-1', re_password: 'school-password-1' };
      expect((await send(school, 'POST', '/api/auth/users/', { json: learner })).status).toBe(201);
      const parts = linkPath(await waitForMail(server.mailDir, learner.email, { subject: /Activate/ })).split('/').filter(Boolean);
      expect((await send(school, 'POST', '/api/auth/users/activation/', { json: { uid: parts.at(-2), token: parts.at(-1) } })).status).toBe(204);
      return learner;
    }));
    const newcomer = classmates.pop()!; // never logged in before
    const browsers: (string | null)[] = [];
    for (const [i, c] of classmates.entries()) {
      const first = i % 2 ? await apiLogin(school, c.email, c.password) : await pageLogin(school, c.email, c.password);
      expect(first.status).toBe(i % 2 ? 200 : 302);
      browsers.push(first.device);
    }

    // A script in the room: 300 wrong logins with made-up e-mails, then more.
    const script = await inBatches(300, 6, (i) => apiLogin(school, `made-up-${i}@example.com`, 'guess-password-1'));
    expect(count(script)).toEqual({ 401: 300 });
    const stopped = await apiLogin(school, 'made-up-301@example.com', 'guess-password-1');
    expect(stopped.status).toBe(429);

    // The five log in from their browsers, through the API or the page.
    const after = await Promise.all(classmates.map((c, i) => (i % 2 ? apiLogin : pageLogin)(school, c.email, c.password, browsers[i])));
    expect(after.map((a) => a.status)).toEqual([302, 200, 302, 200, 302]);

    // A classmate logging in for the first time from a browser the account does not know is an
    // unknown client of a limited IP (docs/rules.md "Login limits"): refused until the hour is over.
    expect((await apiLogin(school, newcomer.email, newcomer.password)).status).toBe(429);
  });
});
