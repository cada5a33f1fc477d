// Who gets served now, decided by server.ts before any route code runs (docs/limits.md). Three
// pools, each with its own bound, so no kind of client can take what the others need:
// - answer slots: requests whose body is in (or that have none) and whose answer is being worked
//   out. They hold the heap, so they are bounded in number and, above all, in waiting time: once
//   answers stand in a queue for longer than TARGET_WAIT_MS, new requests get 503 at once instead
//   of joining it (CoDel's rule: a standing queue, not a burst, is what to refuse);
// - bodies being received: counted in bytes (the total a body may still grow to), not in slots, so
//   a slow client holds its own socket and bytes but no answer slot; uploads also per user;
// - live streams (SSE): long-lived by design, counted apart, per user, per IP and in total.
// Password hashes, which a login or sign-up asks of libuv's thread pool, wait in a queue of their
// own (ThreadPoolQueue), outside the answer slots' measure of waiting.
// All of it is plain bookkeeping: no timers of its own, so tests drive it with their own clock.

import { performance as nodePerformance } from 'node:perf_hooks';

export interface AdmissionLimits {
  /** Answer slots, at most. */
  maxInFlight: number;
  /** Always admitted while fewer are in flight, whatever the estimates say (a slow request or two is no queue). */
  minInFlight: number;
  /** The wait a newcomer may be given: past it, it is refused rather than queued. */
  targetWaitMs: number;
  /** How often the estimates are renewed. */
  intervalMs: number;
}

export interface AdmissionClock {
  now(): number;
  /** Milliseconds the event loop was busy since the process started (performance.eventLoopUtilization().active). */
  busyMs(): number;
}

const processClock: AdmissionClock = { now: () => performance.now(), busyMs: () => nodePerformance.eventLoopUtilization().active };

/**
 * What `AnswerSlots.take` gives: call it when the answer is done. `park()` says the answer now waits
 * for something other than this process's CPU in a bounded queue of its own (a password hash): until
 * the returned function is called it is left out of both signals of AnswerSlots, so such a queue
 * cannot make the slots refuse everyone else.
 */
export type SlotRelease = (() => void) & { park: Park };

/** Parks an answer slot; what it returns unparks it. */
export type Park = () => () => void;

/** What a busy server answers (503), whichever bound refused: the admission's, the password checks'. */
export const BUSY = { detail: 'The server is busy. Try again in a few seconds.', retryAfterSeconds: 2 } as const;

/**
 * Answer slots bounded by the wait they would cause. Two signals, renewed every interval:
 * - the cost of an answer: event-loop time per answer, so `inFlight × cost` is how long a newcomer
 *   would wait for the CPU (Little's law); a start rush of first renders raises it within an interval;
 * - a standing queue (CoDel): every answer of the last interval took longer than the target, or none
 *   came out while one waited past it. This catches waits the CPU estimate does not see (the
 *   database, a mail server). An answer waiting in a bounded queue of its own (a password hash) is
 *   parked instead (SlotRelease): that queue has its own bound.
 */
export class AnswerSlots {
  private inFlight = 0;
  /** Answers in flight that are parked (SlotRelease.park): they hold a slot but no CPU. */
  private parked = 0;
  private readonly started = new Set<{ at: number; parkedSince: number | null }>();
  private intervalStart: number;
  private intervalBusy: number;
  private intervalDone = 0;
  private intervalMin = Infinity;
  /** Until measured, answers are taken to cost 5 ms: a first burst is not let in whole. */
  private costMs = 5;
  private standingQueue = false;

  constructor(
    private readonly limits: AdmissionLimits,
    private readonly clock: AdmissionClock = processClock,
  ) {
    this.intervalStart = clock.now();
    this.intervalBusy = clock.busyMs();
  }

  get count(): number {
    return this.inFlight;
  }

  /** The wait a newcomer would have now, as estimated (for logs and tests). */
  get estimatedWaitMs(): number {
    return (this.inFlight - this.parked) * this.costMs;
  }

  /** Whether a newcomer would be refused now (a live stream, which takes no slot, asks this). */
  get refusing(): boolean {
    this.roll(this.clock.now());
    if (this.inFlight >= this.limits.maxInFlight) return true;
    return this.inFlight - this.parked >= this.limits.minInFlight && (this.standingQueue || this.estimatedWaitMs > this.limits.targetWaitMs);
  }

  /** A release function to call when the answer is done, or null: refuse the request (503). */
  take(): SlotRelease | null {
    if (this.refusing) return null;
    const now = this.clock.now();
    this.inFlight++;
    const entry: { at: number; parkedSince: number | null } = { at: now, parkedSince: null };
    this.started.add(entry);
    const unpark = () => {
      if (entry.parkedSince === null) return;
      this.parked--;
      // The time parked is not waiting for this process: the answer's time is counted without it.
      entry.at += this.clock.now() - entry.parkedSince;
      entry.parkedSince = null;
    };
    const release = () => {
      if (!this.started.has(entry)) return;
      unpark();
      this.started.delete(entry);
      this.inFlight--;
      const end = this.clock.now();
      this.intervalDone++;
      this.intervalMin = Math.min(this.intervalMin, end - entry.at);
      this.roll(end);
    };
    return Object.assign(release, {
      park: () => {
        if (!this.started.has(entry) || entry.parkedSince !== null) return () => {};
        this.parked++;
        entry.parkedSince = this.clock.now();
        return unpark;
      },
    });
  }

  /** How long the longest-waiting answer not parked has waited (parked time left out). */
  private oldestWait(now: number): number {
    let oldest = 0;
    for (const entry of this.started) if (entry.parkedSince === null) oldest = Math.max(oldest, now - entry.at);
    return oldest;
  }

  private roll(now: number) {
    if (now - this.intervalStart < this.limits.intervalMs) return;
    const busy = this.clock.busyMs();
    // The interval's busy time is charged to the answers released in it, though a long turn's
    // answers come out in the next one: a first release reads high. Measuring over 8 answers or
    // more instead was tried (2026-11-27): the competition's start rush then let more in and views
    // waited 3.4 s at p99 against 0.9 s, with 741 refusals against 529 (same host, one run each).
    if (this.intervalDone > 0) {
      const cost = (busy - this.intervalBusy) / this.intervalDone;
      this.costMs = 0.5 * this.costMs + 0.5 * cost;
    }
    this.standingQueue = this.intervalDone > 0 ? this.intervalMin > this.limits.targetWaitMs : this.oldestWait(now) > this.limits.targetWaitMs;
    this.intervalStart = now;
    this.intervalBusy = busy;
    this.intervalDone = 0;
    this.intervalMin = Infinity;
  }
}

/** Counts per key with a bound per key and in total; null when either bound is reached. */
export class BoundedCounts {
  private readonly byKey = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perKey: number,
    private readonly inTotal: number,
  ) {}

  get size(): number {
    return this.total;
  }

  /** Which bound refused, or a release function. */
  take(key: string, amount = 1): { refused: 'key' | 'total' } | { release: () => void } {
    const held = this.byKey.get(key) ?? 0;
    if (held + amount > this.perKey) return { refused: 'key' };
    if (this.total + amount > this.inTotal) return { refused: 'total' };
    this.byKey.set(key, held + amount);
    this.total += amount;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.total -= amount;
        const left = (this.byKey.get(key) ?? amount) - amount;
        if (left > 0) this.byKey.set(key, left);
        else this.byKey.delete(key);
      },
    };
  }
}

/**
 * Work that a client can ask for at will and that runs on libuv's thread pool (password hashes): at
 * most `running` pieces at once, at most `waiting` queued in each of two classes, the first class
 * served first. Past its class's bound a caller is refused at once (null), so a flood of such work
 * neither takes the threads file reads and gzip streams share, nor stands in the answer slots, whose
 * standing-queue rule would then refuse every other request.
 */
export class ThreadPoolQueue {
  private active = 0;
  private readonly queued: [(() => void)[], (() => void)[]] = [[], []];

  constructor(
    private readonly running: number,
    private readonly waiting: number,
  ) {}

  /** Whether a newcomer of this class would be refused now. */
  full(first = false): boolean {
    return this.active >= this.running && this.queued[first ? 0 : 1].length >= this.waiting;
  }

  /**
   * `work` run in its turn, or null when its class's queue is full. `park` is called when the work
   * has to wait, and what it returns when its turn comes (the caller's answer slot, SlotRelease.park).
   */
  run<T>(work: () => Promise<T>, first = false, park?: Park): Promise<T> | null {
    if (this.full(first)) return null;
    if (this.active < this.running) {
      this.active++;
      return Promise.resolve().then(work).finally(() => this.next());
    }
    const unpark = park?.();
    return new Promise<void>((resolve) => this.queued[first ? 0 : 1].push(resolve))
      .then(() => (unpark?.(), work()))
      .finally(() => this.next());
  }

  private next() {
    const waiter = this.queued[0].shift() ?? this.queued[1].shift();
    if (waiter) waiter(); // the place passes on
    else this.active--;
  }
}

/**
 * Admitted work waits here and starts in arrival order, a few pieces per turn of the event loop.
 * Why: libuv accepts one connection per turn of the loop (since 1.45, "don't accept() connections in
 * a loop"). When every request read in a turn also runs in it, a start rush makes turns of 200 ms,
 * the server accepts five connections a second, and newcomers wait in the kernel's accept queue
 * (then overflow it) where no admission rule sees them. In short turns, connections are accepted as
 * they come, and the wait moves into the answer slots, whose rules refuse it (503).
 * The slot is taken when the work is queued, so the estimates count the queue.
 *
 * A piece only starts its answer: the loaders, React's render and the body run in microtasks once
 * the piece has returned (a page is answered without the loop turning once). So a turn's pieces are
 * timed by a second callback queued right behind the one that starts them: Node runs the microtasks
 * between the two, so the time from one to the other is what the pieces cost, the loop's own I/O
 * apart. A turn then starts as many pieces as fit in `budgetMs` at their measured cost. Bounding the
 * time the starts alone took, as this did first, started every queued answer within 2 ms: turns of
 * 400 ms in a start rush, eight connections accepted per turn, and players waited 8 s before their
 * request was read. Bounding whole turns instead (start to start) counted the loop's I/O as the
 * pieces' cost and held a burst of cheap answers to a few per turn.
 */
export class Turns {
  private queue: (() => void)[] = [];
  private head = 0;
  /**
   * Work known to be short (a flag check, the scoreboard's JSON: server.ts says which) goes before
   * the rest: a check must not wait behind the page renders of a start rush. Admission bounds how
   * much of either can be queued, so pages are delayed, never starved.
   */
  private urgent: (() => void)[] = [];
  private urgentHead = 0;
  private scheduled = false;
  static readonly MAX_PER_TURN = 256;
  /** What a piece costs, microtasks included (moving average of the turns measured); 2 ms until measured. */
  private pieceMs = 2;
  private turnStartedAt = 0;
  private startedThisTurn = 0;

  constructor(
    /** The time a turn's pieces should take together (at least one piece always starts). */
    private readonly budgetMs: number,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = () => performance.now(),
    private readonly defer: (run: () => void) => void = (run) => void setImmediate(run),
  ) {}

  /** For tests and logs: pieces the next turn starts. */
  get piecesPerTurn(): number {
    return Math.max(1, Math.min(Turns.MAX_PER_TURN, Math.floor(this.budgetMs / this.pieceMs)));
  }

  get waiting(): number {
    return this.queue.length - this.head + this.urgent.length - this.urgentHead;
  }

  run(work: () => void, urgent = false): void {
    (urgent ? this.urgent : this.queue).push(work);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule();
  }

  /** The next turn: its pieces, then (after their microtasks) the measure of what they cost. */
  private schedule() {
    this.defer(this.drain);
    this.defer(this.measured);
  }

  private next(): (() => void) | undefined {
    if (this.urgentHead < this.urgent.length) return this.urgent[this.urgentHead++];
    if (this.head < this.queue.length) return this.queue[this.head++];
    return undefined;
  }

  private readonly drain = () => {
    const pieces = this.piecesPerTurn;
    this.turnStartedAt = this.now();
    this.startedThisTurn = 0;
    let work = this.next();
    while (work) {
      try {
        work();
      } catch (error) {
        this.onError(error);
      }
      if (++this.startedThisTurn >= pieces) break;
      work = this.next();
    }
    if (this.head > 1024 || this.head === this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.urgentHead > 1024 || this.urgentHead === this.urgent.length) {
      this.urgent = this.urgent.slice(this.urgentHead);
      this.urgentHead = 0;
    }
  };

  private readonly measured = () => {
    if (this.startedThisTurn > 0) this.pieceMs = 0.7 * this.pieceMs + (0.3 * (this.now() - this.turnStartedAt)) / this.startedThisTurn;
    if (this.waiting) this.schedule();
    else this.scheduled = false;
  };
}
