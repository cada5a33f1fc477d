// `node --import tsx tests/bench/sse-connections.ts [N]`: opens N (default 2,000) live-badge streams
// (GET /api/notifications/stream), one per player of the bench's small team event, each from its own
// loopback address as players' browsers would, on the production build (npm run build first) started
// as `npm start` runs it, and prints the server's resident memory (VmRSS) before and after, per
// stream, and how long one change took to reach every stream. Loopback only; stops by itself.
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { join, resolve } from 'node:path';
import { serveCommand } from '../support/serve-command';
import { freePort } from '../support/test-server';
import { generate, SIZES } from './dataset';
import { addTeamEvent, EVENT_SIZES } from './event-dataset';

const N = Number(process.argv.slice(2).find((a) => /^\d+$/.test(a)) ?? 2000);

function rssKb(pid: number): number {
  return Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)![1]);
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

/** One stream on its own socket and loopback address; resolves once its first frame (the counts) arrived. */
function openStream(base: string, index: number, token: string, onFrame: (text: string) => void): Promise<ClientRequest> {
  const localAddress = `127.${1 + Math.floor(index / 62_500)}.${1 + (Math.floor(index / 250) % 250)}.${1 + (index % 250)}`;
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}/api/notifications/stream`, { agent: false, localAddress, headers: { Authorization: `Bearer ${token}` } }, (res) => {
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
  const dir = resolve('data/bench-sse');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const data = await generate(join(dir, 'ctf.db'), SIZES.small);
  const event = await addTeamEvent(join(dir, 'ctf.db'), data, EVENT_SIZES.small);
  const players = event.players.slice(0, N);
  if (players.length < N) throw new Error(`the event has ${players.length} players`);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const serve = serveCommand();
  const child = spawn(process.execPath, [...serve.flags, 'build/server.js'], {
    env: { ...process.env, ...serve.env, NODE_ENV: 'production', PORT: String(port), DATABASE_URL: `file:${join(dir, 'ctf.db')}`, UPLOAD_DIR: join(dir, 'uploads'), OUTBOX_DIR: join(dir, 'outbox'), PUBLIC_URL: base, SESSION_SECRET: 'bench-secret-not-for-production', SEED: 'none', LOG_LEVEL: 'warn', RATE_LIMIT_FACTOR: '1000000', SUPERUSER_EMAIL: 'root@bench.test', SUPERUSER_USERNAME: 'benchroot', SUPERUSER_PASSWORD: 'bench-root-password-1' },
    stdio: ['ignore', openSync(join(dir, 'server.log'), 'a'), 'inherit'],
  });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      if (await fetch(`${base}/healthz`).then((r) => r.ok, () => false)) break;
      await sleep(100);
    }
    const login = await fetch(`${base}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'root@bench.test', password: 'bench-root-password-1' }) });
    const staff = ((await login.json()) as { access: string }).access;
    // Warm up: the server's code paths loaded before the baseline.
    for (let i = 0; i < 20; i++) (await openStream(base, N + i, event.tokens.get(players[i].userId)!, () => {})).destroy();
    const before = await settledRssKb(child.pid!, 5_000);

    let frames = 0;
    const streams: ClientRequest[] = [];
    const started = performance.now();
    for (let i = 0; i < N; i += 50) {
      const batch = players.slice(i, i + 50).map((p, j) => openStream(base, i + j, event.tokens.get(p.userId)!, (text) => (frames += text.match(/^data: /gm)?.length ?? 0)));
      streams.push(...(await Promise.all(batch)));
    }
    const openMs = performance.now() - started;
    const after = await settledRssKb(child.pid!, 3_000);

    // One change (a notification for everyone) pushed to every stream.
    const baseline = frames;
    const sentAt = performance.now();
    const sent = await fetch(`${base}/api/notifications/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${staff}` }, body: JSON.stringify({ title: 'Bench', description: 'Fan-out.' }) });
    if (sent.status !== 201) throw new Error(`notification not sent: ${sent.status}`);
    while (frames - baseline < N && performance.now() - sentAt < 15_000) await sleep(20);
    const fanOutMs = performance.now() - sentAt;
    const reached = frames - baseline;

    for (const s of streams) s.destroy();
    const closed = await settledRssKb(child.pid!, 2_000);

    console.log(`streams open:        ${N} in ${(openMs / 1000).toFixed(1)} s`);
    console.log(`server RSS before:   ${(before / 1024).toFixed(1)} MB`);
    console.log(`server RSS with ${N}: ${(after / 1024).toFixed(1)} MB`);
    console.log(`per stream:          ${((after - before) / N).toFixed(1)} KB`);
    console.log(`one change reached:  ${reached}/${N} streams in ${Math.round(fanOutMs)} ms (the check runs once a second)`);
    console.log(`after closing all:   ${(closed / 1024).toFixed(1)} MB`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
