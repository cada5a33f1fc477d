// `npm run bench [-- small|large|all]`: builds the production server, generates a dataset into a
// fresh SQLite file, starts the server on it and loads each endpoint from this separate process
// (autocannon, 16 connections, 10 s), then a team event's scoreboard and solves and a played
// competition (issue 9 §5, scaled to 2,000 players by issue 11 §2), every player holding a live
// stream, with --attackers hostile clients beside them (attackers.ts). Prints and saves
// tests/bench/results.json, with the options it ran with. Loopback only;
// it stops by itself. Targets are reported, never asserted (ARCHITECTURE "Tests").
// `--capacity` runs nothing else: the largest competition the host holds and twice it (capacity.ts),
// saved under results.json's `capacity` key, the rest of the file kept.
import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { serveCommand } from '../support/serve-command';
import { freePort } from '../support/test-server';
import { addStreamHog, ATTACKERS as ALL_ATTACKERS, type AttackerName } from './attackers';
import { capacity, CAPACITY_PLAN, QUICK_CAPACITY_PLAN, saveCapacity } from './capacity';
import { CHECK_P99_MS, CHECKS, competition, COMPETITION_S, EXPECTED, PHASES, PLAYERS, QUICK_COMPETITION_S, QUICK_PLAYERS, VIEW_P99_MS, VIEWS, warmUps, type CompetitionResult, type Kind } from './competition';
import { generate, SIZES, type Dataset } from './dataset';
import { addBlackFriday, BLACK_FRIDAY_DURATION_S, BLACK_FRIDAY_TARGETS, blackFridayScenarios } from './black-friday';
import { databases, saveDatabases } from './databases';
import { addTeamEvent, EVENT_SIZES } from './event-dataset';
import { EVENT_DURATION_S, EVENT_SCENARIOS, eventScenarios } from './event-load';
import { loadBare, recorded } from './bare';
import { DURATION_S, load, scenarios, type Measured, type Scenario } from './load';
import { summarize } from './profile-summary';

type SizeName = keyof typeof SIZES;
const args = process.argv.slice(2);
/** --profile: one server per endpoint, started with --cpu-prof (profiles under data/bench-<size>/profiles). */
const PROFILE = args.includes('--profile');
/** --quick: 2 s loads and a 30 s competition of 500 players, results not saved: checks that every scenario works. */
const QUICK = args.includes('--quick');
/** --no-build: use the build/ already there (with --quick, while others share the machine). */
const NO_BUILD = args.includes('--no-build');
/** --competition-only: skip the endpoint loads and play the competition alone (to profile or compare it). */
const COMPETITION_ONLY = args.includes('--competition-only');
/**
 * --capacity: only the capacity search (capacity.ts): shortened competitions at growing player
 * counts for the largest one held, then one at twice it; with --quick, two 20 s runs of 200 and 400.
 * --capacity=N starts the search at N players (a host known to hold about N saves runs).
 */
const CAPACITY_ARG = args.find((a) => a === '--capacity' || a.startsWith('--capacity='));
const CAPACITY = CAPACITY_ARG !== undefined;
const CAPACITY_FIRST = CAPACITY_ARG?.includes('=') ? Number(CAPACITY_ARG.slice('--capacity='.length)) : undefined;
if (CAPACITY_FIRST !== undefined && !(Number.isInteger(CAPACITY_FIRST) && CAPACITY_FIRST > 0)) throw new Error(`--capacity=N wants a player count, not ${CAPACITY_ARG}`);
/**
 * --databases: only the comparison of issue 22 §6 (databases.ts): the competition on SQLite with one
 * process, then on PostgreSQL with one, two and four; with --quick, 30 s of 500 players each.
 * --databases=N: N players (of the event's 2,000), to compare below what saturates the host.
 */
const DATABASES_ARG = args.find((a) => a === '--databases' || a.startsWith('--databases='));
const DATABASES = DATABASES_ARG !== undefined;
const DATABASES_PLAYERS = DATABASES_ARG?.includes('=') ? Number(DATABASES_ARG.slice('--databases='.length)) : undefined;
if (DATABASES_PLAYERS !== undefined && !(Number.isInteger(DATABASES_PLAYERS) && DATABASES_PLAYERS > 0)) throw new Error(`--databases=N wants a player count, not ${DATABASES_ARG}`);
/** --only=text: only the endpoint scenarios whose name holds the text, no competition, nothing saved (to compare one figure quickly). */
const ONLY = args.find((a) => a.startsWith('--only='))?.slice('--only='.length);
/** --verdicts: judge the saved results.json again (after the targets changed, say), running nothing. */
const VERDICTS = args.includes('--verdicts');
/** --workers=N: the server runs as N processes (WORKERS=N, app/lib/workers.server.ts); memory and CPU are the sums of them all. */
const WORKERS = (() => {
  const arg = args.find((a) => a.startsWith('--workers='));
  const n = arg ? Number(arg.slice('--workers='.length)) : 1;
  if (!(Number.isInteger(n) && n >= 1)) throw new Error(`--workers=N wants a process count, not ${arg}`);
  return n;
})();
/** --no-streams: the competition's players hold no live stream (to compare with the default, where each holds one). */
const STREAMS = !args.includes('--no-streams');
/**
 * --attackers: a slow-body client, a repeated-field poster and a stream hog run beside the
 * competition's players; --attackers=slow-body,stream-hog runs only those named (to tell which costs what).
 */
const ATTACKERS: AttackerName[] = (() => {
  const arg = args.find((a) => a === '--attackers' || a.startsWith('--attackers='));
  if (!arg) return [];
  if (arg === '--attackers') return [...ALL_ATTACKERS];
  const names = arg.slice('--attackers='.length).split(',').map((slug) => slug.replace(/-/g, ' '));
  const unknown = names.filter((name) => !ALL_ATTACKERS.includes(name as AttackerName));
  if (unknown.length) throw new Error(`unknown attackers: ${unknown.join(', ')} (known: ${ALL_ATTACKERS.map((n) => n.replace(/ /g, '-')).join(', ')})`);
  return names as AttackerName[];
})();
const seconds = QUICK ? 2 : undefined;
const arg = args.find((a) => !a.startsWith('--')) ?? 'all';
if (!['small', 'large', 'all'].includes(arg)) {
  console.error('usage: npm run bench -- [small|large|all] [--profile] [--quick] [--no-build] [--competition-only] [--no-streams] [--attackers[=slow-body,repeated-fields,stream-hog]] [--capacity[=first player count]] [--only=text] [--workers=N] [--databases[=players]] [--verdicts]');
  process.exit(2);
}
const sizes: SizeName[] = arg === 'all' ? ['small', 'large'] : [arg as SizeName];
const RESULTS = resolve('tests/bench/results.json');

/** Issue 3 §9, on `small`; on `large` each throughput may lose less than half. */
const TARGETS: Record<string, { reqPerSec?: number; unitsPerSec?: number }> = {
  'GET /api/auth/users/top-players/': { reqPerSec: 6000 },
  'GET /practices/scoreboard (HTML)': { reqPerSec: 400 },
  'GET /practices/challenges (HTML)': { reqPerSec: 300 },
  'POST verify-submitted-flag (wrong)': { reqPerSec: 3000 },
  'correct solve (verify + submit)': { unitsPerSec: 600 },
};
/** Issue 9 §5, on `small`, the team event's; on `large` each throughput may lose less than half. */
const EVENT_TARGETS: Record<string, { reqPerSec?: number; unitsPerSec?: number }> = {
  [EVENT_SCENARIOS.json]: { reqPerSec: 6000 },
  [EVENT_SCENARIOS.html]: { reqPerSec: 400 },
  [EVENT_SCENARIOS.solve]: { unitsPerSec: 600 },
  // Issue 10 §6 (black-friday.ts), judged the same way.
  ...BLACK_FRIDAY_TARGETS,
};
/**
 * Issue 11 §2, on `small`: solves ahead of the fastest peer, pages cheap when rendered without the
 * page cache, every figure with its ratio to the bare server; on `large` each keeps more than half.
 */
const ISSUE11_TARGETS: Record<string, { reqPerSec?: number; unitsPerSec?: number; p99: number }> = {
  'correct solve (verify + submit)': { unitsPerSec: 1500, p99: 50 },
  [EVENT_SCENARIOS.solve]: { unitsPerSec: 1500, p99: 50 },
  'GET /practices/scoreboard (HTML, rendered)': { reqPerSec: 400, p99: 100 },
  'GET /practices/challenges (HTML, rendered)': { reqPerSec: 400, p99: 100 },
};
const P99_MS = 50;
const PEAK_MIB = 250;
/** A memory verdict; a figure not measured (--profile) is neither met nor missed. */
const below = (mib: number | undefined) => (mib === undefined || !Number.isFinite(mib) ? 'n/a   ' : mib < PEAK_MIB ? 'met   ' : 'MISSED');
const COLD_MS = 100;

function build() {
  console.log('› building the production server (react-router build)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error('build failed');
}

const serve = serveCommand();

/** Resident memory of a process from /proc: current and the kernel's high-water mark, in MiB. */
function memory(pid: number): { rss: number; hwm: number } {
  let rss = 0;
  let hwm = 0;
  // With --workers, the primary and its workers (the high-water marks summed: at least the peak of the sum, since each peaked on its own).
  for (const one of processTree(pid)) {
    const status = readFileSync(`/proc/${one}/status`, 'utf8');
    const kb = (key: string) => Number(status.match(new RegExp(`^${key}:\\s+(\\d+)`, 'm'))?.[1] ?? 0);
    rss += kb('VmRSS') / 1024;
    hwm += kb('VmHWM') / 1024;
  }
  return { rss, hwm };
}

/** A process and its children (a server's workers), those still there. */
function processTree(pid: number): number[] {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {}
  return [pid, ...children.filter((child) => existsSync(`/proc/${child}/status`))];
}

async function startServer(dir: string, profileAs?: string, env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // One directory per endpoint: the server runs compiled (build/server.js), as npm start runs it.
  const profile = profileAs ? ['--cpu-prof', `--cpu-prof-dir=${join(dir, 'profiles', profileAs)}`] : [];
  const child = spawn(process.execPath, [...serve.flags, ...profile, 'build/server.js'], {
    env: {
      ...process.env,
      ...serve.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: `file:${join(dir, 'ctf.db')}`,
      UPLOAD_DIR: join(dir, 'uploads'),
      OUTBOX_DIR: join(dir, 'outbox'),
      PUBLIC_URL: `http://localhost:${port}`,
      SESSION_SECRET: 'bench-secret-not-for-production',
      SEED: 'none',
      LOG_LEVEL: 'info', // as in production: one log line per request is part of the cost
      RATE_LIMIT_FACTOR: '1000000',
      WORKERS: String(WORKERS),
      SUPERUSER_EMAIL: 'root@bench.test',
      SUPERUSER_USERNAME: 'benchroot',
      SUPERUSER_PASSWORD: 'bench-root-password-1',
      ...env,
    },
    // Its log is kept (data/bench-<size>/server.log): a stall it reports ('event loop stalled') says when and why.
    stdio: ['ignore', openSync(join(dir, 'server.log'), 'a'), 'inherit'],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {}
    if (Date.now() > deadline) throw new Error('server did not become healthy');
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    // Killed by a signal (an out-of-memory abort), exitCode stays null: waiting for its exit would wait forever.
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { url, child, stop };
}

/** CPU time (user + system) a process has used, in seconds, from /proc. */
function cpuSeconds(pid: number): number {
  let ticks = 0;
  for (const one of processTree(pid)) {
    const fields = readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1].split(' ');
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime in clock ticks (USER_HZ = 100)
  }
  return ticks / 100;
}

/** Logs in through the site's own API and returns the session cookie the pages use. */
async function loginCookie(url: string, data: Dataset): Promise<string> {
  const res = await fetch(`${url}/api/auth/jwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: data.viewer.email, password: data.viewer.password }),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='));
  if (!res.ok || !cookie) throw new Error(`login failed: ${res.status}`);
  return cookie.split(';')[0];
}

function coldStandings(dir: string): { firstMs: number; medianMs: number; players: number } {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'tests/bench/cold-standings.ts'], {
    env: { ...process.env, DATABASE_URL: `file:${join(dir, 'ctf.db')}`, SESSION_SECRET: 'bench-secret-not-for-production', LOG_LEVEL: 'silent', SEED: 'none' },
    encoding: 'utf8',
  });
  if (r.status !== 0) throw new Error(`cold standings failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!);
}

async function runSize(name: SizeName) {
  const size = SIZES[name];
  const dir = resolve(`data/bench-${name}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  console.log(`\n› ${name}: generating ${size.learners} learners, ${size.challenges} challenges (${size.dynamic} dynamic), ${size.submissions} submissions…`);
  const started = Date.now();
  const data = await generate(join(dir, 'ctf.db'), size);
  const eventSize = EVENT_SIZES[name];
  const event = await addTeamEvent(join(dir, 'ctf.db'), data, eventSize);
  const friday = addBlackFriday(join(dir, 'ctf.db'), data);
  // The stream hog's own learner: every learner of the small dataset is a player.
  const hogToken = ATTACKERS.length ? addStreamHog(join(dir, 'ctf.db')) : undefined;
  console.log(`  and a running black-friday event: ${friday.solves} solves booking ${friday.coins} coins, a reward of 10 coins to buy`);
  const eventOnly = event.eventOnlyLearners ? ` (${event.eventOnlyLearners} of their players signed up for the event alone)` : '';
  console.log(`  generated in ${((Date.now() - started) / 1000).toFixed(1)} s, with an online event of ${eventSize.teams} teams of ${eventSize.teamSize}${eventOnly}, ${eventSize.challenges} challenges (${eventSize.dynamic} dynamic), ${event.solves} validated team solves, ${event.solvePairs.length} solves left to make`);

  const cold = coldStandings(dir);
  console.log(`  cold standings: ${cold.medianMs} ms (median of 6; first run ${cold.firstMs} ms with Prisma warming up), ${cold.players} ranked players`);

  const endpoints: Measured[] = [];
  const loadBefore = loadavg().map((l) => Math.round(l * 100) / 100);
  let server = await startServer(dir);
  try {
    // The first scoreboard call after start computes the standings through the whole stack.
    const t0 = performance.now();
    const first = await fetch(`${server.url}/api/auth/users/top-players/`, { headers: { authorization: `Bearer ${data.tokens.get(data.viewer.id)}` } });
    await first.arrayBuffer();
    const firstRequestMs = Math.round((performance.now() - t0) * 10) / 10;

    const names = COMPETITION_ONLY ? [] : scenarios(data, '').map((s) => s.name);
    const wanted = (name: string) => !ONLY || name.includes(ONLY);
    let peakRssMiB = 0;
    for (const [index, name] of names.entries()) {
      if (!wanted(name)) continue;
      // The issue's endpoints come first; the peak is read once they are done, before the extras.
      if (!TARGETS[name] && !peakRssMiB && !PROFILE) peakRssMiB = Math.round(memory(server.child.pid!).hwm);
      if (PROFILE) {
        await server.stop();
        server = await startServer(dir, `${index + 1}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '').toLowerCase()}`);
      }
      const scenario = scenarios(data, await loginCookie(server.url, data))[index];
      // The warm-up (not measured) records the answers the bare server will repeat.
      const { scenario: warmup, answers } = recorded(scenario);
      await load(server.url, warmup, 1);
      const pid = server.child.pid!;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);
      const measured = await load(server.url, scenario, seconds);
      clearInterval(sampler);
      measured.peakRssMiB = Math.round(Math.max(peak, memory(pid).rss));
      await compareWithBare(measured, scenario, answers, seconds ?? DURATION_S);
      endpoints.push(measured);
      report(measured);
    }

    // The team event (issue 9 §5), after the practice scenarios so their numbers stay comparable.
    for (const [index, { measured: { name } }] of (COMPETITION_ONLY ? [] : eventScenarios(data, event, '')).entries()) {
      if (!wanted(name)) continue;
      if (PROFILE) {
        await server.stop();
        server = await startServer(dir, `${names.length + index + 1}-${name.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '').toLowerCase()}`);
      }
      const { warmup: planned, measured: scenario } = eventScenarios(data, event, await loginCookie(server.url, data))[index];
      const { scenario: warmup, answers } = recorded(planned);
      await load(server.url, warmup, 1); // not measured: records the answers for the bare server
      const pid = server.child.pid!;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);
      const measured = await load(server.url, scenario, seconds ?? EVENT_DURATION_S);
      clearInterval(sampler);
      measured.peakRssMiB = Math.round(Math.max(peak, memory(pid).rss));
      await compareWithBare(measured, scenario, answers, seconds ?? EVENT_DURATION_S);
      endpoints.push(measured);
      report(measured);
    }
    // Black Friday (issue 10 §6): purchases, the notification counts, the general board (not profiled).
    for (const scenario of COMPETITION_ONLY || PROFILE ? [] : blackFridayScenarios(data, friday)) {
      if (!wanted(scenario.name)) continue;
      const { scenario: warmup, answers } = recorded(scenario);
      await load(server.url, warmup, 1); // not measured: records the answers for the bare server
      const pid = server.child.pid!;
      let peak = 0;
      const sampler = setInterval(() => (peak = Math.max(peak, memory(pid).rss)), 100);
      const measured = await load(server.url, scenario, seconds ?? BLACK_FRIDAY_DURATION_S);
      clearInterval(sampler);
      measured.peakRssMiB = Math.round(Math.max(peak, memory(pid).rss));
      await compareWithBare(measured, scenario, answers, seconds ?? BLACK_FRIDAY_DURATION_S);
      endpoints.push(measured);
      report(measured);
    }
    if (ONLY) {
      await server.stop();
      console.log('\n(--only: no competition, results not saved)');
      process.exit(0);
    }
    if (PROFILE) {
      await server.stop();
      server = await startServer(dir, `${names.length + EVENT_TARGETS_COUNT + 1}-competition`);
    }
    if (COMPETITION_ONLY || PROFILE) for (const warmUp of warmUps(data, event, await loginCookie(server.url, data))) await load(server.url, warmUp, 1);
    const cpuBefore = cpuSeconds(server.child.pid!);
    const clientBefore = process.cpuUsage();
    // The competition's own peak (VmHWM also holds the scenarios before it), to compare runs with and without attackers.
    let competitionPeak = 0;
    const competitionSampler = setInterval(() => {
      try {
        competitionPeak = Math.max(competitionPeak, memory(server.child.pid!).rss);
      } catch {} // a server that died under attack has no /proc entry left: said below
    }, 250);
    const acceptQueue = acceptQueueSampler(new URL(server.url).port);
    const options = { streams: STREAMS, attackers: hogToken ? { which: ATTACKERS, hogToken } : undefined };
    const played = QUICK ? await competition(server.url, event, QUICK_COMPETITION_S, QUICK_PLAYERS, options) : await competition(server.url, event, COMPETITION_S, PLAYERS, options);
    clearInterval(competitionSampler);
    played.acceptQueuePeak = acceptQueue.stop();
    const { exitCode, signalCode } = server.child;
    if (exitCode !== null || signalCode !== null) {
      // What the players and the attackers met until then is the finding: shown before giving up.
      played.serverPeakRssMiB = Math.round(competitionPeak);
      reportCompetition(played);
      throw new Error(`the server died during the competition (${signalCode ?? `exit ${exitCode}`})`);
    }
    // How busy the server was: with other work on the machine it may get less than a core.
    played.serverCpuPercent = Math.round(((cpuSeconds(server.child.pid!) - cpuBefore) / played.seconds) * 100);
    const client = process.cpuUsage(clientBefore);
    played.clientCpuPercent = Math.round((client.user + client.system) / 1e4 / played.seconds);
    played.serverPeakRssMiB = Math.round(Math.max(competitionPeak, memory(server.child.pid!).rss));
    reportCompetition(played);
    // Profiled servers are restarted per endpoint and carry the profiler: no figure when nothing was measured.
    const peakRssAllMiB = PROFILE ? (endpoints.length ? Math.max(...endpoints.map((e) => e.peakRssMiB ?? 0)) : Number.NaN) : Math.round(memory(server.child.pid!).hwm);
    peakRssMiB ||= peakRssAllMiB;
    console.log(`  server peak memory (VmHWM): ${peakRssMiB} MiB over the issue's endpoints, ${peakRssAllMiB} MiB after every scenario${PROFILE ? ` (profiles in ${join(dir, 'profiles')})` : ''}`);
    // Other work on the machine skews the numbers: keep its load beside them.
    return { dataset: size, event: eventSize, loadAverageBefore: loadBefore, coldStandings: cold, firstRequestMs, peakRssMiB, peakRssAllMiB, endpoints, competition: played };
  } finally {
    await server.stop();
  }
}

const EVENT_TARGETS_COUNT = Object.keys(EVENT_TARGETS).length;

/** Loads the bare server with the same bytes (bare.ts) and keeps its figure and our ratio to it. */
async function compareWithBare(measured: Measured, scenario: Scenario, answers: Parameters<typeof loadBare>[1], seconds: number) {
  if (PROFILE) return;
  const bare = await loadBare(scenario, answers, seconds, load);
  if (!bare) return;
  measured.bare = { reqPerSec: bare.reqPerSec, p99: bare.p99 };
  measured.ratio = Math.round((measured.reqPerSec / bare.reqPerSec) * 1000) / 1000;
}

function report(measured: Measured) {
  const units = measured.unitsPerSec !== undefined ? ` (${measured.unitsPerSec} ${measured.unitLabel})` : '';
  const bare = measured.bare ? `  bare ${measured.bare.reqPerSec} req/s (ratio ${measured.ratio})` : '';
  console.log(`  ${measured.name.padEnd(44)} ${String(measured.reqPerSec).padStart(6)} req/s${units}  p50 ${measured.p50} ms  p99 ${measured.p99} ms  errors ${measured.errors}  rss ${measured.peakRssMiB} MiB  (${measured.requests} requests)${bare}`);
}

/**
 * The server's accept queue (the Recv-Q `ss` shows for a listening socket), sampled every 250 ms
 * through netlink: a connection waiting there has reached neither the server's clocks nor its
 * admission. `stop()` gives the peak, or undefined when `ss` is not on the machine.
 */
function acceptQueueSampler(port: string): { stop: () => number | undefined } {
  let peak: number | undefined;
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    execFile('ss', ['-ltnH', `sport = :${port}`], (error, stdout) => {
      busy = false;
      // A machine without `ss` has no figure to give: stop asking it (other failures may pass).
      if (error) return void ((error as NodeJS.ErrnoException).code === 'ENOENT' && clearInterval(timer));
      for (const line of stdout.trim().split('\n')) {
        const waiting = Number(line.trim().split(/\s+/)[1]);
        if (Number.isFinite(waiting)) peak = Math.max(peak ?? 0, waiting);
      }
    });
  }, 250);
  return { stop: () => (clearInterval(timer), peak) };
}

function reportCompetition(c: CompetitionResult) {
  console.log(`  ${c.name}: ${c.teams} teams, ${c.reqPerSec} req/s over ${c.seconds} s, ${c.submissions} submissions, errors ${c.errors}, server CPU ${c.serverCpuPercent ?? '?'}% of one core${c.unanswered ? `, ${c.unanswered} requests never answered` : ''}`);
  console.log(`    server peak memory during the competition: ${c.serverPeakRssMiB} MiB (sampled every 250 ms)`);
  if (c.acceptQueuePeak !== undefined) console.log(`    kernel accept queue: at most ${c.acceptQueuePeak} connections waiting (sampled every 250 ms)`);
  const counts = (codes: Record<string, number>) => Object.entries(codes).map(([code, n]) => `${code}: ${n}`).join(', ') || 'none';
  if (c.streams) console.log(`    streams: ${c.streams.opened} opened, ${c.streams.heldAtEnd} held at the end, ${c.streams.shed} attempts shed (503, opened again after the badge's back-off), ${c.streams.errors} errors${Object.keys(c.streams.failures).length ? ` (failed attempts: ${counts(c.streams.failures)})` : ''}`);
  else console.log('    streams: none (--no-streams)');
  // What the server answered each attacker: the figures above are what the players paid for them.
  for (const [name, a] of Object.entries(c.attackers ?? {})) console.log(`    attacker ${name}: ${a.requests} sent, answered ${counts(a.statusCodes)}`);
  console.log(`    players' process: CPU ${c.clientCpuPercent ?? '?'}% of one core, at most ${c.client.peakInFlight} requests in flight, ${c.client.connections} connections opened, event loop late by ${c.client.loopDelayP99} ms at p99 (max ${c.client.loopDelayMax} ms)`);
  const line = (kind: string, k: CompetitionResult['kinds'][string], indent: string) => {
    const hits = k.cacheHits !== undefined ? `  page cache hits ${k.cacheHits}, shared renders ${k.sharedRenders ?? 0}` : '';
    // What the errors were: statuses, 'timeout' (no answer in 10 s) or 'network' (the connection failed).
    const unexpected = Object.entries(k.statusCodes).filter(([code]) => !EXPECTED[kind as Kind].includes(code));
    const why = k.errors ? ` (${unexpected.map(([code, n]) => `${code}: ${n}`).join(', ')})` : '';
    console.log(`${indent}${kind.padEnd(22)} ${String(k.requests).padStart(6)} requests  p50 ${k.p50} ms  p90 ${k.p90} ms  p99 ${k.p99} ms  max ${k.max} ms  errors ${k.errors}${why}${hits}`);
  };
  for (const kind of [...VIEWS, ...CHECKS]) if (c.kinds[kind]) line(kind, c.kinds[kind], '    ');
  // The rushes: the start (everyone opens the board) and the last minute (everyone refreshes the scoreboard).
  for (const phase of PHASES) {
    const p = c.phases[phase];
    console.log(`    ${phase} (${p.from}-${p.to} s): ${p.reqPerSec} req/s`);
    for (const kind of [...VIEWS, ...CHECKS]) if (p.kinds[kind]) line(kind, p.kinds[kind], '      ');
  }
}

/** The competition's two latency targets and its errors, as verdict text (the judging is the caller's). */
function competitionFigures(c: CompetitionResult) {
  const worst = (kinds: string[]) => PHASES.map((phase) => `${phase} ${Math.max(0, ...kinds.map((k) => c.phases[phase].kinds[k]?.p99 ?? 0))}`).join(', ');
  return {
    views: `views (board, scoreboard page and JSON) p99 ${c.viewsP99} ms (${worst(VIEWS)})`,
    checks: `flag checks (verify wrong, verify right, submit) p99 ${c.checksP99} ms (${worst(CHECKS)})`,
  };
}

function verdicts(results: Record<string, Awaited<ReturnType<typeof runSize>>>) {
  const lines: string[] = [];
  const small = results.small;
  const large = results.large;
  if (small) {
    // The rendered-page scenarios have no target: they show what the page cache saves.
    for (const e of small.endpoints.filter((e) => TARGETS[e.name])) {
      const t = TARGETS[e.name];
      const value = t?.unitsPerSec ? e.unitsPerSec! : e.reqPerSec;
      const target = t?.unitsPerSec ?? t?.reqPerSec;
      if (target) lines.push(`${value >= target ? 'met   ' : 'MISSED'} small ${e.name}: ${value} (target ${target})`);
      lines.push(`${e.p99 < P99_MS ? 'met   ' : 'MISSED'} small ${e.name}: p99 ${e.p99} ms (target < ${P99_MS})`);
    }
    for (const e of small.endpoints.filter((e) => EVENT_TARGETS[e.name])) {
      const t = EVENT_TARGETS[e.name];
      const value = t.unitsPerSec ? e.unitsPerSec! : e.reqPerSec;
      const target = (t.unitsPerSec ?? t.reqPerSec)!;
      lines.push(`${value >= target ? 'met   ' : 'MISSED'} small ${e.name}: ${value} (target ${target}; p99 ${e.p99} ms)`);
    }
    if (small.competition?.phases) {
      const c = small.competition;
      const f = competitionFigures(c);
      lines.push(`${c.viewsP99 < VIEW_P99_MS ? 'met   ' : 'MISSED'} small ${c.name}: ${f.views} (target < ${VIEW_P99_MS})`);
      lines.push(`${c.checksP99 < CHECK_P99_MS ? 'met   ' : 'MISSED'} small ${c.name}: ${f.checks} (target < ${CHECK_P99_MS})`);
      lines.push(`${c.errors === 0 ? 'met   ' : 'MISSED'} small ${c.name}: ${c.errors} errors (target 0)`);
      if (c.streams) lines.push(`${c.streams.errors === 0 ? 'met   ' : 'MISSED'} small ${c.name}: streams ${c.streams.heldAtEnd} held at the end, ${c.streams.shed} attempts shed, ${c.streams.errors} errors (target 0)`);
      if (c.serverPeakRssMiB !== undefined) lines.push(`${below(c.serverPeakRssMiB)} small ${c.name}: server peak memory during it ${c.serverPeakRssMiB} MiB (target < ${PEAK_MIB})`);
      for (const [name, a] of Object.entries(c.attackers ?? {})) lines.push(`info   small ${c.name}: attacker ${name} answered ${Object.entries(a.statusCodes).map(([code, n]) => `${code}: ${n}`).join(', ')}`);
    }
    lines.push(`${below(small.peakRssMiB)} small peak memory ${small.peakRssMiB} MiB over the issue's endpoints (target < ${PEAK_MIB}); ${small.peakRssAllMiB ?? '?'} MiB after the extra scenarios`);
    for (const e of small.endpoints.filter((e) => ISSUE11_TARGETS[e.name])) {
      const t = ISSUE11_TARGETS[e.name];
      const [value, target] = t.unitsPerSec ? [e.unitsPerSec!, t.unitsPerSec] : [e.reqPerSec, t.reqPerSec!];
      const bare = e.bare ? ` (bare ${e.bare.reqPerSec} req/s, ratio ${e.ratio})` : '';
      lines.push(`${value >= target && e.p99 < t.p99 ? 'met   ' : 'MISSED'} small ${e.name} (issue 11): ${value}, p99 ${e.p99} ms${bare} (target ${target}, p99 < ${t.p99} ms)`);
    }
    lines.push(`${below(small.peakRssAllMiB)} small peak memory after every scenario (issue 11): ${small.peakRssAllMiB ?? '?'} MiB (target < ${PEAK_MIB})`);
  }
  if (large) {
    for (const e of large.endpoints.filter((e) => TARGETS[e.name] || EVENT_TARGETS[e.name] || ISSUE11_TARGETS[e.name])) {
      const base = small?.endpoints.find((s) => s.name === e.name);
      const [now, before] = e.unitsPerSec !== undefined ? [e.unitsPerSec, base?.unitsPerSec] : [e.reqPerSec, base?.reqPerSec];
      if (before) lines.push(`${now > before / 2 ? 'met   ' : 'MISSED'} large ${e.name}: ${now} vs ${before} on small (must keep more than half)`);
    }
    if (large.competition?.phases) {
      // A latency cannot "keep half": the small targets are shown beside it, not judged.
      const c = large.competition;
      const f = competitionFigures(c);
      const s = small?.competition?.phases ? small.competition : undefined;
      lines.push(`info   large ${c.name}: ${f.views} (small's target < ${VIEW_P99_MS}${s ? `; small ${s.viewsP99} ms` : ''})`);
      lines.push(`info   large ${c.name}: ${f.checks} (small's target < ${CHECK_P99_MS}${s ? `; small ${s.checksP99} ms` : ''}), ${c.errors} errors${c.streams ? `, streams ${c.streams.opened} open, ${c.streams.errors} errors` : ''}`);
    }
    lines.push(`${large.coldStandings.medianMs < COLD_MS ? 'met   ' : 'MISSED'} large cold standings ${large.coldStandings.medianMs} ms (target < ${COLD_MS})`);
    lines.push(`${below(large.peakRssMiB)} large peak memory ${large.peakRssMiB} MiB over the issue's endpoints (target < ${PEAK_MIB}); ${large.peakRssAllMiB ?? '?'} MiB after the extra scenarios`);
    lines.push(`${below(large.peakRssAllMiB)} large peak memory after every scenario (issue 11): ${large.peakRssAllMiB ?? '?'} MiB (target < ${PEAK_MIB})`);
  }
  return lines;
}

async function main() {
  if (VERDICTS) {
    const saved = JSON.parse(readFileSync(RESULTS, 'utf8'));
    // The capacity search's verdicts are its own (its runs are not judged again): shown as saved.
    const capacityVerdicts = Object.values(saved.capacity ?? {}).flatMap((c: any) => c.verdicts ?? []);
    return console.log([...verdicts({ small: saved.small, large: saved.large }), ...capacityVerdicts].join('\n'));
  }
  if (CAPACITY) return runCapacity();
  if (DATABASES) return runDatabases();
  if (!NO_BUILD) build();
  // Keep the other size's numbers when only one size runs; verdicts compare against them.
  let previous: Record<string, any> = {};
  try {
    previous = JSON.parse(readFileSync(RESULTS, 'utf8'));
  } catch {}
  const results: Record<string, Awaited<ReturnType<typeof runSize>>> = {};
  for (const name of ['small', 'large']) if (previous[name]) results[name] = previous[name];
  for (const name of sizes) results[name] = await runSize(name);
  const summary = verdicts(results);
  console.log('\n' + summary.join('\n'));
  const report = {
    at: new Date().toISOString(),
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    load: { tool: 'autocannon', connections: 16, durationSeconds: 10, eventDurationSeconds: EVENT_DURATION_S, competition: { tool: 'node:http, one loop per player', players: PLAYERS, durationSeconds: COMPETITION_S } },
    // A reader tells runs apart by these (the competition's figures move with them).
    options: { sizes, streams: STREAMS, attackers: ATTACKERS },
    ...results,
    verdicts: summary,
    // The last capacity search (--capacity) and database comparison (--databases) are runs of their
    // own: kept as they were.
    ...(previous.capacity ? { capacity: previous.capacity } : {}),
    ...(previous.databases ? { databases: previous.databases } : {}),
  };
  if (PROFILE) {
    for (const name of sizes) {
      const dir = resolve(`data/bench-${name}/profiles`);
      for (const endpoint of readdirSync(dir).sort()) {
        // The main thread's profile is the largest one.
        const [main] = readdirSync(join(dir, endpoint)).map((f) => join(dir, endpoint, f)).sort((a, b) => statSync(b).size - statSync(a).size);
        console.log(`\n${name} ${endpoint}: ${main}\n${summarize(main).join('\n')}`);
      }
    }
    return console.log('\n(profiling slows the server down: results not saved)');
  }
  if (QUICK || COMPETITION_ONLY || WORKERS > 1) return console.log('\n(--quick, --competition-only or --workers: results not saved)');
  writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');
  console.log(`\nsaved ${RESULTS}`);
}

async function runCapacity() {
  if (PROFILE || ATTACKERS.length || COMPETITION_ONLY) throw new Error('--capacity runs alone: without --profile, --attackers or --competition-only');
  if (!NO_BUILD) build();
  const plan = { ...(QUICK ? QUICK_CAPACITY_PLAN : CAPACITY_PLAN), ...(CAPACITY_FIRST ? { first: CAPACITY_FIRST } : {}), streams: STREAMS };
  for (const name of sizes) {
    const result = await capacity(name, { startServer: (dir) => startServer(dir), memory, cpuSeconds, loginCookie }, plan);
    console.log('\n' + result.verdicts.join('\n'));
    if (QUICK) console.log('\n(--quick: capacity results not saved)');
    else {
      saveCapacity(RESULTS, result);
      console.log(`\nsaved ${RESULTS} (capacity.${name}; the rest of the file kept)`);
    }
  }
}

async function runDatabases() {
  if (PROFILE || ATTACKERS.length || WORKERS > 1) throw new Error('--databases runs alone: without --profile, --attackers or --workers (it sets its own)');
  if (!NO_BUILD) build();
  for (const name of sizes) {
    const result = await databases(name, { startServer: (dir, env) => startServer(dir, undefined, env), memory, cpuSeconds, loginCookie }, { quick: QUICK, players: DATABASES_PLAYERS });
    if (QUICK) console.log('\n(--quick: database results not saved)');
    else {
      saveDatabases(RESULTS, result);
      console.log(`\nsaved ${RESULTS} (databases.${name}-${result.players}; the rest of the file kept)`);
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
