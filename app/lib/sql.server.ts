// The hot paths (session lookup, flag attempts, solves, the page cache's data version) use
// better-sqlite3 prepared statements directly: Prisma costs 0.3-0.5 ms a query, these cost
// microseconds. Everything else stays with Prisma.
//
// Reads and writes share Prisma's own connection. One writer, because a second writing connection
// would make a Prisma transaction that read before another commit fail with SQLITE_BUSY_SNAPSHOT.
// Reads there too, because SQLite drops a connection's page cache whenever another connection
// commits: a separate reader re-read its pages after every flag attempt (a session lookup took
// 80-130 µs instead of 20).
import type Database from 'better-sqlite3';

let main: Database.Database | null = null;
let accountChanges = 0;
let pageDataChanges = 0;

// Tables no page shows: the attempt log (written every 50 ms during play) and sessions (a page
// cache hit checks its own session anyway). Their writes leave rendered pages valid.
const NOT_SHOWN = new Set(['FlagAttempt', 'Session', '_prisma_migrations']);
const ACCOUNTS = new Set(['User', 'Session']);

/**
 * Called by db.server.ts with the connection Prisma's adapter opened. Temporary triggers (they live
 * with this connection, no migration) count the writes that matter to the caches, whoever makes
 * them, Prisma or a prepared statement: to any table a page shows, and to User and Session.
 */
export function adoptConnection(connection: Database.Database): void {
  main = connection;
  connection.function('ctf_page_data_changed', { deterministic: false }, () => (pageDataChanges++, null));
  connection.function('ctf_accounts_changed', { deterministic: false }, () => (accountChanges++, null));
  const tables = connection.prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all();
  for (const { name } of tables) {
    const calls = [NOT_SHOWN.has(name) ? '' : 'SELECT ctf_page_data_changed();', ACCOUNTS.has(name) ? 'SELECT ctf_accounts_changed();' : ''].join(' ').trim();
    if (!calls) continue;
    for (const op of ['INSERT', 'UPDATE', 'DELETE']) {
      connection.exec(`CREATE TEMP TRIGGER IF NOT EXISTS "ctf_${name}_${op}" AFTER ${op} ON main."${name}" BEGIN ${calls} END`);
    }
  }
}

/**
 * A prepared statement on Prisma's connection, integers as numbers (Prisma's default is BigInt).
 * Reads call it directly; writes go inside writeTransaction.
 */
export function statement<Row = unknown, Params extends unknown[] = unknown[]>(text: string): () => Database.Statement<Params, Row> {
  let prepared: Database.Statement<Params, Row> | null = null;
  return () => {
    if (!main) throw new Error('The database is not open yet (await dbReady).');
    // Prepared again if Prisma reconnected (after $disconnect, a new connection is adopted).
    if (prepared?.database !== main) prepared = main.prepare<Params, Row>(text).safeIntegers(false);
    return prepared;
  };
}

// The triggers count this process's writes at no cost. data_version moves when another process
// commits; asking costs a read transaction, so it is asked at most every EXTERNAL_CHECK_MS: another
// process's write (an operator's script) shows within that, this process's own writes at once.
const EXTERNAL_CHECK_MS = 50;
const externalChanges = statement<{ data_version: number }, []>('PRAGMA data_version');
let external = { value: 0, checkedAt: -Infinity };

function externalVersion(): number {
  const now = performance.now();
  if (now - external.checkedAt >= EXTERNAL_CHECK_MS) external = { value: externalChanges().get()!.data_version, checkedAt: now };
  return external.value;
}

function versionOf(state: { seen: string; version: number }, now: string): number {
  if (now !== state.seen) {
    state.seen = now;
    state.version++;
  }
  return state.version;
}
const anyWrite = { seen: '', version: 0 };
const accountWrite = { seen: '', version: 0 };

/**
 * A number that changes with every write to what pages show (any table but the attempt log and
 * sessions), by this process or another. Rendered pages are valid only while it holds. While a
 * Prisma transaction is open its writes may still roll back, so every call then answers a new
 * number: nothing is cached meanwhile.
 */
export function dataVersion(): number {
  if (main?.inTransaction) return ++anyWrite.version;
  return versionOf(anyWrite, `${pageDataChanges}:${externalVersion()}`);
}

/** The same for User and Session alone: session lookups stay cached while flag attempts are written. */
export function accountsVersion(): number {
  if (main?.inTransaction) return ++accountWrite.version;
  return versionOf(accountWrite, `${accountChanges}:${externalVersion()}`);
}

const waiting: (() => void)[] = [];
let scheduled = false;

function drain() {
  scheduled = false;
  // Prisma's interactive transactions leave BEGIN open across awaits on this same connection; a
  // write now would join (and share the fate of) that transaction. Wait until it ends.
  if (main?.inTransaction) return schedule(1);
  while (waiting.length && !main?.inTransaction) waiting.shift()!();
  if (waiting.length) schedule(1);
}

function schedule(delayMs: number) {
  if (scheduled) return;
  scheduled = true;
  if (delayMs) setTimeout(drain, delayMs);
  else setImmediate(drain);
}

/**
 * Runs `work` synchronously in one IMMEDIATE transaction on Prisma's connection, as soon as no
 * Prisma transaction is open on it. Nothing else can interleave: better-sqlite3 is synchronous.
 */
export function writeTransaction<T>(work: () => T): Promise<T> {
  if (!main) return Promise.reject(new Error('The database is not open yet (await dbReady).'));
  const run = () => main!.transaction(work).immediate();
  if (!main.inTransaction && waiting.length === 0) {
    try {
      return Promise.resolve(run());
    } catch (error) {
      return Promise.reject(error);
    }
  }
  return new Promise<T>((resolve, reject) => {
    waiting.push(() => {
      try {
        resolve(run());
      } catch (error) {
        reject(error);
      }
    });
    schedule(0);
  });
}

/** The text Prisma stores for a DateTime in SQLite, so raw rows read back like Prisma's own. */
export function sqlDate(date = new Date()): string {
  return date.toISOString().replace('Z', '+00:00');
}

/** SQLite booleans as Prisma writes them. */
export const sqlBool = (value: boolean): number => (value ? 1 : 0);
