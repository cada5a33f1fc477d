// The prepared statements and write works of sql.server.ts on PostgreSQL (issue 22): the same
// statement texts (written once for both, tests/postgresql/statements.test.ts), their `?` and
// `@name` placeholders numbered as PostgreSQL's; reads on a pool, each group of write works in one
// transaction on one connection.
//
// What it assumes, where it differs from SQLite's driver:
// - A work's steps are awaited one by one (a round trip each); the works of a group run one after
//   another in one transaction, each in a savepoint, and commit once, as on SQLite.
// - PostgreSQL aborts a transaction on an error, where SQLite undoes the failed statement alone and
//   lets the work catch its error. A work is first run without a savepoint per step; if a step
//   fails, the work is undone and run again with each step in its own savepoint (two more round
//   trips a step), so it meets the error where it can catch it (runJob).
// - Writers take turns, as on SQLite: every write transaction (a group of works here, a Prisma
//   transaction in postgresql.server.ts) holds one advisory lock from its start to its end
//   (WRITE_LOCK). The domain's transactions read, decide, then write (a team's free places, a
//   balance, a request's state), which is safe when no other writer runs meanwhile; PostgreSQL's
//   own default (read committed) would let two of them decide on the same reading. Reads never wait.
// - Rows come back as SQLite's driver gives them: integers as numbers (bigint counts included: no
//   count here comes near 2^53), booleans as 1 and 0, dates as the text Prisma stores in SQLite
//   (sqlDate, UTC). Code that reads a statement's rows is the same for both databases.
import pg from 'pg';
import { BUSY, sqlDate, type SqlDialect, type SqlDriver, type WriteJob, type WriteStep } from './sql.server';

const POSTGRESQL_DIALECT: SqlDialect = {
  indexedBy: () => '',
  day: (expression) => `to_char(${expression}, 'YYYY-MM-DD')`,
  // LIKE is case-sensitive here. ILIKE folds case as the database's locale does: ASCII in the C
  // locale, more letters in others (a search then finds more than on SQLite, never less).
  containsLiteral: (column) => `${column} ILIKE ? ESCAPE '\\'`,
};

/** better-sqlite3's placeholders (`?`, `@name`) as PostgreSQL's numbered ones, and the names' order. */
export function numbered(text: string): { text: string; names: string[] } {
  const names: string[] = [];
  let n = 0;
  const out = text.replace(/\?|@(\w+)/g, (_, name?: string) => {
    if (!name) return `$${++n}`;
    if (!names.includes(name)) names.push(name);
    return `$${names.indexOf(name) + 1}`;
  });
  return { text: out, names };
}

/** The values for a numbered text: positional ones as they come, named ones from their object. */
function values(params: unknown[], names: string[]): unknown[] {
  const bound = names.length ? names.map((name) => (params[0] as Record<string, unknown>)[name]) : params;
  // pg would send a Date in the process's time zone, which a column without one keeps as it is.
  return bound.map((value) => (value instanceof Date ? value.toISOString() : value));
}

const INT8 = 20;
const BOOL = 16;
/** Prisma's DateTime columns: `timestamp(3)` without a time zone, holding UTC. */
const TIMESTAMP = 1114;
/** Rows as SQLite's driver gives them, so the code reading them is the same for both databases. */
const ROW_VALUES: Record<number, (value: string) => unknown> = {
  [INT8]: Number,
  [BOOL]: (value) => (value === 't' ? 1 : 0),
  [TIMESTAMP]: (value) => sqlDate(new Date(`${value.replace(' ', 'T')}Z`)),
};
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => ROW_VALUES[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/**
 * Taken by every write transaction right after its BEGIN, held until it ends: one writer at a time
 * across every process, as SQLite's write lock makes it (the header says why).
 */
export const WRITE_LOCK = 'SELECT pg_advisory_xact_lock(72707370)';

/**
 * What a write transaction runs first: its wait for WRITE_LOCK bounded by BUSY.boundMs, as a write
 * on SQLite waits for the write lock (past it, PostgreSQL's 55P03, answered as DatabaseBusy).
 */
export const takeWriteLock = (): string[] => [`SET LOCAL lock_timeout = ${Math.max(1, Math.round(BUSY.boundMs))}`, WRITE_LOCK];

/** A step failed in a run without step savepoints: the work is run again carefully (runJob). */
class StepFailed extends Error {}

/**
 * `caughtUp` resolves once this process has counted the notifications of what it committed
 * (changes-postgresql.server.ts): a group's works are answered only then.
 */
export function postgresDriver(pool: pg.Pool, caughtUp: () => Promise<void> = async () => {}): SqlDriver {
  const texts = new Map<string, { text: string; names: string[] }>();
  const prepared = (text: string) => {
    let found = texts.get(text);
    if (!found) texts.set(text, (found = numbered(text)));
    return found;
  };
  const query = (runner: pg.Pool | pg.PoolClient, text: string, params: unknown[]) => {
    const { text: sql, names } = prepared(text);
    return runner.query({ text: sql, values: values(params, names), types });
  };
  const result = (step: WriteStep, outcome: pg.QueryResult) =>
    step.mode === 'get' ? outcome.rows[0] : step.mode === 'all' ? outcome.rows : { changes: outcome.rowCount ?? 0 };

  /**
   * Runs a work's steps. `careful`: each step in its own savepoint, its error thrown into the work
   * (which may catch it). Not careful: no savepoints, and a step's error ends the run with
   * StepFailed, the work not told (the transaction is aborted: it could run nothing more).
   */
  async function runWork(client: pg.PoolClient, work: ReturnType<WriteJob['work']>, careful: boolean): Promise<unknown> {
    let next = work.next();
    while (!next.done) {
      const step = next.value;
      let outcome: unknown;
      if (careful) await client.query('SAVEPOINT step');
      try {
        const answer = await query(client, step.text, step.params);
        outcome = result(step, answer);
        if (careful) await client.query('RELEASE SAVEPOINT step');
      } catch (error) {
        if (!careful) {
          work.return(undefined);
          throw new StepFailed();
        }
        await client.query('ROLLBACK TO SAVEPOINT step');
        next = work.throw(error);
        continue;
      }
      next = work.next(outcome);
    }
    return next.value;
  }

  /**
   * A job's work in its savepoint: first without a savepoint per step (two round trips fewer per
   * step); if a step fails, undone and run again from its start carefully, so the work meets that
   * error where it can catch it, as on SQLite. A work is a generator of steps, so running it again
   * redoes exactly what it did.
   */
  async function runJob(client: pg.PoolClient, job: WriteJob): Promise<{ value: unknown } | { error: unknown }> {
    for (const careful of [false, true]) {
      await client.query('SAVEPOINT work');
      try {
        const value = await runWork(client, job.work(), careful);
        await client.query('RELEASE SAVEPOINT work');
        return { value };
      } catch (error) {
        await client.query('ROLLBACK TO SAVEPOINT work');
        if (!(error instanceof StepFailed)) return { error };
      }
    }
    throw new Error('unreachable: a careful run never ends with StepFailed');
  }

  return {
    dialect: POSTGRESQL_DIALECT,
    get: async (text, params) => (await query(pool, text, params)).rows[0],
    all: async (text, params) => (await query(pool, text, params)).rows,
    async commit(jobs) {
      const client = await pool.connect();
      const outcomes: ({ value: unknown } | { error: unknown })[] = [];
      try {
        // One round trip (the simple protocol takes several statements).
        await client.query(['BEGIN', ...takeWriteLock()].join('; '));
        for (const job of jobs) outcomes.push(await runJob(client, job));
        await client.query('COMMIT');
      } catch (error) {
        // A connection that cannot even roll back goes, rather than back to the pool.
        const rolledBack = await client.query('ROLLBACK').then(() => true, () => false);
        client.release(!rolledBack);
        throw error; // nothing was written: every job is rejected (commitQueued)
      }
      client.release();
      await caughtUp();
      jobs.forEach((job, i) => {
        const outcome = outcomes[i];
        if ('error' in outcome) job.reject(outcome.error);
        else job.resolve(outcome.value as never);
      });
    },
  };
}
