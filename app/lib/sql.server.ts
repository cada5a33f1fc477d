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
// (guardAdapter), prepared statements wait in `statement(...).get/all` and writeTransaction; a
// synchronous read is only offered inside writeTransaction, which itself runs only when the gate is
// open. No request can join another request's transaction.
import type Database from 'better-sqlite3';

let main: Database.Database | null = null;

// ---- The gate ---------------------------------------------------------------------------------

/** Prisma transactions started, or waiting for the adapter's own lock. */
let holders = 0;
let idleWaiters: (() => void)[] = [];
/** True while writeTransaction's work runs: its statements may be used synchronously. */
let inWriteWork = false;

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
interface TransactionLike { commit(): Promise<void>; rollback(): Promise<void> }
interface AdapterLike {
  queryRaw(query: never): Promise<unknown>;
  executeRaw(query: never): Promise<unknown>;
  executeScript(script: string): Promise<void>;
  startTransaction(isolationLevel?: never): Promise<TransactionLike>;
}

/**
 * Wraps the adapter Prisma uses so that its queries outside a transaction wait while one is open
 * (the adapter runs each query synchronously inside the call), and a transaction holds the gate
 * from before its BEGIN until its COMMIT or ROLLBACK.
 */
export function guardAdapter<A extends AdapterLike>(adapter: A): A {
  const wrapped = Object.create(adapter) as A;
  const call = <K extends 'queryRaw' | 'executeRaw' | 'executeScript'>(name: K) =>
    ((arg: never) => whenFree(() => (adapter[name] as (a: never) => Promise<unknown>).call(adapter, arg))) as A[K];
  wrapped.queryRaw = call('queryRaw');
  wrapped.executeRaw = call('executeRaw');
  wrapped.executeScript = call('executeScript');
  wrapped.startTransaction = (async (isolationLevel?: never) => {
    holders++;
    let tx: TransactionLike;
    try {
      tx = await adapter.startTransaction(isolationLevel);
    } catch (error) {
      release();
      throw error;
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

/** Tables of the schema, as Prisma names them. */
export const TABLES = [
  'User', 'Session', 'Event', 'EventRegistration', 'Team', 'TeamMember', 'Category', 'Challenge', 'Flag', 'Hint', 'HintUnlock',
  'ChallengeFile', 'FlagAttempt', 'Submission', 'Notification', 'NotificationRead', 'Reward', 'RewardRequest', 'StaffAction', 'CoinEntry',
] as const;
export type Table = (typeof TABLES)[number];

/**
 * User columns whose change no cache cares about: a login stamps lastLoginAt (and Prisma updatedAt),
 * a password change ends the sessions anyway (a Session write).
 */
const USER_COLUMNS_NOT_SHOWN = new Set(['lastLoginAt', 'updatedAt', 'passwordHash']);

const counters = new Map<string, number>();
/** How often another process committed (PRAGMA data_version moved): that counts for every table. */
let externalCommits = 0;

/**
 * Called by db.server.ts with the connection Prisma's adapter opened. Temporary triggers (they live
 * with this connection, no migration) count every write per table, whoever makes it, Prisma or a
 * prepared statement.
 */
export function adoptConnection(connection: Database.Database): void {
  main = connection;
  connection.function('ctf_changed', { deterministic: false }, (table: unknown) => {
    counters.set(table as string, (counters.get(table as string) ?? 0) + 1);
    return null;
  });
  const tables = connection.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_%' ESCAPE '\\'").all();
  for (const { name } of tables) {
    const call = `SELECT ctf_changed('${name}');`;
    let update = '';
    if (name === 'User') {
      const columns = connection.prepare<[], { name: string }>(`PRAGMA table_info("User")`).all().map((c) => c.name);
      update = ` OF ${columns.filter((c) => !USER_COLUMNS_NOT_SHOWN.has(c)).map((c) => `"${c}"`).join(', ')}`;
    }
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      connection.exec(`CREATE TEMP TRIGGER IF NOT EXISTS "ctf_${name}_${op}" AFTER ${op}${op === 'UPDATE' ? update : ''} ON main."${name}" BEGIN ${call} END`);
    }
  }
}

// The triggers count this process's writes at no cost. data_version moves when another process
// commits; asking costs a read transaction, so it is asked at most every EXTERNAL_CHECK_MS: another
// process's write (an operator's script) shows within that, this process's own writes at once.
const EXTERNAL_CHECK_MS = 50;
let external = { value: -1, checkedAt: -Infinity };
// Prepared once: better-sqlite3's pragma() prepares the statement anew on every call.
let dataVersionQuery: Database.Statement<[], number> | null = null;

function externalVersion(): number {
  const now = performance.now();
  if (main && now - external.checkedAt >= EXTERNAL_CHECK_MS) {
    if (dataVersionQuery?.database !== main) dataVersionQuery = main.prepare<[], number>('PRAGMA data_version').pluck().safeIntegers(false);
    const value = dataVersionQuery.get()!;
    if (Number(value) !== external.value) {
      if (external.value !== -1) externalCommits++;
      external = { value: Number(value), checkedAt: now };
    } else external.checkedAt = now;
  }
  return externalCommits;
}

/**
 * A number that changes whenever one of `tables` is written, by this process (at once) or another
 * (within 50 ms). What is computed from those tables is valid while the number holds: this is the
 * one invalidation mechanism of every cache (lib/kept.server.ts, the page cache). Read it BEFORE
 * reading the data. A transaction's writes move it as they happen; since nothing outside the
 * transaction reads until it ends (the gate), a value kept under that number is the committed state
 * after a commit, and the unchanged state after a rollback.
 */
export function changeVersion(tables: readonly Table[]): number {
  let version = externalVersion();
  for (const table of tables) version += counters.get(table) ?? 0;
  return version;
}

// ---- Prepared statements and raw writes --------------------------------------------------------

export interface Statement<Row, Params extends unknown[]> {
  /** Reads once the gate is open (no Prisma transaction), so it never sees uncommitted rows. */
  get(...params: Params): Promise<Row | undefined>;
  all(...params: Params): Promise<Row[]>;
  /** The statement itself, for work inside writeTransaction only (it throws anywhere else). */
  now(): Database.Statement<Params, Row>;
}

/** A prepared statement on Prisma's connection, integers as numbers (Prisma's default is BigInt). */
export function statement<Row = unknown, Params extends unknown[] = unknown[]>(text: string): Statement<Row, Params> {
  let prepared: Database.Statement<Params, Row> | null = null;
  const raw = () => {
    if (!main) throw new Error('The database is not open yet (await dbReady).');
    // Prepared again if Prisma reconnected (after $disconnect, a new connection is adopted).
    if (prepared?.database !== main) prepared = main.prepare<Params, Row>(text).safeIntegers(false);
    return prepared;
  };
  return {
    get: (...params) => whenFree(() => raw().get(...params)),
    all: (...params) => whenFree(() => raw().all(...params)),
    now: () => {
      if (!inWriteWork) throw new Error('A synchronous statement runs only inside writeTransaction.');
      return raw();
    },
  };
}

/** Prepared statements that differ by a fragment (one per scope's counting rule, say), each kept. */
export function statementsBy<Row = unknown, Params extends unknown[] = unknown[]>(text: (fragment: string) => string): (fragment: string) => Statement<Row, Params> {
  const made = new Map<string, Statement<Row, Params>>();
  return (fragment) => {
    let found = made.get(fragment);
    if (!found) made.set(fragment, (found = statement<Row, Params>(text(fragment))));
    return found;
  };
}

interface WriteJob { work: () => unknown; resolve: (value: never) => void; reject: (error: unknown) => void }
let queued: WriteJob[] | null = null;

/**
 * Runs `work` synchronously, all or nothing, in an IMMEDIATE transaction on Prisma's connection, as
 * soon as no Prisma transaction is open on it. Nothing else can interleave: better-sqlite3 is
 * synchronous. Inside `work`, statements are used through `.now()`.
 *
 * Group commit: the works asked for during one turn of the event loop (the solves of every request
 * that arrived together) run one after another in a single transaction, each in its own savepoint,
 * and commit once. A work that throws rolls back its savepoint only and rejects its own promise; the
 * others still commit. Each promise settles after the commit, so an answer is never sent for a write
 * that is not yet durable. A commit and its WAL frames cost more than a solve's own writes, so under
 * load this divides the dearest part of a solve by the size of the group.
 */
export function writeTransaction<T>(work: () => T): Promise<Awaited<T>> {
  if (!main) throw new Error('The database is not open yet (await dbReady).');
  return new Promise<Awaited<T>>((resolve, reject) => {
    if (!queued) {
      queued = [];
      setImmediate(commitQueued);
    }
    queued.push({ work, resolve: resolve as (value: never) => void, reject });
  });
}

function commitQueued() {
  const jobs = queued!;
  queued = null;
  const connection = main!;
  void whenFree(() => {
    const outcomes: ({ value: unknown } | { error: unknown })[] = [];
    inWriteWork = true;
    try {
      connection.transaction(() => {
        for (const job of jobs) {
          try {
            outcomes.push({ value: connection.transaction(job.work)() }); // nested: a savepoint
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
      for (const job of jobs) job.reject(error);
      return;
    } finally {
      inWriteWork = false;
    }
    jobs.forEach((job, i) => {
      const outcome = outcomes[i];
      if ('error' in outcome) job.reject(outcome.error);
      else job.resolve(outcome.value as never);
    });
  });
}

/** The text Prisma stores for a DateTime in SQLite, so raw rows read back like Prisma's own. */
export function sqlDate(date = new Date()): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** SQLite booleans as Prisma writes them. */
export const sqlBool = (value: boolean): number => (value ? 1 : 0);
