// Hands the memory glibc's malloc keeps free inside its heap back to the system, every few seconds.
//
// Memory outside V8's heap (Buffers: rendered pages, kept templates, gzip chunks; SQLite; sockets)
// comes from glibc's malloc, which returns to the system only the free end of its heap. A burst of
// page bytes freed between blocks that live on leaves holes it keeps for good: after the bench's renders
// from nothing the main heap stayed at 53 MB through the competition that followed them, about 20 MB
// of it free (35 MB when the competition ran alone). malloc_trim(0) releases the free pages inside the
// heap too (madvise), which nothing else does: the environment's tunables only move where blocks go,
// and sending blocks of 32 KB and more to their own mappings cost page-cache replays a fifth of their
// speed (docs/rules.md "Speed").
//
// Assumes glibc (Debian, Ubuntu, and the Node images other than Alpine): elsewhere there is no
// malloc_trim to load, and this does nothing. The call walks the free blocks of every arena while
// holding each arena's lock: 0.4-2.4 ms measured under load, once per interval.
import { createRequire } from 'node:module';
import { logger } from './logger.server';

const INTERVAL_MS = 10_000;

type Trim = (pad: number) => number;

/** glibc's malloc_trim, or null where there is none (another C library, another system). */
export function loadMallocTrim(): Trim | null {
  if (process.platform !== 'linux') return null;
  try {
    const koffi = createRequire(import.meta.url)('koffi') as typeof import('koffi');
    return koffi.load('libc.so.6').func('int malloc_trim(size_t pad)') as Trim;
  } catch (error) {
    logger.info({ err: error }, 'no glibc malloc_trim: freed native memory stays with the allocator');
    return null;
  }
}

let timer: NodeJS.Timeout | null = null;

/** Trims the native heap every INTERVAL_MS from now on (once per process; the timer keeps nothing alive). */
export function trimNativeHeapPeriodically(): void {
  if (timer) return;
  const trim = loadMallocTrim();
  if (!trim) return;
  timer = setInterval(() => {
    const started = performance.now();
    trim(0);
    logger.debug({ ms: Math.round((performance.now() - started) * 10) / 10 }, 'native heap trimmed');
  }, INTERVAL_MS).unref();
}
