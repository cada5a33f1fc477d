// What the process does with an error nobody handled (installed once, by startup.server.ts).
//
// A rejected promise nobody awaited (a write behind, a timer's work) is a fault to fix, not a reason
// to stop serving every player: it is logged with its stack, through the redacting logger, and the
// process goes on (Node's default would end it). An exception thrown synchronously past every frame
// is different: it unwound through code that may have been half-way through changing shared state
// (the connection's gate, a cache), so going on could serve wrong answers. It is logged with its
// stack, then the process ends with status 1 for the process manager to start it again.
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { logger } from './logger.server';

let installed = false;

export function guardProcess(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection (the process goes on)');
  });
  watchStalls();
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception: the process ends');
    // pino writes what it still holds when the process exits.
    process.exitCode = 1;
    setImmediate(() => process.exit(1));
  });
}

/** A turn of the event loop longer than this is logged (every request waited at least that long). */
const STALL_MS = 1_000;

/**
 * Logs, every 10 s, a turn of the event loop that took longer than STALL_MS, with the garbage
 * collector's share of the window: a stall is otherwise invisible from inside (every request in it
 * just looks slow) and the first question is whether the heap was full.
 */
function watchStalls() {
  const delay = monitorEventLoopDelay({ resolution: 20 });
  delay.enable();
  let gcMs = 0;
  let gcLongestMs = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      gcMs += entry.duration;
      gcLongestMs = Math.max(gcLongestMs, entry.duration);
    }
  }).observe({ entryTypes: ['gc'] });
  setInterval(() => {
    const longestMs = delay.max / 1e6;
    if (longestMs > STALL_MS) {
      const heap = process.memoryUsage();
      logger.warn({ longestTurnMs: Math.round(longestMs), gcMs: Math.round(gcMs), gcLongestMs: Math.round(gcLongestMs), heapUsedMiB: Math.round(heap.heapUsed / 2 ** 20), rssMiB: Math.round(heap.rss / 2 ** 20) }, 'event loop stalled');
    }
    delay.reset();
    gcMs = gcLongestMs = 0;
  }, 10_000).unref();
}
