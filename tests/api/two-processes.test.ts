// Two server processes on one database file (issue 22 §2): what one process counted, the other
// knows. Login limits were counted in each process's memory, so a guesser alternating between two
// processes never met a 429 (14 wrong passwords); they are counted in the database now
// (lib/rate-limit.server.ts). RATE_LIMIT_FACTOR=1: the production numbers (10 wrong passwords per
// account and IP in 15 minutes).
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  first = await startTestServer('two-processes', { RATE_LIMIT_FACTOR: '1' });
  second = await startTestServer('two-processes-second', {
    RATE_LIMIT_FACTOR: '1',
    DATABASE_URL: `file:${join(first.dataDir, 'ctf.db')}`,
    UPLOAD_DIR: join(first.dataDir, 'uploads'),
  });
}, 90_000);
afterAll(async () => {
  await second?.stop();
  await first?.stop();
});

const login = (server: TestServer, password: string) =>
  fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'bob@example.com', password }) });

it('wrong passwords alternating between two processes meet one limit, then both refuse', { timeout: 60_000 }, async () => {
  const answers: number[] = [];
  for (let i = 0; i < 10; i++) answers.push((await login(i % 2 ? second : first, `wrong-password-${i}`)).status);
  expect(answers).toEqual(Array(10).fill(401));

  for (const server of [first, second]) {
    const refused = await login(server, 'wrong-password-more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});
