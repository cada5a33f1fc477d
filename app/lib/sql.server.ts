// The one SQLite connection, shared safely, and the one way to know what changed on it.
//
// The hot paths (session lookup, flag attempts, solves) use better-sqlite3 prepared statements: Prisma
// costs 0.3-0.5 ms a query, these cost microseconds. Everything else stays with Prisma. Both use
// Prisma's own connection: a second writing connection would make a Prisma transaction that read
// before another commit fail with SQLITE_BUSY_SNAPSHOT, and SQLite drops a connection's page cache
// whenever another one commits.
//
// Sharing one connection has a price: Prisma's interactive transactions leave BEGIN open across
// awaits, and anything else run on the connection meanwhile would join that transaction (and roll
// back with it, or read its uncommitted rows). So the connection has a gate: while a Prisma
// transaction is open, nothing outside it runs. Prisma's other queries wait in the adapter
// (guardAdapter), prepared statements wait in `statement(...).get/all` and writeTransaction; the
// steps of a write work (`statement(...).write`) run only inside writeTransaction, which itself runs
// only when the gate is open. No request can join another request's transaction.
//
// A busy database: another process (a backup, the sqlite3 shell, a migration) may hold SQLite's write
// lock. better-sqlite3 is synchronous, so SQLite's own wait (busy_timeout) freezes the event loop:
// it is kept short (BUSY.syncWaitMs, set by db.server.ts), and a write that still finds the lock
// taken waits for it asynchronously ("Waiting for the write lock" below), up to BUSY.boundMs from its
// first attempt, then fails with DatabaseBusy (answered 503 with Retry-After, lib/errors.server.ts).
// This covers the group commit (writeTransaction), Prisma's single statements and the start of a
// Prisma transaction (which takes the write lock at once, so nothing it did has to be undone).
import type Database from 'better-sqlite3';
import { USER_COLUMNS_NOT_SHOWN, useChangeSource, type ChangeSource } from './changes.server';
import { DatabaseBusy, databaseBusy } from './errors.server';

let main: Database.Database | null = null;

// ---- Waiting for the write lock ---------------------------------------------------------------

/** The bounds of waiting for another process's write lock. */
export const BUSY = {
  /** SQLite's busy_timeout: how long one attempt may wait synchronously (the event loop with it). */
  syncWaitMs: 20,
  /** How long a write keeps trying, from its first attempt, before it fails with DatabaseBusy. */
  boundMs: 2_500,
  /** The pauses between two looks at the lock: the first, doubled each time up to the last. */
  firstPauseMs: 10,
  maxPauseMs: 250,
};

/** A timer may fire a little before its time as performance.now() counts it: a deadline that close is met. */
const DEADLINE_SLACK_MS = 2;

/** True for SQLITE_BUSY however it arrives (the driver's error, Prisma's adapter's, DatabaseBusy). */
export const isBusy = (error: unknown): boolean => databaseBusy(error) !== null;

interface LockWaiter { resolve: () => void; reject: (error: unknown) => void; deadline: number }
/** Writes waiting for the lock to be free. While there are any, one watcher looks at the lock. */
const lockWaiters = new Set<LockWaiter>();
/** Set when a write's attempt took SQLite's whole busy wait: the lock is most likely taken. */
let lockSuspected = false;
let watching = false;
let looking = false;
let watchPause = 0;
let lookTimer: NodeJS.Timeout | null = null;
let nextLookAt = 0;
let lockStatements: { begin: Database.Statement; rollback: Database.Statement } | null = null;

/** True while the write lock is known (or likely) to be another process's: a new write waits at once. */
export const lockIsTaken = (): boolean => lockSuspected || lockWaiters.size > 0;

/**
 * Resolves once this connection can take the write lock, or rejects with DatabaseBusy when it is
 * still taken at `deadline` (performance.now()). However many writes wait, one watcher looks at the
 * lock, with a pause that grows from BUSY.firstPauseMs to BUSY.maxPauseMs, and at each waiter's
 * deadline (a last look before it fails): each look may cost the event loop BUSY.syncWaitMs, once
 * per look, not once per waiting write.
 */
export function lockFree(deadline: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    lockWaiters.add({ resolve, reject, deadline });
    if (!watching) {
      watching = true;
      watchPause = BUSY.firstPauseMs;
      planLook(performance.now() + watchPause);
    }
    planLook(deadline);
  });
}

/** The next look at `at`, unless one is planned sooner or under way (it plans the next itself). */
function planLook(at: number) {
  if (looking || (lookTimer && at >= nextLookAt)) return;
  if (lookTimer) clearTimeout(lookTimer);
  nextLookAt = at;
  lookTimer = setTimeout(lookAtLock, Math.max(0, at - performance.now()));
}

function lookAtLock() {
  lookTimer = null;
  looking = true;
  // Through the gate: BEGIN on the shared connection only when no Prisma transaction is open.
  whenFree(() => {
    if (!main) return true;
    if (lockStatements?.begin.database !== main) lockStatements = { begin: main.prepare('BEGIN IMMEDIATE'), rollback: main.prepare('ROLLBACK') };
    try {
      lockStatements.begin.run();
    } catch (error) {
      return !isBusy(error); // another failure: the writes meet it themselves
    }
    lockStatements.rollback.run();
    return true;
  }).then(lookedAtLock, () => lookedAtLock(true));
}

function lookedAtLock(free: boolean) {
  looking = false;
  if (free) {
    lockSuspected = false;
    watching = false;
    const waiters = [...lockWaiters];
    lockWaiters.clear();
    for (const waiter of waiters) waiter.resolve();
    return;
  }
  const now = performance.now();
  let earliest = Infinity;
  for (const waiter of lockWaiters) {
    if (waiter.deadline <= now + DEADLINE_SLACK_MS) {
      lockWaiters.delete(waiter);
      waiter.reject(new DatabaseBusy());
    } else earliest = Math.min(earliest, waiter.deadline);
  }
  if (!lockWaiters.size) {
    watching = false;
    return;
  }
  watchPause = Math.min(watchPause * 2, BUSY.maxPauseMs);
  planLook(Math.min(now + watchPause, earliest));
}

/**
 * One write's attempt (`run` does its database work synchronously, as the adapter does). While the
 * lock is known to be taken it is not tried (DatabaseBusy at once: the caller waits with the
 * others); an attempt that took SQLite's whole busy wait most likely met the lock, so the writes
 * right behind it wait too, instead of each freezing the event loop to learn the same.
 */
function attemptWrite<T>(run: () => Promise<T>): Promise<T> {
  if (lockIsTaken()) return Promise.reject(new DatabaseBusy());
  const started = performance.now();
  const result = run();
  if (performance.now() - started >= BUSY.syncWaitMs) {
    lockSuspected = true;
    result.then(() => (lockSuspected = false), () => {});
  }
  return result;
}

/**
 * Runs `attempt` (one statement outside a transaction: nothing to undo when it fails busy) again
 * while it fails with SQLITE_BUSY, each time once the lock is free, up to BUSY.boundMs; then
 * DatabaseBusy.
 */
export async function retryBusy<T>(attempt: () => Promise<T>): Promise<T> {
  const deadline = performance.now() + BUSY.boundMs;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isBusy(error)) throw error;
      await lockFree(deadline);
    }
  }
}

// ---- The gate ---------------------------------------------------------------------------------

/** Prisma transactions started, or waiting for the adapter's own lock. */
let holders = 0;
let idleWaiters: (() => void)[] = [];
const busy = () => holders > 0 || !!main?.inTransaction;

function wakeIfIdle() {
  if (busy()) return;
  const waiters = idleWaiters;
  idleWaiters = [];
  for (const wake of waiters) wake();
}

function release() {
  holders--;
  wakeIfIdle();
}

/**
 * Runs `work` once no Prisma transaction is open, in the same tick as the check that found the
 * gate open (so nothing can BEGIN in between). `work` must do its database access synchronously.
 */
function whenFree<T>(work: () => T): Promise<Awaited<T>> {
  if (!busy()) {
    try {
      return Promise.resolve(work()) as Promise<Awaited<T>>;
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise<void>((resolve) => {
    idleWaiters.push(resolve);
    // An open transaction nobody announced (none should exist) must not strand the waiters.
    if (holders === 0) setImmediate(wakeIfIdle);
  }).then(() => whenFree(work));
}

// The parts of Prisma's driver adapter (SqlDriverAdapter) the gate wraps.
interface Query { sql: string; args: unknown[]; argTypes: unknown[] }
interface TransactionLike { commit(): Promise<void>; rollback(): Promise<void>; executeRaw(query: Query): Promise<number> }
interface AdapterLike {
  queryRaw(query: never): Promise<unknown>;
  executeRaw(query: never): Promise<unknown>;
  executeScript(script: string): Promise<void>;
  startTransaction(isolationLevel?: never): Promise<TransactionLike>;
}

/** A query that may write (anything but a SELECT): it waits first when others wait for the lock. */
export const mayWrite = (query: unknown): boolean => !/^\s*SELECT\b/i.test((query as { sql?: string } | undefined)?.sql ?? '');

// Takes the write lock in a transaction that has not read yet, changing nothing: a DELETE opens a
// write transaction whatever its WHERE (no row, so no trigger and no page written, and another
// process's data_version does not move). See guardAdapter.
const TAKE_WRITE_LOCK: Query = { sql: 'DELETE FROM main."FlagAttempt" WHERE 0', args: [], argTypes: [] };
const ROLLBACK: Query = { sql: 'ROLLBACK', args: [], argTypes: [] };

/**
 * Wraps the adapter Prisma uses so that its queries outside a transaction wait while one is open
 * (the adapter runs each query synchronously inside the call), and a transaction holds the gate
 * from before its BEGIN until its COMMIT or ROLLBACK.
 *
 * Busy: a query outside a transaction is one statement in autocommit, so when it fails busy it is
 * tried again (retryBusy). A transaction takes the write lock right after the adapter's BEGIN (a
 * plain deferred BEGIN: the adapter offers no other, and a failed BEGIN would leave its mutex
 * locked for good): busy there, it is rolled back, its gate and the adapter's mutex released while
 * it waits for the lock, and started again, within the same bound. Having the lock from the start,
 * nothing inside the transaction can fail busy later (a deferred transaction that read before
 * another process's commit would fail with SQLITE_BUSY_SNAPSHOT half-way, past any retry).
 */
export function guardAdapter<A extends AdapterLike>(adapter: A): A {
  const wrapped = Object.create(adapter) as A;
  const call = <K extends 'queryRaw' | 'executeRaw' | 'executeScript'>(name: K) =>
    ((arg: never) => {
      const run = () => (adapter[name] as (a: never) => Promise<unknown>).call(adapter, arg);
      const write = name === 'executeScript' || mayWrite(arg);
      return retryBusy(() => whenFree(() => (write ? attemptWrite(run) : run())));
    }) as A[K];
  wrapped.queryRaw = call('queryRaw');
  wrapped.executeRaw = call('executeRaw');
  wrapped.executeScript = call('executeScript');
  wrapped.startTransaction = (async (isolationLevel?: never) => {
    const deadline = performance.now() + BUSY.boundMs;
    let tx: TransactionLike;
    for (;;) {
      if (lockIsTaken()) await lockFree(deadline);
      holders++;
      try {
        tx = await adapter.startTransaction(isolationLevel);
      } catch (error) {
        release();
        throw error;
      }
      try {
        const started = tx;
        await attemptWrite(() => started.executeRaw(TAKE_WRITE_LOCK));
        break;
      } catch (error) {
        await tx.executeRaw(ROLLBACK).catch(() => {});
        await tx.rollback().catch(() => {});
        release();
        if (!isBusy(error)) throw error;
      }
      await lockFree(deadline);
    }
    let released = false;
    const end = (finish: () => Promise<void>) => async () => {
      try {
        await finish();
      } finally {
        if (!released) {
          released = true;
          release();
        }
      }
    };
    const guarded = Object.create(tx) as TransactionLike;
    guarded.commit = end(() => tx.commit());
    guarded.rollback = end(() => tx.rollback());
    return guarded;
  }) as A['startTransaction'];
  return wrapped;
}

// ---- Change counters --------------------------------------------------------------------------

const counters = new Map<string, number>();

/** Each process's counts of the rows it wrote, per table (lib/sql.server.ts): no cache reads it. */
const WRITE_COUNTS = 'TableWrites';
/** This process's rows in it. */
const WRITER = process.pid;

/** The tables whose writes are counted: every table of the schema but the counts themselves. */
function countedTables(connection: Database.Database): string[] {
  return connection
    .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'")
    .all()
    .map((t) => t.name)
    .filter((name) => name !== WRITE_COUNTS);
}

/**
 * Called by db.server.ts with the connection Prisma's adapter opened. Temporary triggers (they live
 * with this connection, no migration) count every write per table, whoever makes it, Prisma or a
 * prepared statement: in this process's memory at once, and in the database (TableWrites, this
 * process's rows) for the other processes, in the same transaction as the write, so a rollback
 * takes both back.
 */
export function adoptConnection(connection: Database.Database): void {
  main = connection;
  useChangeSource(sqliteChanges);
  connection.function('ctf_changed', { deterministic: false }, (table: unknown) => {
    counters.set(table as string, (counters.get(table as string) ?? 0) + 1);
    return null;
  });
  const tables = countedTables(connection);
  connection.transaction(() => {
    // A process that ended without its stop left rows; one that had this process id, these.
    connection.prepare(`DELETE FROM main."${WRITE_COUNTS}" WHERE writer = ?`).run(WRITER);
    const row = connection.prepare(`INSERT INTO main."${WRITE_COUNTS}" (name, writer, writes) VALUES (?, ?, 0)`);
    for (const name of tables) row.run(name, WRITER);
  })();
  for (const name of tables) {
    let update = '';
    if (name === 'User') {
      const columns = connection.prepare<[], { name: string }>(`PRAGMA table_info("User")`).all().map((c) => c.name);
      update = ` OF ${columns.filter((c) => !USER_COLUMNS_NOT_SHOWN.has(c)).map((c) => `"${c}"`).join(', ')}`;
    }
    const body = `SELECT ctf_changed('${name}'); UPDATE main."${WRITE_COUNTS}" SET writes = writes + 1 WHERE name = '${name}' AND writer = ${WRITER};`;
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      connection.exec(`CREATE TEMP TRIGGER IF NOT EXISTS "ctf_${name}_${op}" AFTER ${op}${op === 'UPDATE' ? update : ''} ON main."${name}" BEGIN ${body} END`);
    }
  }
}

/** At a graceful stop (startup.server.ts): this process's counts go, so rows of ended processes do not pile up. */
export async function forgetWriteCounts(): Promise<void> {
  if (!main) return;
  const text = `DELETE FROM main."${WRITE_COUNTS}" WHERE writer = ?`;
  const forget = main.prepare(text);
  // Busy past the bound: the rows stay until a process with this id starts.
  await writeTransaction(() => step(text, 'run', [WRITER], () => forget.run(WRITER))).catch(() => {});
}

// This process's writes move its counters at once. Another process's commits move data_version;
// asking costs a read transaction, so it is asked at most every EXTERNAL_CHECK_MS. When it moved, the
// other processes' counts (TableWrites) tell which tables they wrote: only the caches that read those
// are dropped. A commit that moved none of their counts (the sqlite3 shell, a backup tool, a
// migration: writers without our triggers) drops every cache.
const EXTERNAL_CHECK_MS = 50;
let external = { value: -1, checkedAt: -Infinity };
/** Per table: how often another process's commits were seen to write it. */
const externalWrites = new Map<string, number>();
/** Other processes' commits that moved no table's count: they count for every table. */
let unexplainedCommits = 0;
/** The shared counts as last read. */
let seenCounts: Map<string, number> | null = null;
// Prepared once: better-sqlite3's pragma() prepares the statement anew on every call.
let externalQueries: { dataVersion: Database.Statement<[], number>; counts: Database.Statement<[number], { name: string; writes: number }> } | null = null;

function checkExternal(): void {
  const now = performance.now();
  if (!main || now - external.checkedAt < EXTERNAL_CHECK_MS) return;
  if (externalQueries?.dataVersion.database !== main) {
    externalQueries = {
      dataVersion: main.prepare<[], number>('PRAGMA data_version').pluck().safeIntegers(false),
      counts: main.prepare<[number], { name: string; writes: number }>(`SELECT name, SUM(writes) AS writes FROM main."${WRITE_COUNTS}" WHERE writer <> ? GROUP BY name`).safeIntegers(false),
    };
  }
  external.checkedAt = now;
  const value = Number(externalQueries.dataVersion.get());
  if (value === external.value) return;
  external.value = value;
  const counts = new Map(externalQueries.counts.all(WRITER).map((row) => [row.name, row.writes]));
  let moved = false;
  // A table whose count is gone (the only other process that wrote it stopped) moved too: it may
  // have written that table just before its stop.
  for (const name of new Set([...counts.keys(), ...(seenCounts?.keys() ?? [])])) {
    if (seenCounts && seenCounts.get(name) !== counts.get(name)) {
      externalWrites.set(name, (externalWrites.get(name) ?? 0) + 1);
      moved = true;
    }
  }
  // The first reading only learns where the counts stand.
  if (seenCounts && !moved) unexplainedCommits++;
  seenCounts = counts;
}

/**
 * SQLite's implementation of the one invalidation interface (changes.server.ts): this process's
 * writes move the number at once, another process's commits within 50 ms, for the tables they wrote.
 * A transaction's writes move it as they happen; since nothing outside the transaction reads until
 * it ends (the gate), a value kept under that number is the committed state after a commit, and the
 * unchanged state after a rollback.
 */
const sqliteChanges: ChangeSource = {
  version(tables) {
    checkExternal();
    let version = unexplainedCommits;
    for (const table of tables) version += (counters.get(table) ?? 0) + (externalWrites.get(table) ?? 0);
    return version;
  },
};

// ---- Prepared statements and raw writes --------------------------------------------------------

/**
 * The SQL that differs between the databases, one function each: SQLite's below, PostgreSQL's with
 * its driver. Queries ask `dialect()` when they are made.
 */
export interface SqlDialect {
  /** Holds the planner to `index` (SQLite's planner picked a worse one); PostgreSQL's chooses alone. */
  indexedBy(index: string): string;
  /** The UTC day (YYYY-MM-DD) of a date column or expression. */
  day(expression: string): string;
  /** `column` contains the bound pattern (app/lib/literal-search.ts) literally, ignoring ASCII case. */
  containsLiteral(column: string): string;
}

const SQLITE_DIALECT: SqlDialect = {
  indexedBy: (index) => `INDEXED BY "${index}"`,
  // Dates are stored as ISO text (sqlDate).
  day: (expression) => `substr(${expression}, 1, 10)`,
  // SQLite's LIKE ignores ASCII case.
  containsLiteral: (column) => `${column} LIKE ? ESCAPE '\\'`,
};

/** The dialect of the database in use. */
export const dialect = (): SqlDialect => driver?.dialect ?? SQLITE_DIALECT;

/**
 * Another database's driver (sql-postgresql.server.ts) in place of SQLite's connection: statements
 * read through it, and it commits each group of write works.
 */
export interface SqlDriver {
  dialect: SqlDialect;
  get<Row>(text: string, params: unknown[]): Promise<Row | undefined>;
  all<Row>(text: string, params: unknown[]): Promise<Row[]>;
  /** Runs the group's works in one transaction, each in its savepoint; settles each job. */
  commit(jobs: WriteJob[]): Promise<void>;
}
let driver: SqlDriver | null = null;

/** Plugs PostgreSQL's driver in (null: back to SQLite's connection). */
export function useSqlDriver(next: SqlDriver | null): void {
  driver = next;
}

/**
 * One step of a write work: a statement to run, and how. A work (see writeTransaction) yields its
 * steps with `yield*` and gets each one's result back; only writeTransaction's driver runs them, so
 * no statement can run inside a transaction that is not the work's own.
 */
export interface WriteStep {
  text: string;
  mode: 'get' | 'all' | 'run';
  params: unknown[];
  /** Runs it on SQLite's connection (PostgreSQL's driver runs `text` itself). */
  run(): unknown;
}
/** A write work, or a part of one: `yield*` it from another. */
export type Write<T> = Generator<WriteStep, T, unknown>;

export interface Statement<Row, Params extends unknown[]> {
  /** Reads once the gate is open (no Prisma transaction), so it never sees uncommitted rows. */
  get(...params: Params): Promise<Row | undefined>;
  all(...params: Params): Promise<Row[]>;
  /** The same, and `run` for a write, as steps of a work inside writeTransaction (`yield*` them). */
  write: {
    get(...params: Params): Write<Row | undefined>;
    all(...params: Params): Write<Row[]>;
    run(...params: Params): Write<{ changes: number }>;
  };
}

/** A step whose result is the work's to use. */
function* step<T>(text: string, mode: WriteStep['mode'], params: unknown[], run: () => T): Write<T> {
  return (yield { text, mode, params, run }) as T;
}

/** Every statement's text, and every fragment-dependent one's maker: tests/postgresql/statements.test.ts reads them. */
const texts = new Set<string>();
const makers: ((fragment: string) => string)[] = [];

/**
 * The text of every statement made so far, each fragment-dependent one with the condition `TRUE`
 * (every fragment is a condition): for the test that every one is PostgreSQL's SQL too.
 */
export const statementTexts = (): string[] => [...new Set([...texts, ...makers.map((make) => make('TRUE'))])];

/** A prepared statement on Prisma's connection, integers as numbers (Prisma's default is BigInt). */
export function statement<Row = unknown, Params extends unknown[] = unknown[]>(text: string): Statement<Row, Params> {
  texts.add(text);
  let prepared: Database.Statement<Params, Row> | null = null;
  const raw = () => {
    if (!main) throw new Error('The database is not open yet (await dbReady).');
    // Prepared again if Prisma reconnected (after $disconnect, a new connection is adopted).
    if (prepared?.database !== main) prepared = main.prepare<Params, Row>(text).safeIntegers(false);
    return prepared;
  };
  return {
    get: (...params) => (driver ? driver.get<Row>(text, params) : whenFree(() => raw().get(...params))),
    all: (...params) => (driver ? driver.all<Row>(text, params) : whenFree(() => raw().all(...params))),
    write: {
      get: (...params) => step(text, 'get', params, () => raw().get(...params)),
      all: (...params) => step(text, 'all', params, () => raw().all(...params)),
      run: (...params) => step(text, 'run', params, () => raw().run(...params)),
    },
  };
}

/**
 * Runs a work's steps to its end, synchronously: a step's error is thrown into the work at its
 * `yield*`, where the work may catch it (a refused row, say).
 */
function runWork<T>(work: Write<T>): T {
  let next = work.next();
  while (!next.done) {
    let result: unknown;
    try {
      result = next.value.run();
    } catch (error) {
      next = work.throw(error);
      continue;
    }
    next = work.next(result);
  }
  return next.value;
}

/** Prepared statements that differ by a fragment, a condition (a scope's counting rule, say), each kept. */
export function statementsBy<Row = unknown, Params extends unknown[] = unknown[]>(text: (fragment: string) => string): (fragment: string) => Statement<Row, Params> {
  makers.push(text);
  const made = new Map<string, Statement<Row, Params>>();
  return (fragment) => {
    let found = made.get(fragment);
    if (!found) made.set(fragment, (found = statement<Row, Params>(text(fragment))));
    return found;
  };
}

export interface WriteJob { work: () => Write<unknown>; resolve: (value: never) => void; reject: (error: unknown) => void; deadline: number }
let queued: WriteJob[] | null = null;
/** A group waits for another process's write lock: works asked for meanwhile queue behind it. */
let groupWaiting = false;

/**
 * Runs `work` all or nothing, in an IMMEDIATE transaction on Prisma's connection, as soon as no
 * Prisma transaction is open on it. `work` is a generator that yields its statements' steps
 * (`const row = yield* someStatement.write.get(...)`); on SQLite they run synchronously, one after
 * another, so nothing else can interleave (better-sqlite3 is synchronous).
 *
 * Group commit: the works asked for during one turn of the event loop (the solves of every request
 * that arrived together) run one after another in a single transaction, each in its own savepoint,
 * and commit once. A work that throws rolls back its savepoint only and rejects its own promise; the
 * others still commit. Each promise settles after the commit, so an answer is never sent for a write
 * that is not yet durable. A commit and its WAL frames cost more than a solve's own writes, so under
 * load this divides the dearest part of a solve by the size of the group.
 *
 * Busy: when BEGIN IMMEDIATE finds another process's write lock, no work has run; the group waits
 * for the lock (lockFree) and is tried again, in the same order, the works asked for meanwhile
 * after it. A work still waiting BUSY.boundMs after it was asked for is rejected with DatabaseBusy;
 * every failure reaches each caller of the group, never anyone else.
 */
export function writeTransaction<T>(work: () => Write<T>): Promise<T> {
  if (!main && !driver) throw new Error('The database is not open yet (await dbReady).');
  return new Promise<T>((resolve, reject) => {
    if (!queued) {
      queued = [];
      if (!groupWaiting) setImmediate(commitQueued);
    }
    queued.push({ work, resolve: resolve as (value: never) => void, reject, deadline: performance.now() + BUSY.boundMs });
  });
}

function commitQueued() {
  const jobs = queued;
  queued = null;
  if (!jobs?.length) return;
  const committed = driver ? driver.commit(jobs) : whenFree(() => commitGroup(jobs));
  committed.catch((error) => {
    for (const job of jobs) job.reject(error);
  });
}

function commitGroup(jobs: WriteJob[]) {
  const connection = main!;
  // Others wait for the lock already: wait with them rather than freeze the event loop to learn it.
  if (lockIsTaken()) return waitForLock(jobs);
  const outcomes: ({ value: unknown } | { error: unknown })[] = [];
  let began = false;
  try {
    connection.transaction(() => {
      began = true;
      for (const job of jobs) {
        try {
          outcomes.push({ value: connection.transaction(() => runWork(job.work()))() }); // nested: a savepoint
        } catch (error) {
          // An error SQLite answers by rolling back the whole transaction (a full disk, say) ends
          // the group: what ran before it is gone too, so every promise is rejected.
          if (!connection.inTransaction) throw error;
          outcomes.push({ error });
        }
      }
    }).immediate();
  } catch (error) {
    // BEGIN or COMMIT failed, or the group was rolled back: nothing was written.
    if (!began && isBusy(error)) return waitForLock(jobs);
    const reported = isBusy(error) ? new DatabaseBusy() : error;
    for (const job of jobs) job.reject(reported);
    return;
  }
  jobs.forEach((job, i) => {
    const outcome = outcomes[i];
    if ('error' in outcome) job.reject(outcome.error);
    else job.resolve(outcome.value as never);
  });
}

/** The group waits for the write lock, then is committed again ahead of the works asked for since. */
function waitForLock(jobs: WriteJob[]) {
  groupWaiting = true;
  const deadline = jobs.reduce((earliest, job) => Math.min(earliest, job.deadline), Infinity);
  void lockFree(deadline)
    .then(
      () => jobs,
      () => {
        // The oldest works' time is up; the others wait on, each to its own deadline.
        const over = performance.now() + DEADLINE_SLACK_MS;
        const busy = new DatabaseBusy();
        for (const job of jobs) if (job.deadline <= over) job.reject(busy);
        return jobs.filter((job) => job.deadline > over);
      },
    )
    .then((waiting) => {
      groupWaiting = false;
      queued = [...waiting, ...(queued ?? [])];
      commitQueued();
    });
}

/** The text Prisma stores for a DateTime in SQLite, so raw rows read back like Prisma's own. */
export function sqlDate(date = new Date()): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** SQLite booleans as Prisma writes them. */
export const sqlBool = (value: boolean): number => (value ? 1 : 0);
