// `npm run bench -- small --capacity`: the largest competition this host holds (issue: "a bench
// scenario that finds the largest competition this host holds at views p99 < 200 ms, start rush
// included, and reports it with the bare server's figure beside it, so hosts compare"), then what
// the server does at twice that load ("admitted requests keep p99 under 1 s and the rest get an
// immediate 503 with Retry-After; no request waits until the client gives up, no connection is
// reset").
//
// Shortened competitions (competition.ts, 60 s each, every player holding its live stream) at
// growing player counts: doubling from 500 until one misses, then halving the interval, at most 6
// runs and about 7 minutes; then one competition at twice the largest that held.
// - Each run gets a fresh database and a fresh server: a competition uses up its players' right
//   flags (the challenges event-dataset.ts keeps for them), so a database cannot be played twice,
//   and a fresh server inherits no page cache, standings or heap from the run before. The server is
//   warmed up as run.ts warms it for --competition-only (competition.ts warmUps) so the start rush
//   does not meet unoptimised code.
// - The event is the dataset's (small: 500 teams of 4) while the competition fits in it, a spread
//   subset of its teams playing; a larger competition gets an event of its own size, the extra
//   players created as event-dataset.ts creates them (event-only learners, deterministic teams,
//   challenges and solves): every player is in the event.
// - The phases keep their proportions (start, middle, last half, final eighth) except the start
//   rush, which keeps the full competition's 10 s of arrivals: squeezed into a twelfth of 60 s, N
//   players would arrive as fast as 2N do in the 120 s competition, and the figure found would be
//   half the competition's.
// - A run holds when its views p99 (board, scoreboard page and JSON) is under 200 ms both overall
//   and in the start rush, with no error, no 503 (a 503 with Retry-After is the server shedding
//   load: counted apart from the errors, and not holding), every stream open to the end and the
//   server alive. Flag checks p99 and peak memory are reported, not judged.
// - The bare server (bare.ts, bare-server.mjs) is loaded once, in the first run, with the board
//   page's bytes as the server answered them (16 connections, autocannon), so a host's figure comes
//   with what the machine gives any HTTP server.
// Results go to tests/bench/results.json under `capacity.<size>`, the rest of the file kept.
import type { ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { loadBare, recorded } from './bare';
import { competition, COMPETITION_S, VIEW_P99_MS, VIEWS, warmUps, type AdmissionStats, type CompetitionResult, type StreamStats } from './competition';
import { generate, SIZES, type Dataset } from './dataset';
import { addTeamEvent, EVENT_SIZES, type EventSize } from './event-dataset';
import { CONNECTIONS, load } from './load';

export type SizeName = keyof typeof SIZES;

/** What run.ts knows of the server it starts and watches (run.ts runs main() on import: handed in). */
export interface CapacityHost {
  startServer(dir: string): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }>;
  /** Resident memory, current and high-water mark (MiB). */
  memory(pid: number): { rss: number; hwm: number };
  /** CPU time used (s). */
  cpuSeconds(pid: number): number;
  /** The dataset's viewer's session cookie, logged in through the site. */
  loginCookie(url: string, data: Dataset): Promise<string>;
}

export interface CapacityPlan {
  /** Length of each competition (s). */
  seconds: number;
  /** The start rush's arrivals (s). */
  arrivalsSeconds: number;
  /** The first player count tried, and the resolution of the search (player counts are its multiples). */
  first: number;
  step: number;
  /** At most this many search runs, none started once the search's time is spent (s). */
  maxRuns: number;
  budgetSeconds: number;
  /** The bare server's load (s). */
  bareSeconds: number;
  streams: boolean;
}

export const CAPACITY_PLAN: Omit<CapacityPlan, 'streams'> = { seconds: 60, arrivalsSeconds: COMPETITION_S / 12, first: 500, step: 250, maxRuns: 6, budgetSeconds: 420, bareSeconds: 10 };
/** --quick: checks the scenario works (two 20 s runs at 200 and 400 players, then twice the largest). */
export const QUICK_CAPACITY_PLAN: Omit<CapacityPlan, 'streams'> = { seconds: 20, arrivalsSeconds: 5, first: 200, step: 100, maxRuns: 2, budgetSeconds: 120, bareSeconds: 2 };

/** The overload target, at twice the largest competition held. */
export const ADMITTED_P99_MS = 1_000;

export interface CapacityRun {
  players: number;
  /** Players of the event (the competition plays all of them, or a spread subset of its teams). */
  eventPlayers: number;
  seconds: number;
  reqPerSec: number;
  /** Worst p99 over the views, overall and in each phase; the flag checks' (not judged). */
  viewsP99: number;
  startViewsP99: number;
  middleViewsP99: number;
  lastMinuteViewsP99: number;
  checksP99: number;
  /** Requests that failed otherwise than by a 503 (statuses, timeouts, network), unanswered ones included. */
  errors: number;
  /** 503 answers (the server shedding load), and those with Retry-After among them. */
  refused: number;
  refusedWithRetryAfter: number;
  admission: AdmissionStats;
  streams?: StreamStats;
  serverPeakRssMiB: number;
  serverCpuPercent?: number;
  clientCpuPercent: number;
  clientLoopDelayP99: number;
  /** The host's 1-minute load average just before the competition: above its cores, others were using it. */
  loadAverageBefore: number;
  /** The server died during the run (signal or exit code). */
  serverDied?: string;
  /** The players' process was saturated: the figures may be the client's limit, not the server's. */
  clientBound: boolean;
  held: boolean;
  /** Why it did not hold. */
  missed: string[];
  /** The competition as competition.ts reports it (phases and kinds). */
  competition: CompetitionResult;
}

export interface CapacityResult {
  at: string;
  size: SizeName;
  machine: { cpus: number; model?: string; node: string };
  plan: CapacityPlan;
  criteria: string;
  /** The board page's bytes from the bare server, in the same run. */
  bare: { scenario: string; connections: number; seconds: number; reqPerSec: number; p99: number } | null;
  runs: CapacityRun[];
  /** The largest player count that held (0: none did). */
  largest: number;
  /** 'found': a larger count missed; 'lower bound': every run held; 'none': even the smallest missed. */
  bound: 'found' | 'lower bound' | 'none';
  stoppedBy: string;
  /** Players held per 1,000 bare req/s: the figure that compares across hosts. */
  playersPerBareKReqPerSec?: number;
  /** The competition at twice the largest, judged on the overload target. */
  overload: (CapacityRun & { met: boolean; overloadMissed: string[] }) | null;
  verdicts: string[];
  elapsedSeconds: number;
}

const max = (values: number[]) => values.reduce((a, b) => Math.max(a, b), 0);
/** The worst p99 of the views (board, scoreboard page and JSON) among the requests started in `phase`. */
export const viewsP99In = (c: CompetitionResult, phase: keyof CompetitionResult['phases']) => max(VIEWS.map((k) => c.phases[phase].kinds[k]?.p99 ?? 0));

/** The event a competition of `players` plays in: the dataset's, or one of its own size when larger. */
function eventSizeFor(size: SizeName, players: number): EventSize {
  const base = EVENT_SIZES[size];
  return { ...base, teams: Math.max(base.teams, Math.ceil(players / base.teamSize)) };
}

interface Played {
  run: CapacityRun;
  bare?: CapacityResult['bare'];
}

/** One competition of `players` on a fresh database and server; with `bareSeconds`, the bare server is measured too. */
async function play(size: SizeName, players: number, plan: CapacityPlan, host: CapacityHost, bareSeconds?: number): Promise<Played> {
  const dir = resolve(`data/bench-${size}-capacity`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const db = join(dir, 'ctf.db');
  const eventSize = eventSizeFor(size, players);
  const t0 = performance.now();
  const data = await generate(db, SIZES[size]);
  const event = await addTeamEvent(db, data, eventSize);
  const generatedS = ((performance.now() - t0) / 1000).toFixed(1);
  process.stdout.write(`  ${String(players).padStart(5)} players (event of ${eventSize.teams} teams of ${eventSize.teamSize}${event.eventOnlyLearners ? `, ${event.eventOnlyLearners} event-only players` : ''}, generated in ${generatedS} s)… `);

  const server = await host.startServer(dir);
  let bare: CapacityResult['bare'] | undefined;
  try {
    // The warm-up run.ts gives a fresh server (--competition-only), recording the board's bytes.
    const [board, ...others] = warmUps(data, event, await host.loginCookie(server.url, data));
    const { scenario: boardWarmup, answers } = recorded(board);
    await load(server.url, boardWarmup, 1);
    for (const warmUp of others) await load(server.url, warmUp, 1);
    if (bareSeconds) {
      const measured = await loadBare(board, answers, bareSeconds, load);
      if (measured) bare = { scenario: board.name, connections: CONNECTIONS, seconds: bareSeconds, reqPerSec: measured.reqPerSec, p99: measured.p99 };
    }

    const pid = server.child.pid!;
    let peak = 0;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, host.memory(pid).rss);
      } catch {} // a server that died has no /proc entry left: said below
    }, 250);
    const loadAverageBefore = Math.round(loadavg()[0] * 100) / 100;
    const cpuBefore = host.cpuSeconds(pid);
    const clientBefore = process.cpuUsage();
    let played: CompetitionResult;
    try {
      played = await competition(server.url, event, plan.seconds, players, { streams: plan.streams, arrivalsSeconds: plan.arrivalsSeconds });
    } finally {
      clearInterval(sampler);
    }
    const { exitCode, signalCode } = server.child;
    const serverDied = exitCode !== null || signalCode !== null ? (signalCode ?? `exit ${exitCode}`) : undefined;
    const client = process.cpuUsage(clientBefore);
    const clientCpuPercent = Math.round((client.user + client.system) / 1e4 / played.seconds);
    const serverCpuPercent = serverDied ? undefined : Math.round(((host.cpuSeconds(pid) - cpuBefore) / played.seconds) * 100);
    // The kernel's high-water mark of a fresh server: its warm-up and this competition.
    const serverPeakRssMiB = Math.round(serverDied ? peak : Math.max(peak, host.memory(pid).hwm));

    const a = played.admission;
    const run: CapacityRun = {
      players: played.players,
      eventPlayers: eventSize.teams * eventSize.teamSize,
      seconds: played.seconds,
      reqPerSec: played.reqPerSec,
      viewsP99: played.viewsP99,
      startViewsP99: viewsP99In(played, 'start'),
      middleViewsP99: viewsP99In(played, 'middle'),
      lastMinuteViewsP99: viewsP99In(played, 'last minute'),
      checksP99: played.checksP99,
      errors: played.errors - a.refused,
      refused: a.refused,
      refusedWithRetryAfter: a.refusedWithRetryAfter,
      admission: a,
      ...(played.streams ? { streams: played.streams } : {}),
      serverPeakRssMiB,
      ...(serverCpuPercent !== undefined ? { serverCpuPercent } : {}),
      clientCpuPercent,
      clientLoopDelayP99: played.client.loopDelayP99,
      loadAverageBefore,
      ...(serverDied ? { serverDied } : {}),
      // One core is all the players' loop gets; late by 50 ms at p99, its own timing shows in the figures.
      clientBound: clientCpuPercent >= 90 || played.client.loopDelayP99 >= 50,
      held: false,
      missed: [],
      competition: played,
    };
    if (run.viewsP99 >= VIEW_P99_MS) run.missed.push(`views p99 ${run.viewsP99} ms`);
    if (run.startViewsP99 >= VIEW_P99_MS) run.missed.push(`start rush views p99 ${run.startViewsP99} ms`);
    if (run.errors) run.missed.push(`${run.errors} errors`);
    if (run.refused) run.missed.push(`${run.refused} requests refused 503`);
    if (run.streams?.errors) run.missed.push(`${run.streams.errors} streams failed (${counts(run.streams.failures)})`);
    if (run.streams?.shed) run.missed.push(`${run.streams.shed} stream openings shed (503)`);
    if (serverDied) run.missed.push(`server died (${serverDied})`);
    run.held = run.missed.length === 0;
    console.log(run.held ? 'held' : `missed: ${run.missed.join(', ')}`);
    console.log(`        ${line(run)}`);
    return { run, bare };
  } finally {
    await server.stop();
  }
}

const counts = (codes: Record<string, number>) => Object.entries(codes).map(([code, n]) => `${code}: ${n}`).join(', ') || 'none';

function line(r: CapacityRun): string {
  const streams = r.streams ? `, streams ${r.streams.heldAtEnd} held at the end, ${r.streams.shed} openings shed, ${r.streams.errors} failed` : '';
  const client = `players' process CPU ${r.clientCpuPercent}%, loop late ${r.clientLoopDelayP99} ms p99${r.clientBound ? ' (SATURATED: the client may be the limit)' : ''}`;
  return (
    `${r.reqPerSec} req/s; views p99 ${r.viewsP99} ms (start ${r.startViewsP99}, middle ${r.middleViewsP99}, last minute ${r.lastMinuteViewsP99}); checks p99 ${r.checksP99} ms; ` +
    `errors ${r.errors}; 503 ${r.refused} (${r.refusedWithRetryAfter} with Retry-After); timeouts ${r.admission.timeouts}, resets ${r.admission.resets}${streams}; ` +
    `server peak ${r.serverPeakRssMiB} MiB, CPU ${r.serverCpuPercent ?? '?'}%; ${client}; host load average before ${r.loadAverageBefore}${r.loadAverageBefore > cpus().length ? ' (BUSY: others use this host)' : ''}`
  );
}

/** The search, the bare server once, the overload run; prints as it goes and returns what to save. */
export async function capacity(size: SizeName, host: CapacityHost, plan: CapacityPlan): Promise<CapacityResult> {
  const started = performance.now();
  const criteria = `views p99 < ${VIEW_P99_MS} ms overall and in the start rush, 0 errors, 0 503s, every stream held, ${plan.seconds} s runs (start rush over ${plan.arrivalsSeconds} s)${plan.streams ? ', every player holding a live stream' : ', no streams'}`;
  console.log(`\n› ${size}: capacity search, each run on a fresh database and server; holds when ${criteria}`);
  const runs: CapacityRun[] = [];
  let bare: CapacityResult['bare'] = null;
  let lo = 0;
  let hi = Infinity;
  let players = plan.first;
  let stoppedBy = `${plan.maxRuns} runs`;
  // A search started low (--capacity=N) resolves finer.
  const step = Math.max(1, Math.min(plan.step, Math.round(plan.first / 2)));
  const round = (n: number) => Math.round(n / step) * step;
  for (;;) {
    const played = await play(size, players, plan, host, runs.length === 0 ? plan.bareSeconds : undefined);
    if (played.bare !== undefined) {
      bare = played.bare;
      console.log(bare ? `        bare server (${bare.scenario}'s bytes, ${bare.connections} connections, ${bare.seconds} s): ${bare.reqPerSec} req/s, p99 ${bare.p99} ms` : '        bare server: not measured (the board never answered 200 in the warm-up)');
    }
    runs.push(played.run);
    if (played.run.held) lo = players;
    else hi = players;
    // Doubling while every run holds, halving while none does, then bisecting.
    const next = hi === Infinity ? lo * 2 : lo === 0 ? Math.floor(hi / 2 / step) * step : round((lo + hi) / 2);
    if (lo === 0 && next < step) {
      stoppedBy = `floor (${step} players)`;
      break;
    }
    if (hi - lo <= step) {
      stoppedBy = `resolution (${step} players)`;
      break;
    }
    if (runs.length >= plan.maxRuns) break;
    const spent = (performance.now() - started) / 1000;
    if (spent + spent / runs.length > plan.budgetSeconds) {
      stoppedBy = `time (${plan.budgetSeconds} s)`;
      break;
    }
    players = next;
  }
  const largest = lo;
  const bound: CapacityResult['bound'] = largest === 0 ? 'none' : hi === Infinity ? 'lower bound' : 'found';
  const playersPerBareKReqPerSec = bare && largest ? Math.round((largest / bare.reqPerSec) * 1000 * 10) / 10 : undefined;

  let overload: CapacityResult['overload'] = null;
  if (largest) {
    console.log(`  twice the largest held: ${largest * 2} players`);
    const { run } = await play(size, largest * 2, plan, host);
    overload = judgeOverload(run);
  }
  const verdicts = capacityVerdicts({ size, runs, largest, bound, hi, bare, playersPerBareKReqPerSec, overload });

  const result: CapacityResult = {
    at: new Date().toISOString(),
    size,
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    plan: { ...plan, step },
    criteria,
    bare,
    runs,
    largest,
    bound,
    stoppedBy,
    ...(playersPerBareKReqPerSec !== undefined ? { playersPerBareKReqPerSec } : {}),
    overload,
    verdicts,
    elapsedSeconds: Math.round((performance.now() - started) / 1000),
  };
  console.log(`  search stopped by: ${stoppedBy}; ${result.elapsedSeconds} s in all`);
  console.log(`  ${runs.map((r) => `${r.players}: ${r.held ? 'held' : 'missed'} (views p99 ${r.viewsP99}, start ${r.startViewsP99})`).join('; ')}`);
  return result;
}

const streamFailures = (run: CapacityRun, match: (why: string) => boolean) => Object.entries(run.streams?.failures ?? {}).filter(([why]) => match(why)).reduce((n, [, c]) => n + c, 0);

/** The run at twice the largest, judged on the overload target: admitted p99 < 1 s, every 503 with Retry-After, no timeout, no reset. */
export function judgeOverload(run: CapacityRun): NonNullable<CapacityResult['overload']> {
  const a = run.admission;
  const overloadMissed: string[] = [];
  if (a.admittedP99 >= ADMITTED_P99_MS) overloadMissed.push(`admitted p99 ${a.admittedP99} ms`);
  if (a.refused > a.refusedWithRetryAfter) overloadMissed.push(`${a.refused - a.refusedWithRetryAfter} 503s without Retry-After`);
  if (a.timeouts) overloadMissed.push(`${a.timeouts} timeouts`);
  if (a.resets) overloadMissed.push(`${a.resets} resets`);
  const streamTimeouts = streamFailures(run, (why) => why === 'timeout');
  const streamResets = streamFailures(run, (why) => why.includes('ECONNRESET'));
  const streamsWithout = streamFailures(run, (why) => why.endsWith('without Retry-After'));
  if (streamTimeouts) overloadMissed.push(`${streamTimeouts} streams timed out`);
  if (streamResets) overloadMissed.push(`${streamResets} streams reset`);
  if (streamsWithout) overloadMissed.push(`${streamsWithout} streams refused without Retry-After`);
  if (run.serverDied) overloadMissed.push(`server died (${run.serverDied})`);
  return { ...run, met: overloadMissed.length === 0, overloadMissed };
}

/** The verdict block: the largest competition held with the bare server beside it, then the overload target. */
export function capacityVerdicts(r: Pick<CapacityResult, 'size' | 'runs' | 'largest' | 'bound' | 'bare' | 'playersPerBareKReqPerSec' | 'overload'> & { hi: number }): string[] {
  const { size, runs, largest, bound, hi, bare, playersPerBareKReqPerSec, overload } = r;
  const verdicts: string[] = [];
  const mark = (ok: boolean) => (ok ? 'met   ' : 'MISSED');
  const heldRun = runs.find((run) => run.players === largest);
  const bareText = bare ? `bare server ${bare.reqPerSec} req/s on the board page's bytes (${bare.connections} connections)${playersPerBareKReqPerSec !== undefined ? `: ${playersPerBareKReqPerSec} players per 1,000 bare req/s` : ''}` : 'bare server not measured';
  if (heldRun) {
    const boundText = bound === 'found' ? `${hi} missed` : `every run held: a lower bound after ${runs.length} runs`;
    verdicts.push(`info   ${size} largest competition held: ${largest} players (views p99 ${heldRun.viewsP99} ms, start rush ${heldRun.startViewsP99} ms, checks p99 ${heldRun.checksP99} ms, peak ${heldRun.serverPeakRssMiB} MiB; ${boundText}); ${bareText}`);
  } else verdicts.push(`MISSED ${size} no competition held, down to ${runs.at(-1)?.players} players (${runs.at(-1)?.missed.join(', ')}); ${bareText}`);
  const saturated = [...runs, ...(overload ? [overload] : [])].filter((run) => run.clientBound);
  if (saturated.length) verdicts.push(`info   ${size} the players' process was saturated in the ${saturated.map((run) => run.players).join(', ')}-player runs: those figures may be the client's limit (or the host's, if others share it)`);
  const busy = [...runs, ...(overload ? [overload] : [])].filter((run) => run.loadAverageBefore > cpus().length);
  if (busy.length) verdicts.push(`info   ${size} the host was busy before the ${busy.map((run) => run.players).join(', ')}-player runs (load average above its ${cpus().length} cores): others' work is in those figures`);
  if (overload) {
    const a = overload.admission;
    const requests = a.admitted + a.refused;
    const share = requests ? Math.round((a.refused / requests) * 1000) / 10 : 0;
    const streamTimeouts = streamFailures(overload, (why) => why === 'timeout');
    const streamResets = streamFailures(overload, (why) => why.includes('ECONNRESET'));
    const streamsWithout = streamFailures(overload, (why) => why.endsWith('without Retry-After'));
    verdicts.push(`${mark(a.admittedP99 < ADMITTED_P99_MS)} ${size} at twice (${overload.players} players): admitted requests p99 ${a.admittedP99} ms (views ${a.admittedViewsP99}, checks ${a.admittedChecksP99}; target < ${ADMITTED_P99_MS})`);
    verdicts.push(`${mark(a.refused === a.refusedWithRetryAfter && !streamsWithout)} ${size} at twice: ${a.refused} requests refused 503 (${share}% of ${requests}), ${a.refusedWithRetryAfter} with Retry-After, answered in p99 ${a.refusedP99} ms (max ${a.refusedMaxMs} ms)`);
    verdicts.push(`${mark(a.timeouts + streamTimeouts === 0)} ${size} at twice: ${a.timeouts} requests timed out (the client gave up after 10 s)${overload.streams ? `, ${streamTimeouts} streams` : ''} (target 0)`);
    verdicts.push(`${mark(a.resets + streamResets === 0)} ${size} at twice: ${a.resets} connections reset (${a.resetsKeptAlive} of them kept-alive)${overload.streams ? `, ${streamResets} streams` : ''} (target 0)`);
    const other = overload.errors - a.timeouts - a.resets - a.otherNetwork;
    // A run at twice that holds the search's criteria too says the host's runs vary by more than the search's step.
    if (overload.held) verdicts.push(`info   ${size} at twice (${overload.players} players): held the capacity criteria as well (views p99 ${overload.viewsP99} ms, start rush ${overload.startViewsP99} ms): runs on this host vary by more than the search's step, so the largest held is a lower bound`);
    verdicts.push(`info   ${size} at twice: ${other} other error answers, ${a.otherNetwork} other network failures${overload.streams ? `; streams ${overload.streams.opened} open, failures ${counts(overload.streams.failures)}` : ''}; server peak ${overload.serverPeakRssMiB} MiB${overload.serverDied ? `; SERVER DIED (${overload.serverDied})` : ''}`);
  } else verdicts.push(`info   ${size} no overload run: no competition held`);
  return verdicts;
}

/** Keeps every other key of results.json (the last full run's figures): only `capacity.<size>` is written. */
export function saveCapacity(file: string, result: CapacityResult) {
  let saved: Record<string, any> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    // A file that is there but unreadable is not overwritten: its figures would be lost.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  saved.capacity = { ...(saved.capacity ?? {}), [result.size]: result };
  writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');
}
