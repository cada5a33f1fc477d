// Values computed from the database and kept in memory until a table they were read from changes.
// Every cache of the process (standings, the board's catalog and solve counts, header counts,
// session lookups) is one of these; the page cache uses the same changeVersion (changes.server.ts,
// the one invalidation interface). Another process's writes drop them within that interface's delay
// (50 ms on SQLite, a notification's on PostgreSQL), this process's by the time the write returns
// (docs/rules.md "Speed").
import { getHeapStatistics } from 'node:v8';
import { LRUCache } from 'lru-cache';
import { logger } from './logger.server';
import { changeVersion, type Table } from './changes.server';

// ---- Memory pressure ----------------------------------------------------------------------------
// Every cache is an optimization: when the heap nears its limit (160 MB under `npm start`; a load the
// server cannot carry piles requests up on top of full caches), all of them are dropped at once and
// refilled on demand, rather than the process running out of memory, which it did in the
// 2,000-player competition on the large dataset.

const sheds = new Set<() => void>();
const PRESSURE = 0.8;
const CHECK_MS = 500;
let watching: NodeJS.Timeout | null = null;

/** Registers a cache's way to drop everything it keeps when memory runs short. */
export function onMemoryPressure(shed: () => void): void {
  sheds.add(shed);
  watching ??= setInterval(() => {
    const { used_heap_size: used, heap_size_limit: limit } = getHeapStatistics();
    if (used >= limit * PRESSURE) shedCaches(`heap at ${Math.round((used / limit) * 100)}% of its limit`);
  }, CHECK_MS).unref();
}

/** Drops every cache of the process (memory pressure; tests). */
export function shedCaches(reason: string): void {
  for (const shed of sheds) shed();
  logger.warn({ reason }, 'caches dropped');
}

/**
 * How long any kept value lives at most, whatever the change counters say: a backstop for a table
 * missing from a cache's list, or a change the counters cannot see (a clock that moved past an
 * event's start, say). A minute of staleness at worst, a recomputation a minute at best.
 */
export const KEPT_MAX_AGE_MS = 60_000;

/**
 * lru-cache's options for a cache the fake timers of tests drive: the clock is read on every
 * access (lru-cache otherwise keeps a reading for a millisecond, through a timer).
 */
export const CLOCK = { perf: { now: () => Date.now() }, ttlResolution: 0 } as const;

/** lru-cache takes no null key; a scope without an event (practice) is keyed null. */
const NULL_KEY = Symbol('null');
const slot = (key: unknown): {} => key ?? NULL_KEY;

export class Kept<K, V extends {}> {
  private version = Number.NaN;
  private readonly values: LRUCache<{}, V>;

  /**
   * @param tables the tables `compute` reads: a write to any of them drops every kept value.
   * @param maxEntries beyond it, the least recently used value is dropped.
   * @param maxAgeMs a value older than this is computed again (KEPT_MAX_AGE_MS).
   */
  constructor(
    private readonly tables: readonly Table[],
    private readonly compute: (key: K) => V,
    maxEntries = 1_000,
    maxAgeMs = KEPT_MAX_AGE_MS,
  ) {
    this.values = new LRUCache<{}, V>({ max: maxEntries, ttl: maxAgeMs, ...CLOCK });
    onMemoryPressure(() => {
      this.values.clear();
      this.version = Number.NaN;
    });
  }

  /**
   * The kept value, or a new one. The version is read before computing, so a value can only be
   * newer than the version it is kept under, never older. A rejected promise is not kept.
   */
  get(key: K): V {
    const version = changeVersion(this.tables);
    if (version !== this.version) {
      this.values.clear();
      this.version = version;
    }
    const kept = this.values.get(slot(key));
    if (kept !== undefined) return kept;
    const value = this.compute(key);
    this.values.set(slot(key), value);
    if (value instanceof Promise) value.catch(() => this.values.peek(slot(key)) === value && this.values.delete(slot(key)));
    return value;
  }

  /** The kept value without computing one (undefined when it would have to be computed). */
  peek(key: K): V | undefined {
    if (changeVersion(this.tables) !== this.version) return undefined;
    return this.values.get(slot(key));
  }
}

/**
 * Values derived from one kept copy (a rendered chart, a serialized page), each computed once and
 * dropped with the copy. Bounded: past `max` entries a value is computed without being kept. A
 * rejected promise is not kept.
 */
export class Derived {
  private readonly values = new Map<string, unknown>();

  constructor(private readonly max = 256) {}

  get<T>(key: string, make: () => T): T {
    if (this.values.has(key)) return this.values.get(key) as T;
    const value = make();
    if (this.values.size < this.max) {
      this.values.set(key, value);
      if (value instanceof Promise) value.catch(() => this.values.delete(key));
    }
    return value;
  }
}
