// The prepared statements and write works of sql.server.ts on PostgreSQL (issue 22): the same
// statement texts (written once for both, tests/postgresql/statements.test.ts), their `?` and
// `@name` placeholders numbered as PostgreSQL's; reads on a pool, each group of write works in one
// transaction on one connection.
//
// What it assumes, where it differs from SQLite's driver:
// - A work's steps are awaited one by one (a round trip each); the works of a group run one after
//   another in one transaction, each in a savepoint, and commit once, as on SQLite.
// - PostgreSQL aborts a transaction on an error: each step runs in its own savepoint too, so a step
//   that fails is undone alone and the work may catch it, as on SQLite. That costs two more round
//   trips per step.
// - Integers come back as numbers (bigint counts included: no count here comes near 2^53), dates as
//   Date objects where SQLite gives text, booleans as booleans where SQLite gives 0 and 1.
import pg from 'pg';
import type { SqlDialect, SqlDriver, WriteJob, WriteStep } from './sql.server';

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
  if (!names.length) return params;
  const bound = params[0] as Record<string, unknown>;
  return names.map((name) => bound[name]);
}

const INT8 = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') => (oid === INT8 ? (value: string) => Number(value) : pg.types.getTypeParser(oid, format))) as typeof pg.types.getTypeParser,
};

/** The table a write statement writes (the texts name it quoted, as they all do). */
const WRITTEN = /^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"(\w+)"/i;

/**
 * `wrote` hears each table a committed work wrote rows in, at once (the change numbers of
 * changes-postgresql.server.ts: this process's own writes must not wait for their notification).
 */
export function postgresDriver(pool: pg.Pool, wrote: (table: string) => void = () => {}): SqlDriver {
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

  async function runWork(client: pg.PoolClient, work: ReturnType<WriteJob['work']>, tables: Set<string>): Promise<unknown> {
    let next = work.next();
    while (!next.done) {
      const step = next.value;
      let outcome: unknown;
      await client.query('SAVEPOINT step');
      try {
        const answer = await query(client, step.text, step.params);
        outcome = result(step, answer);
        await client.query('RELEASE SAVEPOINT step');
        const table = answer.rowCount ? WRITTEN.exec(step.text)?.[1] : undefined;
        if (table) tables.add(table);
      } catch (error) {
        await client.query('ROLLBACK TO SAVEPOINT step');
        next = work.throw(error);
        continue;
      }
      next = work.next(outcome);
    }
    return next.value;
  }

  return {
    dialect: POSTGRESQL_DIALECT,
    get: async (text, params) => (await query(pool, text, params)).rows[0],
    all: async (text, params) => (await query(pool, text, params)).rows,
    async commit(jobs) {
      const client = await pool.connect();
      const outcomes: ({ value: unknown } | { error: unknown })[] = [];
      const written = new Set<string>();
      try {
        await client.query('BEGIN');
        for (const job of jobs) {
          await client.query('SAVEPOINT work');
          const tables = new Set<string>();
          try {
            outcomes.push({ value: await runWork(client, job.work(), tables) });
            await client.query('RELEASE SAVEPOINT work');
            for (const table of tables) written.add(table);
          } catch (error) {
            await client.query('ROLLBACK TO SAVEPOINT work');
            outcomes.push({ error });
          }
        }
        await client.query('COMMIT');
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        client.release();
        throw error; // nothing was written: every job is rejected (commitQueued)
      }
      client.release();
      for (const table of written) wrote(table);
      jobs.forEach((job, i) => {
        const outcome = outcomes[i];
        if ('error' in outcome) job.reject(outcome.error);
        else job.resolve(outcome.value as never);
      });
    },
  };
}
