// WORKERS=2 (app/lib/workers.server.ts): one start command runs two server processes on one port.
// Requests are shared between them, one that dies is replaced while the other answers, and SIGTERM
// stops them all gracefully. What the processes must share is tested in two-processes.test.ts.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let stopped = false;
beforeAll(async () => {
  server = await startTestServer('workers', { WORKERS: '2', LOG_LEVEL: 'info' }, { captureOutput: true });
}, 60_000);
afterAll(async () => {
  if (!stopped) await server?.stop();
});

/** The processes that logged an answer to `path` so far (each request's log line carries its pid). */
function answeredBy(path: string): Set<number> {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { pid: number; msg?: string; req?: { path?: string } };
    if (entry.msg === 'request completed' && entry.req?.path === path) pids.add(entry.pid);
  }
  return pids;
}

const workerPids = (): number[] => {
  const pids = new Set<number>();
  for (const line of server.output().split('\n')) {
    if (line.startsWith('{') && line.includes('"msg":"listening on')) pids.add((JSON.parse(line) as { pid: number }).pid);
  }
  return [...pids];
};

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('answers from both processes, replaces one that dies, and stops them all on SIGTERM', { timeout: 90_000 }, async () => {
  // The port answers once the first process listens; the second starts after it.
  for (let i = 0; i < 100 && workerPids().length < 2; i++) await new Promise((r) => setTimeout(r, 200));
  const [first, second] = workerPids();
  expect(first).toBeDefined();
  expect(second).toBeDefined();
  expect(first).not.toBe(server.pid);

  // Each request on a connection of its own: the primary hands connections to the workers in turn.
  const get = (path: string) => fetch(`${server.url}${path}`, { headers: { Connection: 'close' } }).then((res) => res.status);
  for (let i = 0; i < 6; i++) expect(await get('/login')).toBe(200);
  expect(answeredBy('/login')).toEqual(new Set([first, second]));

  process.kill(first, 'SIGKILL');
  // Meanwhile the other answers.
  expect(await get('/healthz')).toBe(200);
  for (let i = 0; i < 100 && workerPids().length < 3; i++) await new Promise((r) => setTimeout(r, 200));
  const replacement = workerPids().find((pid) => pid !== first && pid !== second);
  expect(replacement).toBeDefined();
  for (let i = 0; i < 6; i++) expect(await get('/password/forgot')).toBe(200);
  expect(answeredBy('/password/forgot')).toEqual(new Set([second, replacement]));

  stopped = true;
  expect(await server.stop()).toBe(0);
  expect([second, replacement!].filter(alive)).toEqual([]);
});
