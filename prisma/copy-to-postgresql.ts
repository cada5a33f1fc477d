// Moves a site from SQLite to PostgreSQL (README "Deployment"): every row of a SQLite database,
// copied into an empty PostgreSQL database that the server's own code migrates first, ids and all.
//
//   npm run db:copy-to-postgresql -- ./data/ctf.db postgresql://user:password@host:5432/ctf
//
// Stop the server first (a row written during the copy may be missed). The copy runs in one
// transaction as a role that may set session_replication_role (a superuser, or rds_superuser on
// Amazon RDS): the rows go in table by table, whatever their foreign keys' order, without firing a
// trigger. The bench copies its datasets with it too (tests/bench/databases.ts).
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import pg from 'pg';
import { openPostgresDatabase } from '../app/lib/postgresql.server';

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;
/** Prisma's own bookkeeping, and SQLite's per-process write counts: not the site's data. */
const NOT_COPIED = ['_prisma_migrations', 'TableWrites'];

/** Copies every row of the SQLite file at `path` into the PostgreSQL database at `url`, which must hold none. */
export async function copyToPostgres(path: string, url: string): Promise<{ tables: number; rows: number }> {
  // The server's own migration and triggers, so the database is the one a server would open.
  await (await openPostgresDatabase(url, 1)).close();
  const source = new Database(path, { readonly: true, fileMustExist: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  let tables = 0;
  try {
    const { rows: columns } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
      'SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND NOT (table_name = ANY($1)) ORDER BY table_name, ordinal_position',
      [NOT_COPIED],
    );
    const byTable = new Map<string, Map<string, string>>();
    for (const c of columns) {
      if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
      byTable.get(c.table_name)!.set(c.column_name, c.data_type);
    }
    for (const table of byTable.keys()) {
      const { rows: found } = await client.query(`SELECT 1 FROM "${table}" LIMIT 1`);
      if (found.length) throw new Error(`"${table}" holds rows already: the copy goes into an empty database only`);
    }
    await client.query('BEGIN');
    // Neither the foreign keys nor the change notifications fire for a copy (the rows are whole
    // already): the tables can go in any order.
    await client.query('SET LOCAL session_replication_role = replica');
    for (const [table, types] of byTable) {
      const names = [...types.keys()];
      const read = source.prepare(`SELECT ${names.map((n) => `"${n}"`).join(', ')} FROM "${table}"`).raw(true);
      const convert = names.map((name) => converter(types.get(name)!));
      const perStatement = Math.max(1, Math.floor(MAX_PARAMETERS / names.length));
      let batch: unknown[][] = [];
      const flush = async () => {
        if (!batch.length) return;
        const values = batch.map((_, r) => `(${names.map((__, c) => `$${r * names.length + c + 1}`).join(', ')})`).join(', ');
        await client.query(`INSERT INTO "${table}" (${names.map((n) => `"${n}"`).join(', ')}) VALUES ${values}`, batch.flat());
        rows += batch.length;
        batch = [];
      };
      for (const row of read.iterate() as Iterable<unknown[]>) {
        batch.push(row.map((value, i) => convert[i](value)));
        if (batch.length >= perStatement) await flush();
      }
      await flush();
      tables++;
      // The next id after the copied ones, as SQLite's AUTOINCREMENT would give it.
      if (types.get('id') === 'integer') {
        await client.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM "${table}"`);
      }
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    source.close();
    await client.end();
  }
  return { tables, rows };
}

/** SQLite's value for a column of PostgreSQL type `type`: booleans are 0 and 1, dates ISO text or milliseconds. */
function converter(type: string): (value: unknown) => unknown {
  if (type === 'boolean') return (value) => (value === null ? null : value === 1 || value === true);
  if (type.startsWith('timestamp')) return (value) => (typeof value === 'number' ? new Date(value).toISOString() : value);
  return (value) => value;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [path, url] = process.argv.slice(2);
  if (!path || !url?.startsWith('postgres')) {
    console.error('usage: npm run db:copy-to-postgresql -- <SQLite file> <postgresql://… URL of an empty database>');
    process.exit(2);
  }
  copyToPostgres(resolve(path.replace(/^file:/, '')), url).then(
    ({ tables, rows }) => console.log(`copied ${rows} rows of ${tables} tables`),
    (error) => {
      console.error(`copy failed, no row copied: ${(error as Error).message}`);
      process.exit(1);
    },
  );
}
