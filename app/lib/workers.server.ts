// Several server processes on one machine (WORKERS > 1, README "Deployment"):
// node:cluster's primary starts them, starts another when one ends, and passes a stop on. The
// primary answers nothing and opens no database: it accepts the connections and hands them to the
// workers in turn (cluster's round-robin). Each worker is the whole server of server.ts; what they
// share goes through the database (caches learn of each other's writes within 50 ms, login limits
// are counted there), which is what tests/api/two-processes.test.ts checks.
import cluster, { type Worker } from 'node:cluster';
import { once } from 'node:events';
import { logger } from './logger.server';

/** A worker's own stop takes at most 10 s (server.ts); past this the primary gives up on them. */
const STOP_GRACE_MS = 12_000;

export async function superviseWorkers(count: number): Promise<void> {
  let stopping = false;

  const stop = (why: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info({ why }, 'stopping the server processes');
    // A signal, not worker.kill(): that would cut the worker's channel before it finishes its requests.
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    const allEnded = () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    };
    cluster.on('exit', allEnded);
    allEnded();
    setTimeout(() => process.exit(1), STOP_GRACE_MS).unref();
  };

  const start = (): Worker => {
    const worker = cluster.fork();
    let listened = false;
    worker.once('listening', () => (listened = true));
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      // One that cannot start (a bad configuration, a database it cannot open) would fail again.
      if (!listened) {
        logger.fatal({ pid: worker.process.pid, code, signal }, 'a server process ended before it listened');
        return stop('a server process could not start', 1);
      }
      logger.error({ pid: worker.process.pid, code, signal }, 'a server process ended; starting another');
      start();
    });
    return worker;
  };

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  // The first alone: it migrates the database, creates the superuser and seeds the demo, so the
  // others start on a database that is ready (and none of that runs twice at once).
  await once(start(), 'listening');
  for (let i = 1; i < count; i++) start();
  logger.info({ workers: count }, 'server processes started');
}
