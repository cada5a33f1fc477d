// PostgreSQL's implementation of the one invalidation interface (changes.server.ts), for several
// processes on one database. Triggers, installed at open, NOTIFY the channel `ctf_changes` with the
// table's name after each statement that writes it; PostgreSQL delivers a notification only once its
// transaction commits, to every process listening, this one included. Each process counts them per
// table.
//
// What it assumes:
// - Another process's write is seen once its notification arrives (on one machine, well under a
//   second; tests/postgresql/changes.test.ts measures it).
// - This process's own Prisma writes move the number at once too (each write operation counts its own
//   model's table as it returns), so a page shown right after an action never reads its cache from
//   before the action. A write inside an interactive transaction is counted before its commit, and a
//   nested write's other tables only by the notification: a value read meanwhile may be the old one
//   under the new number, until the commit's notification moves it again.
// - While the listening connection is down, notifications are lost: every table counts as written
//   when it is back, and on every reading until then.
import pg from 'pg';
import { TABLES, USER_COLUMNS_NOT_SHOWN, type ChangeSource, type Table } from './changes.server';
import type { PostgresConnection } from './migrate.server';

const CHANNEL = 'ctf_changes';

/** The Prisma operations that write. */
const WRITES = new Set(['create', 'createMany', 'createManyAndReturn', 'update', 'updateMany', 'updateManyAndReturn', 'upsert', 'delete', 'deleteMany']);

/** An update that sets only User columns no cache shows (the trigger leaves those out too). */
function onlyColumnsNotShown(args: unknown): boolean {
  const data = (args as { data?: unknown } | undefined)?.data;
  return !!data && typeof data === 'object' && !Array.isArray(data) && Object.keys(data).every((column) => USER_COLUMNS_NOT_SHOWN.has(column));
}

/**
 * Creates or replaces the notifying triggers on every table of the schema (run at open, under the
 * migration lock; idempotent). Row-level, as SQLite's are: a statement that writes no row (an
 * insert that met its conflict, an update that matched nothing) notifies nobody; PostgreSQL folds a
 * transaction's identical notifications into one.
 */
export async function installChangeTriggers(connection: PostgresConnection): Promise<void> {
  await connection.query(`CREATE OR REPLACE FUNCTION ctf_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_notify('${CHANNEL}', TG_TABLE_NAME); RETURN NULL; END $$`);
  const { rows } = await connection.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'User'`,
  );
  const userColumns = rows.map((r) => r.column_name).filter((c) => !USER_COLUMNS_NOT_SHOWN.has(c));
  for (const table of TABLES) {
    const update = table === 'User' ? `UPDATE OF ${userColumns.map((c) => `"${c}"`).join(', ')}` : 'UPDATE';
    await connection.query(`CREATE OR REPLACE TRIGGER "ctf_changes" AFTER INSERT OR ${update} OR DELETE ON "${table}" FOR EACH ROW EXECUTE FUNCTION ctf_notify_change()`);
    await connection.query(`CREATE OR REPLACE TRIGGER "ctf_changes_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION ctf_notify_change()`);
  }
}

export interface PostgresChanges {
  source: ChangeSource;
  /** Counts a write this process made (the Prisma extension of postgresql.server.ts calls it). */
  wrote(table: string): void;
  /** Whether a Prisma operation writes something a cache may show (a login stamp does not). */
  writes(operation: string, model: string, args: unknown): boolean;
  close(): Promise<void>;
}

/** Listens on `config`'s database (its own connection) and counts every table's writes. */
export async function listenForChanges(config: pg.ClientConfig): Promise<PostgresChanges> {
  const counts = new Map<string, number>();
  /** Moves every table: a gap in the notifications (the connection was lost). */
  let gaps = 0;
  let listener: pg.Client | null = null;
  let connected = false;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  const count = (table: string) => counts.set(table, (counts.get(table) ?? 0) + 1);

  const connect = async () => {
    const client = new pg.Client(config);
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) count(message.payload);
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (closed) return void (await client.end());
    listener = client;
    connected = true;
    gaps++; // what was written while nobody listened
  };
  const lost = (client: pg.Client) => {
    if (client !== listener) return;
    listener = null;
    connected = false;
    if (!closed && !retry) retry = setTimeout(reconnect, 1_000);
  };
  const reconnect = () => {
    retry = null;
    if (closed) return;
    connect().catch(() => {
      if (!closed) retry = setTimeout(reconnect, 1_000);
    });
  };
  await connect();
  gaps = 0;

  return {
    source: {
      version(tables: readonly Table[]) {
        if (!connected) gaps++;
        let version = gaps;
        for (const table of tables) version += counts.get(table) ?? 0;
        return version;
      },
    },
    wrote: count,
    writes: (operation, model, args) => WRITES.has(operation) && !(model === 'User' && onlyColumnsNotShown(args)),
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end();
    },
  };
}
