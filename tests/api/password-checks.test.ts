// Password checks wait in a bounded queue of their own (lib/password.server.ts, docs/limits.md
// "Password checks"), outside the answer slots' measure of waiting: a flood of wrong logins is
// refused past the queue, and takes nothing from pages or from a known device's login. The server
// runs with the production admission (a 300 ms wait; test servers otherwise allow 10 s).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientsOf, count } from '../support/from-address';
import { startTestServer, type TestServer } from '../support/test-server';

const DEMO_PASSWORD = 'demo-learner-2026';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('password-checks', { ADMISSION_TARGET_WAIT_MS: '300' });
}, 60_000);
afterAll(() => server?.stop());

const { send, apiLogin } = clientsOf(() => server);

describe('a flood of wrong logins', () => {
  it('leaves pages answered and a known device logging in; the checks past the queue get 503 at once', { timeout: 120_000 }, async () => {
    // Dave's browser logged in before: it carries his device cookie.
    const dave = { email: 'dave@example.com', password: DEMO_PASSWORD };
    const before = await apiLogin('127.0.3.1', dave.email, dave.password);
    expect(before.status).toBe(200);

    // A server that has been answering a while: its admission has measured what an answer costs
    // (a cold one takes its first answers, which load the route modules, as the cost of every one).
    for (let i = 0; i < 30; i++) expect((await send('127.0.3.2', 'GET', '/login')).status).toBe(200);

    // 80 wrong logins from 80 addresses, one every 25 ms, e-mails made up: more than the checks'
    // queue holds on a 2-core host (32 waiting, one running). Once 20 were checked, the others have
    // waited a while.
    let checked = 0;
    let twentyChecked!: () => void;
    const waited = new Promise<void>((resolve) => (twentyChecked = resolve));
    const flood = Array.from({ length: 80 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, 25 * i));
      const answer = await apiLogin(`127.0.2.${i + 1}`, `flood-${i}@example.com`, 'guess-password-1');
      if (answer.status === 401 && ++checked === 20) twentyChecked();
      return answer;
    });
    // A visitor reads a page every 50 ms while the flood lasts.
    let flooding = true;
    const pages: number[] = [];
    const visitor = (async () => {
      while (flooding) {
        pages.push((await send('127.0.3.2', 'GET', '/login')).status);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.race([waited, Promise.all(flood)]);
    expect(checked).toBeGreaterThanOrEqual(20);
    const fromHisBrowser = await apiLogin('127.0.3.1', dave.email, dave.password, before.device);
    const answers = await Promise.all(flood);
    flooding = false;
    await visitor;

    // Before the queue, every check waited for the thread pool inside an answer slot: a standing
    // queue, so every other request, pages and a known device's login included, got 503.
    expect(fromHisBrowser.status).toBe(200);
    expect(pages.filter((status) => status !== 200)).toEqual([]);
    // Every check past the queue's bound was refused at once, as the busy server it is.
    expect(Object.keys(count(answers)).filter((status) => status !== '401' && status !== '503')).toEqual([]);
    for (const busy of answers.filter((a) => a.status === 503)) {
      expect(busy.body).toEqual({ detail: 'The server is busy. Try again in a few seconds.' });
      expect(busy.retryAfter).toBe('2');
    }
  });
});
