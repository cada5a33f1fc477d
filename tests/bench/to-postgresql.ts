// The bench's datasets are made in SQLite files (dataset.ts, event-dataset.ts write them straight
// through better-sqlite3). For the PostgreSQL runs (databases.ts) a dataset is copied, row for row,
// into a PostgreSQL database migrated by the server's own code, so both databases hold the same
// players, sessions, challenges and solves.
import Database from 'better-sqlite3';
import pg from 'pg';
import { openPostgresDatabase } from '../../app/lib/postgresql.server';

/** PostgreSQL takes at most 65,535 parameters in one statement. */
const MAX_PARAMETERS = 60_000;

/** Copies every row of the SQLite file at `path` into the empty PostgreSQL database at `url`. */
export async function copyToPostgres(path: string, url: string): Promise<{ tables: number; rows: number }> {
  // The server's own migration and triggers, so the database is the one a server would open.
  await (await openPostgresDatabase(url, 1)).close();
  const source = new Database(path, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let rows = 0;
  let tables = 0;
  try {
    // Neither the foreign keys nor the change notifications fire for a copy (the rows are whole
    // already): the tables can go in any order.
    await client.query('SET session_replication_role = replica');
    const { rows: columns } = await client.query<{ table_name: string; column_name: string; data_type: string }>(
      "SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name NOT IN ('_prisma_migrations', 'TableWrites')",
    );
    const byTable = new Map<string, Map<string, string>>();
    for (const c of columns) {
      if (!byTable.has(c.table_name)) byTable.set(c.table_name, new Map());
      byTable.get(c.table_name)!.set(c.column_name, c.data_type);
    }
    await client.query('BEGIN');
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
        await client.query(`SELECT setval(pg_get_serial_sequence('"${table}"', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM "${table}" WHERE pg_get_serial_sequence('"${table}"', 'id') IS NOT NULL`);
      }
    }
    await client.query('COMMIT');
    await client.query('ANALYZE');
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
