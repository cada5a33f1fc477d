// `npm run bench -- small --databases` (issue 22 §6): the 2,000-player competition (competition.ts,
// every player holding its live stream) on SQLite with one process, then on PostgreSQL with one,
// two and four processes (WORKERS), on this machine, each figure beside its ratio to the SQLite run.
// `--databases=N`: N of the event's players play (a host the 2,000 saturate compares nothing).
// - One dataset for every run: generated in a SQLite file, copied into a PostgreSQL template
//   database (prisma/copy-to-postgresql.ts); each run starts from a fresh copy (a competition uses
//   up its players' right flags) and a fresh server, warmed up as run.ts warms one for
//   --competition-only (competition.ts warmUps).
// - PostgreSQL is Debian's, started for the bench on a free loopback port (tests/support/
//   postgres-cluster.ts) with its writes reaching the disk but commits not waiting for them, as
//   SQLite's synchronous=NORMAL in WAL mode does. It runs on the same two cores as the server
//   processes and the players: its CPU is reported beside theirs.
// Results go to tests/bench/results.json under `databases.<size>-<players>`, the rest of the file kept.
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { startCluster } from '../support/postgres-cluster';
import { viewsP99In } from './capacity';
import { competition, COMPETITION_S, PLAYERS, QUICK_COMPETITION_S, QUICK_PLAYERS, warmUps, type CompetitionResult } from './competition';
import { generate, SIZES, type Dataset } from './dataset';
import { addTeamEvent, EVENT_SIZES } from './event-dataset';
import { load } from './load';
import { copyToPostgres } from '../../prisma/copy-to-postgresql';

type SizeName = keyof typeof SIZES;

/** What run.ts knows of the server it starts and watches (run.ts runs main() on import: handed in). */
export interface DatabasesHost {
  startServer(dir: string, env: Record<string, string>): Promise<{ url: string; child: ChildProcess; stop: () => Promise<void> }>;
  memory(pid: number): { rss: number; hwm: number };
  cpuSeconds(pid: number): number;
  loginCookie(url: string, data: Dataset): Promise<string>;
}

const SETUPS = [
  { name: 'SQLite, 1 process', database: 'sqlite', workers: 1 },
  { name: 'PostgreSQL, 1 process', database: 'postgresql', workers: 1 },
  { name: 'PostgreSQL, 2 processes', database: 'postgresql', workers: 2 },
  { name: 'PostgreSQL, 4 processes', database: 'postgresql', workers: 4 },
] as const;

export interface DatabaseRun {
  setup: string;
  players: number;
  seconds: number;
  reqPerSec: number;
  viewsP99: number;
  startViewsP99: number;
  checksP99: number;
  /** Each kind of request's p99 (ms): which of the views or checks makes the figures above. */
  kindsP99: Record<string, number>;
  /** Errors other than 503s; the 503s (load shed, with Retry-After) apart. */
  errors: number;
  refused: number;
  streamErrors: number;
  submissions: number;
  serverCpuPercent: number;
  postgresCpuPercent: number;
  clientCpuPercent: number;
  serverPeakRssMiB: number;
  loadAverageBefore: number;
  /** Each figure over the SQLite run's (1 for that run). */
  ratios?: Record<'reqPerSec' | 'viewsP99' | 'startViewsP99' | 'checksP99' | 'serverPeakRssMiB', number>;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

export async function databases(size: SizeName, host: DatabasesHost, options: { quick: boolean; players?: number }) {
  const [seconds, defaultPlayers] = options.quick ? [QUICK_COMPETITION_S, QUICK_PLAYERS] : [COMPETITION_S, PLAYERS];
  const players = options.players ?? defaultPlayers;
  const dir = resolve(`data/bench-${size}-databases`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const template = join(dir, 'template.db');
  console.log(`\n› ${size}: the competition (${players} players, ${seconds} s, every one holding a live stream) on each database`);
  const data = await generate(template, SIZES[size]);
  const event = await addTeamEvent(template, data, EVENT_SIZES[size]);
  const cluster = await startCluster({ durable: true });
  const runs: DatabaseRun[] = [];
  try {
    const admin = new pg.Client({ connectionString: cluster.url() });
    await admin.connect();
    try {
      await admin.query('CREATE DATABASE bench_template');
      const t0 = performance.now();
      const copied = await copyToPostgres(template, cluster.url('bench_template'));
      console.log(`  dataset copied into PostgreSQL: ${copied.rows} rows of ${copied.tables} tables in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
      for (const [index, setup] of SETUPS.entries()) {
        const runDir = join(dir, `run-${index + 1}`);
        mkdirSync(runDir, { recursive: true });
        let url: string;
        if (setup.database === 'sqlite') {
          copyFileSync(template, join(runDir, 'ctf.db'));
          url = `file:${join(runDir, 'ctf.db')}`;
        } else {
          await admin.query(`CREATE DATABASE run_${index + 1} TEMPLATE bench_template`);
          url = cluster.url(`run_${index + 1}`);
        }
        process.stdout.write(`  ${setup.name.padEnd(26)} `);
        const run = await play(setup.name, host, runDir, { DATABASE_URL: url, WORKERS: String(setup.workers) }, data, event, seconds, players, cluster.pid());
        runs.push(run);
        console.log(`${run.reqPerSec} req/s, views p99 ${run.viewsP99} ms (start ${run.startViewsP99}), checks p99 ${run.checksP99} ms, errors ${run.errors}, 503s ${run.refused}, CPU server ${run.serverCpuPercent}% + PostgreSQL ${run.postgresCpuPercent}% + players ${run.clientCpuPercent}%, server peak ${run.serverPeakRssMiB} MiB`);
      }
    } finally {
      await admin.end();
    }
  } finally {
    cluster.stop();
  }
  const base = runs[0];
  const ratio = (a: number, b: number) => (b ? round(a / b) : 0);
  for (const run of runs) {
    run.ratios = {
      reqPerSec: ratio(run.reqPerSec, base.reqPerSec),
      viewsP99: ratio(run.viewsP99, base.viewsP99),
      startViewsP99: ratio(run.startViewsP99, base.startViewsP99),
      checksP99: ratio(run.checksP99, base.checksP99),
      serverPeakRssMiB: ratio(run.serverPeakRssMiB, base.serverPeakRssMiB),
    };
  }
  console.log(`\n  against ${base.setup} (ratio: this run's figure over its; views and checks are p99 latencies, lower is better)`);
  console.log(`  ${'setup'.padEnd(26)} ${'req/s'.padStart(8)} ${'views p99'.padStart(16)} ${'start views p99'.padStart(18)} ${'checks p99'.padStart(16)} ${'server peak MiB'.padStart(18)} errors 503s`);
  for (const run of runs) {
    const r = run.ratios!;
    const cell = (value: number, x: number, width: number) => `${value} (${x}x)`.padStart(width);
    console.log(`  ${run.setup.padEnd(26)} ${cell(run.reqPerSec, r.reqPerSec, 8)} ${cell(run.viewsP99, r.viewsP99, 16)} ${cell(run.startViewsP99, r.startViewsP99, 18)} ${cell(run.checksP99, r.checksP99, 16)} ${cell(run.serverPeakRssMiB, r.serverPeakRssMiB, 18)} ${String(run.errors).padStart(6)} ${String(run.refused).padStart(4)}`);
  }
  return {
    at: new Date().toISOString(),
    size,
    machine: { cpus: cpus().length, model: cpus()[0]?.model, node: process.version },
    players,
    seconds,
    runs,
  };
}

async function play(
  setup: string,
  host: DatabasesHost,
  dir: string,
  env: Record<string, string>,
  data: Dataset,
  event: Awaited<ReturnType<typeof addTeamEvent>>,
  seconds: number,
  players: number,
  postgresPid: number,
): Promise<DatabaseRun> {
  const server = await host.startServer(dir, env);
  try {
    // The warm-up run.ts gives a fresh server (--competition-only).
    for (const warmUp of warmUps(data, event, await host.loginCookie(server.url, data))) await load(server.url, warmUp, 1);

    const pid = server.child.pid!;
    let peak = 0;
    const sampler = setInterval(() => {
      try {
        peak = Math.max(peak, host.memory(pid).rss);
      } catch {}
    }, 250);
    const loadAverageBefore = round(loadavg()[0]);
    const [serverBefore, postgresBefore, clientBefore] = [host.cpuSeconds(pid), host.cpuSeconds(postgresPid), process.cpuUsage()];
    let played: CompetitionResult;
    try {
      played = await competition(server.url, event, seconds, players, { streams: true });
    } finally {
      clearInterval(sampler);
    }
    if (server.child.exitCode !== null || server.child.signalCode !== null) throw new Error(`${setup}: the server died during the competition`);
    const client = process.cpuUsage(clientBefore);
    return {
      setup,
      players: played.players,
      seconds: played.seconds,
      reqPerSec: played.reqPerSec,
      viewsP99: played.viewsP99,
      startViewsP99: viewsP99In(played, 'start'),
      checksP99: played.checksP99,
      kindsP99: Object.fromEntries(Object.entries(played.kinds).map(([kind, stats]) => [kind, stats.p99])),
      errors: played.errors - played.admission.refused,
      refused: played.admission.refused,
      streamErrors: played.streams?.errors ?? 0,
      submissions: played.submissions,
      serverCpuPercent: Math.round(((host.cpuSeconds(pid) - serverBefore) / played.seconds) * 100),
      postgresCpuPercent: env.DATABASE_URL.startsWith('file:') ? 0 : Math.round(((host.cpuSeconds(postgresPid) - postgresBefore) / played.seconds) * 100),
      clientCpuPercent: Math.round((client.user + client.system) / 1e4 / played.seconds),
      serverPeakRssMiB: Math.round(Math.max(peak, host.memory(pid).hwm)),
      loadAverageBefore,
    };
  } finally {
    await server.stop();
  }
}

/** Saves a result under `databases.<size>-<players>` in results.json, the rest of the file kept. */
export function saveDatabases(file: string, result: Awaited<ReturnType<typeof databases>>) {
  let saved: Record<string, any> = {};
  try {
    saved = JSON.parse(readFileSync(file, 'utf8'));
  } catch {}
  // One result per size and player count: a run at another count keeps the 2,000-player one.
  saved.databases = { ...(saved.databases ?? {}), [`${result.size}-${result.players}`]: result };
  writeFileSync(file, JSON.stringify(saved, null, 2) + '\n');
}
