// PostgreSQL's implementation of the one invalidation interface (changes.server.ts), for several
// processes on one database. Triggers, installed at open, NOTIFY the channel `ctf_changes` with the
// table's name after each statement that writes it; PostgreSQL delivers a notification only once its
// transaction commits, to every process listening, this one included. Each process counts them per
// table.
//
// What it assumes:
// - Another process's write is seen once its notification arrives (on one machine, well under a
//   second; tests/postgresql/changes.test.ts measures it).
// - This process's own writes are counted by their notifications too, once each, and a write does
//   not return before its notifications are in (caughtUp): a page shown right after an action never
//   reads a cache from before it. PostgreSQL delivers notifications in the order their transactions
//   commit, so a marker notified after the write's commit arrives after them. The database adapter
//   and the statements' driver wait for it (postgresql.server.ts, sql-postgresql.server.ts).
// - While the listening connection is down, notifications are lost: every table counts as written
//   when it is back, and on every reading until then.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { TABLES, USER_COLUMNS_NOT_SHOWN, type ChangeSource, type Table } from './changes.server';
import type { PostgresConnection } from './migrate.server';

const CHANNEL = 'ctf_changes';

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
  /**
   * Resolves once every notification of what this process committed before the call has been
   * counted (at most CAUGHT_UP_MS later; past that, or while the listener is down, every table
   * counts as written).
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

/** Markers are notified on the same channel with this prefix, then the listener's own name. */
const MARKERS = 'marker:';
/** A marker that has not come back by then (a lost connection, say) moves every table instead. */
const CAUGHT_UP_MS = 1_000;

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
  /** Callers waiting for the next marker to be sent, and those waiting for each marker sent. */
  let unsent: (() => void)[] = [];
  const sent = new Map<number, { waiters: (() => void)[]; late: NodeJS.Timeout }>();
  const wake = (number: number) => {
    const marker = sent.get(number);
    if (!marker) return;
    sent.delete(number);
    clearTimeout(marker.late);
    for (const resolve of marker.waiters) resolve();
  };
  let markers = 0;
  // Random, not the process id: processes on two machines may have the same.
  const mine = `${MARKERS}${randomBytes(8).toString('hex')}:`;
  const markerCame = (payload: string) => {
    // Another process's marker is not ours to count or answer.
    if (!payload.startsWith(mine)) return;
    const number = Number(payload.slice(mine.length));
    // In order: this marker's arrival means every earlier one's notifications are in too.
    for (const n of [...sent.keys()]) if (n <= number) wake(n);
  };
  /** Every waiter gives up: what it waited for counts as written. */
  const giveUp = () => {
    gaps++;
    for (const n of [...sent.keys()]) wake(n);
  };

  const connect = async () => {
    // Named, so that an operator (and a test) can tell it in pg_stat_activity.
    const client = new pg.Client({ ...config, application_name: 'ctf changes' });
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      if (message.payload.startsWith(MARKERS)) markerCame(message.payload);
      else count(message.payload);
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
    giveUp();
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
    caughtUp() {
      const client = listener;
      if (!client || closed) return Promise.resolve();
      return new Promise<void>((resolve) => {
        // The callers of one turn share one marker: it is notified after each of their commits.
        if (!unsent.length) {
          setImmediate(() => {
            const waiters = unsent;
            unsent = [];
            const number = ++markers;
            const late = setTimeout(() => {
              gaps++;
              wake(number);
            }, CAUGHT_UP_MS);
            late.unref();
            sent.set(number, { waiters, late });
            client.query('SELECT pg_notify($1, $2)', [CHANNEL, `${mine}${number}`]).catch(() => {}); // a lost connection gives up on it (lost)
          });
        }
        unsent.push(resolve);
      });
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const client = listener;
      listener = null;
      await client?.end();
    },
  };
}
