// `node --import tsx tests/bench/sse-connections.ts [N] [--url=http://host:port --pid=P]`: opens N
// (default 1,000) live-badge streams (GET /api/notifications/stream) and prints the server's resident
// memory (VmRSS of /proc/<pid>/status) before and after, per connection, and how long one change took
// to reach every stream. Without --url it starts the production build (npm run build first) on a
// fresh database with the demo seed, as the tests do, and stops it at the end. Loopback only.
import { request as httpRequest, type ClientRequest } from 'node:http';
import { readFileSync } from 'node:fs';
import { startTestServer, SUPERUSER, type TestServer } from '../support/test-server';

const args = process.argv.slice(2);
const N = Number(args.find((a) => /^\d+$/.test(a)) ?? 1000);
const givenUrl = args.find((a) => a.startsWith('--url='))?.slice(6);
const givenPid = Number(args.find((a) => a.startsWith('--pid='))?.slice(6));

function rssKb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)![1]);
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS moves with the garbage collector: the median of 9 samples, 0.5 s apart, after `settle` ms. */
async function settledRssKb(pid: number, settle: number): Promise<number> {
  await sleep(settle);
  const samples: number[] = [];
  for (let i = 0; i < 9; i++) {
    samples.push(rssKb(pid));
    await sleep(500);
  }
  return samples.sort((a, b) => a - b)[4];
}

async function json(url: string, method: string, body?: unknown, token?: string) {
  const res = await fetch(url, {
    method,
    headers: { 'Content-Type': 'application/json', Origin: new URL(url).origin, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => null) };
}

/** One stream on its own socket; resolves once its first frame (the counts) arrived. */
function openStream(base: string, token: string, onFrame: (text: string) => void): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/notifications/stream`, { agent: false, headers: { Authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`stream answered ${res.statusCode}`));
      res.setEncoding('utf8');
      let first = true;
      res.on('data', (text: string) => {
        onFrame(text);
        if (first) {
          first = false;
          resolve(req);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  let server: TestServer | null = null;
  let base = givenUrl;
  let pid = givenPid;
  if (!base) {
    server = await startTestServer('bench-sse', { RATE_LIMIT_FACTOR: '1000', LOG_LEVEL: 'warn' }, { nodeArgs: ['--max-old-space-size=128', '--max-semi-space-size=8'] });
    base = server.url;
    pid = server.pid;
  }
  if (!pid) throw new Error('--pid=<server pid> is needed with --url');
  try {
    const login = await json(`${base}/api/auth/jwt/create/`, 'POST', { email: SUPERUSER.email, password: SUPERUSER.password });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} (with --url, run against a server whose superuser is ${SUPERUSER.email})`);
    const staff = login.body.access as string;
    // A few distinct viewers (each stream belongs to one user; the hub keeps one entry per user).
    const tokens = [staff];
    for (const email of ['alice@example.com', 'bob@example.com']) {
      const learner = await json(`${base}/api/auth/jwt/create/`, 'POST', { email, password: 'demo-learner-2026' });
      if (learner.status === 200) tokens.push(learner.body.access);
    }
    // Warm up: the server's code paths loaded, counts kept, before the baseline.
    for (let i = 0; i < 20; i++) (await openStream(base, tokens[i % tokens.length], () => {})).destroy();
    const before = await settledRssKb(pid, 5_000);

    let frames = 0;
    const streams: ClientRequest[] = [];
    const started = performance.now();
    for (let i = 0; i < N; i += 50) {
      streams.push(...(await Promise.all(Array.from({ length: Math.min(50, N - i) }, (_, j) => openStream(base!, tokens[(i + j) % tokens.length], (text) => (frames += text.match(/^data: /gm)?.length ?? 0))))));
    }
    const openMs = performance.now() - started;
    const after = await settledRssKb(pid, 3_000);

    // One change (a notification for everyone) pushed to every stream.
    const baseline = frames;
    const sentAt = performance.now();
    const sent = await json(`${base}/api/notifications/`, 'POST', { title: 'Bench', description: 'Fan-out.' }, staff);
    if (sent.status !== 201) throw new Error(`notification not sent: ${sent.status}`);
    while (frames - baseline < N && performance.now() - sentAt < 15_000) await sleep(20);
    const fanOutMs = performance.now() - sentAt;
    const reached = frames - baseline;

    for (const s of streams) s.destroy();
    const closed = await settledRssKb(pid, 2_000);

    const perConnection = ((after - before) * 1024) / N;
    console.log(`streams open:        ${N} in ${(openMs / 1000).toFixed(1)} s`);
    console.log(`server RSS before:   ${(before / 1024).toFixed(1)} MB`);
    console.log(`server RSS with ${N}: ${(after / 1024).toFixed(1)} MB`);
    console.log(`per connection:      ${(perConnection / 1024).toFixed(1)} KB`);
    console.log(`one change reached:  ${reached}/${N} streams in ${Math.round(fanOutMs)} ms (the check runs once a second)`);
    console.log(`after closing all:   ${(closed / 1024).toFixed(1)} MB`);
  } finally {
    await server?.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
