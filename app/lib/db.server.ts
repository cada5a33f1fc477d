import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import type { Pool } from 'pg';
import { PrismaClient } from '~/generated/prisma/client';
import { databasePath, env } from './env.server';
import { applyMigrations } from './migrate.server';
import { useChangeSource } from './changes.server';
import { BUSY, adoptConnection, guardAdapter, useSqlDriver } from './sql.server';

export type Db = PrismaClient;

/** Opens the SQLite file with the pragmas every connection needs, migrating it first. */
export function openDatabase(url = env.databaseUrl): PrismaClient {
  const path = databasePath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const raw = new Database(path ?? ':memory:');
  raw.pragma('journal_mode = WAL');
  // Before the server listens, waiting costs nobody: migrations wait up to 5 s for another writer.
  raw.pragma('busy_timeout = 5000');
  applyMigrations(raw, env.uploadDir);
  // Gives the query planner statistics (it analyzes tables that have none or changed a lot): without
  // them SQLite picked the eventId index for per-challenge counts and scanned every submission.
  raw.pragma('optimize=0x10002');
  raw.close();
  const factory = new PrismaBetterSqlite3({ url: path ? `file:${path}` : ':memory:' });
  // The adapter opens its connection on first use: its pragmas are set right there, before any
  // query can run, and sql.server.ts reads and writes through that same connection.
  const adapter: typeof factory = Object.assign(Object.create(factory), {
    connect: async () => {
      const connection = await factory.connect();
      const client = (connection as unknown as { client: Database.Database }).client;
      client.pragma('journal_mode = WAL');
      client.pragma('foreign_keys = ON');
      client.pragma('synchronous = NORMAL');
      // Before the short wait below: adopting writes this process's change counts, and at start
      // another process may hold the write lock for a moment (better-sqlite3 waits up to 5 s).
      adoptConnection(client);
      // Short: better-sqlite3 waits synchronously, freezing every request meanwhile. A write that
      // finds another process's lock waits for it asynchronously instead (sql.server.ts, BUSY).
      client.pragma(`busy_timeout = ${BUSY.syncWaitMs}`);
      // Queries outside a transaction wait while one is open (sql.server.ts, "The gate").
      return guardAdapter(connection);
    },
  });
  // A transaction waits for a busy database up to BUSY.boundMs (sql.server.ts): Prisma's own wait for
  // a transaction to start (2 s by default) must be longer, or it would end that wait first.
  return new PrismaClient({ adapter, transactionOptions: { maxWait: BUSY.boundMs + 2_000 } });
}

/** Ends what a PostgreSQL database holds beyond Prisma's client (its pool, its listener). */
let closeOthers = async () => {};

/**
 * The database DATABASE_URL names. A PostgreSQL one (issue 22, docs/architecture.md "PostgreSQL")
 * is migrated and opened with its driver and change notifications, which replace SQLite's in
 * sql.server.ts and changes.server.ts; its code is loaded only then.
 */
async function open(): Promise<{ db: PrismaClient; pool: Pool | null }> {
  if (env.database === 'sqlite') return { db: openDatabase(), pool: null };
  const { openPostgresDatabase } = await import('./postgresql.server');
  const opened = await openPostgresDatabase(env.databaseUrl, env.databasePoolSize);
  useChangeSource(opened.changes.source);
  useSqlDriver(opened.driver);
  closeOthers = async () => {
    useSqlDriver(null);
    await opened.close();
  };
  return opened;
}

const opened = await open();
export const db: PrismaClient = opened.db;
/** PostgreSQL's pool, for the libraries that speak to PostgreSQL themselves (rate-limit.server.ts); null on SQLite. */
export const postgresPool: Pool | null = opened.pool;

/** Resolves once the connection is open (and sql.server.ts has it). */
export const dbReady: Promise<void> = db.$connect();

/** At a stop: Prisma's connections, and on PostgreSQL the pool and listener beside them. */
export async function closeDatabase(): Promise<void> {
  await db.$disconnect();
  await closeOthers();
}

/**
 * Prisma refuses a query that binds more than 999 values on SQLite (P2029: its own bound, it splits
 * only the simplest `in` lists). A list of ids longer than a page (an export's, up to
 * EXPORT_MAX_ROWS) is therefore read in batches of this size, one after another: the rows come back
 * in the order of the batches.
 */
export const ID_BATCH = 500;

export async function inBatches<T, R>(items: readonly T[], read: (batch: T[]) => Promise<R[]>): Promise<R[]> {
  const found: R[] = [];
  for (let i = 0; i < items.length; i += ID_BATCH) found.push(...(await read(items.slice(i, i + ID_BATCH))));
  return found;
}
