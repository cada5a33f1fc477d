// `npm run bench:ab -- <other checkout>`: compares another built checkout (say, main before a change:
// `git worktree add /tmp/before <rev>`, then `npm install && npm run build` there) with this one. Both
// servers run on copies of one dataset and the loads alternate between them, 5 s at a time,
// so the noise of a shared host falls on both alike. Prints each round and the median ratio.
// Scenarios: AB_SCENARIOS (name prefixes from load.ts, separated by ';': names hold commas), rounds: AB_ROUNDS, dataset:
// AB_SIZE (small or large).
import { spawn } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createCookie } from 'react-router';
import { serveCommand } from '../support/serve-command';
import { freePort } from '../support/test-server';
import { generate, SIZES } from './dataset';
import { load, scenarios } from './load';

const other = process.argv[2];
if (!other) {
  console.error('usage: npm run bench:ab -- <path of another built checkout>');
  process.exit(2);
}
const builds = { before: resolve(other), after: process.cwd() } as const;
const dir = resolve('data/bench-ab');
rmSync(dir, { recursive: true, force: true });
mkdirSync(dir, { recursive: true });
const data = await generate(join(dir, 'base.db'), SIZES[(process.env.AB_SIZE ?? 'small') as keyof typeof SIZES]);
const servers: Record<string, { url: string; kill: () => void }> = {};
for (const [name, cwd] of Object.entries(builds)) {
  copyFileSync(join(dir, 'base.db'), join(dir, `${name}.db`));
  const port = await freePort();
  // As that checkout's `npm run serve` runs it (its flags and malloc settings).
  const serve = serveCommand(cwd);
  const child = spawn(process.execPath, [...serve.flags, 'build/server.js'], {
    cwd,
    env: { ...process.env, ...serve.env, NODE_ENV: 'production', PORT: String(port), DATABASE_URL: `file:${join(dir, `${name}.db`)}`, UPLOAD_DIR: join(dir, `${name}-uploads`), PUBLIC_URL: `http://localhost:${port}`, SESSION_SECRET: 'ab-bench-secret-not-for-production', SEED: 'none', LOG_LEVEL: 'info', RATE_LIMIT_FACTOR: '1000000', SUPERUSER_EMAIL: 'r@b.t', SUPERUSER_USERNAME: 'abroot', SUPERUSER_PASSWORD: 'ab-root-password-1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) { try { if ((await fetch(`${url}/healthz`)).ok) break; } catch {} await new Promise((r) => setTimeout(r, 100)); }
  servers[name] = { url, kill: () => child.kill('SIGTERM') };
}
const wanted = (process.env.AB_SCENARIOS ?? 'correct solve;POST verify-submitted-flag (wrong);GET /api/auth/users/top-players/').split(';');
// Pages are asked as the dataset's viewer, by the session cookie the site sets (unsigned: session.server.ts).
const cookie = (await createCookie('ctf_session').serialize(data.tokens.get(data.viewer.id)!)).split(';')[0];
const perServer = Object.fromEntries(Object.keys(builds).map((n) => [n, scenarios(data, cookie).filter((s) => wanted.some((w) => s.name.startsWith(w)))]));
const results: Record<string, Record<string, number[]>> = {};
const rounds = Number(process.env.AB_ROUNDS ?? 4);
for (let round = 0; round < rounds; round++) {
  const order = round % 2 ? ['after', 'before'] : ['before', 'after'];
  for (let i = 0; i < perServer.before.length; i++) {
    for (const name of order) {
      const scenario = perServer[name][i];
      const m = await load(servers[name].url, scenario, 5);
      ((results[scenario.name] ??= {})[name] ??= []).push(Math.round(m.unitsPerSec ?? m.reqPerSec));
    }
  }
}
for (const [scenario, by] of Object.entries(results)) {
  const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(`${scenario.padEnd(40)} before ${by.before.join('/')} (median ${med(by.before)})  after ${by.after.join('/')} (median ${med(by.after)})  ratio ${(med(by.after) / med(by.before)).toFixed(2)}`);
}
for (const s of Object.values(servers)) s.kill();
process.exit(0);
