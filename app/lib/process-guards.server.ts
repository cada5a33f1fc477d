// What the process does with an error nobody handled (installed once, by startup.server.ts).
//
// A rejected promise nobody awaited (a write behind, a timer's work) is a fault to fix, not a reason
// to stop serving every player: it is logged with its stack, through the redacting logger, and the
// process goes on (Node's default would end it). An exception thrown synchronously past every frame
// is different: it unwound through code that may have been half-way through changing shared state
// (the connection's gate, a cache), so going on could serve wrong answers. It is logged with its
// stack, then the process ends with status 1 for the process manager to start it again.
import { logger } from './logger.server';

let installed = false;

export function guardProcess(): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    logger.error({ err: reason }, 'unhandled rejection (the process goes on)');
  });
  process.on('uncaughtException', (error, origin) => {
    logger.fatal({ err: error, origin }, 'uncaught exception: the process ends');
    // The logger writes synchronously to stdout; exit once the line is out.
    process.exitCode = 1;
    setImmediate(() => process.exit(1));
  });
}
