import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { PrismaClient } from '~/generated/prisma/client';
import { databasePath, env } from './env.server';
import { applyMigrations } from './migrate.server';
import { adoptConnection } from './sql.server';

export type Db = PrismaClient;

/** Opens the SQLite file with the pragmas every connection needs, migrating it first. */
export function openDatabase(url = env.databaseUrl): PrismaClient {
  const path = databasePath(url);
  if (path) mkdirSync(dirname(path), { recursive: true });
  const raw = new Database(path ?? ':memory:');
  raw.pragma('journal_mode = WAL');
  raw.pragma('busy_timeout = 5000');
  applyMigrations(raw);
  // Gives the query planner statistics (it analyzes tables that have none or changed a lot): without
  // them SQLite picked the eventId index for per-challenge counts and scanned every submission.
  raw.pragma('optimize=0x10002');
  raw.close();
  const factory = new PrismaBetterSqlite3({ url: path ? `file:${path}` : ':memory:' });
  // The adapter opens its connection on first use; sql.server.ts writes through that same one.
  const adapter: typeof factory = Object.assign(Object.create(factory), {
    connect: async () => {
      const connection = await factory.connect();
      adoptConnection((connection as unknown as { client: Database.Database }).client);
      return connection;
    },
  });
  return new PrismaClient({ adapter });
}

export const db: PrismaClient = openDatabase();

/** Per-connection pragmas (the adapter opens its own connection). */
export const dbReady: Promise<void> = (async () => {
  await db.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await db.$queryRawUnsafe('PRAGMA foreign_keys = ON');
  await db.$queryRawUnsafe('PRAGMA busy_timeout = 5000');
  await db.$queryRawUnsafe('PRAGMA synchronous = NORMAL');
})();
