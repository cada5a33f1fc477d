// The database on PostgreSQL (issue 22): Prisma's client generated for PostgreSQL from the same
// schema (prisma/generate.mjs), through Prisma's `pg` adapter, after the PostgreSQL history is
// applied. Its models and methods are the SQLite client's, so the domain's Prisma calls run
// unchanged; lib/db.server.ts still opens SQLite only (docs/deployment.md "PostgreSQL" says what is
// left before a server runs on this).
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { PrismaClient } from '~/generated/prisma/client';
import { applyPostgresMigrations } from './migrate.server';

/** True for the URLs node-postgres reads: `postgresql://` and `postgres://`. */
export const isPostgresUrl = (url: string): boolean => /^postgres(ql)?:\/\//i.test(url);

/** Migrates the database at `url`, then opens Prisma's client on it (a pool of `poolSize` connections). */
export async function openPostgresDatabase(url: string, poolSize = 10): Promise<{ db: PrismaClient; pool: pg.Pool }> {
  const config = parseIntoClientConfig(url);
  const migrating = new pg.Client(config);
  await migrating.connect();
  try {
    await applyPostgresMigrations(migrating);
  } finally {
    await migrating.end();
  }
  // Loaded here, not at the top: a server on SQLite never holds the PostgreSQL client's code.
  const [{ PrismaClient: PostgresClient }, { PrismaPg }] = await Promise.all([import('~/generated/prisma-pg/client'), import('@prisma/adapter-pg')]);
  const pool = new pg.Pool({ ...config, max: poolSize });
  const db = new PostgresClient({ adapter: new PrismaPg(pool) }) as unknown as PrismaClient;
  return { db, pool };
}
