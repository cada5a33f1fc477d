// The database on PostgreSQL (issue 22): Prisma's client generated for PostgreSQL from the same
// schema (prisma/generate.mjs), through Prisma's `pg` adapter, after the PostgreSQL history is
// applied, with the change notifications every cache needs (changes-postgresql.server.ts). Its
// models and methods are the SQLite client's, so the domain's Prisma calls run unchanged;
// lib/db.server.ts still opens SQLite only (docs/architecture.md "PostgreSQL" says what is left
// before a server runs on this).
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { PrismaClient } from '~/generated/prisma/client';
import { installChangeTriggers, listenForChanges, type PostgresChanges } from './changes-postgresql.server';
import { applyPostgresMigrations } from './migrate.server';
import { postgresDriver } from './sql-postgresql.server';
import type { SqlDriver } from './sql.server';

export interface PostgresDatabase {
  db: PrismaClient;
  pool: pg.Pool;
  changes: PostgresChanges;
  /** The statements' driver on the same pool, its writes counted by `changes` at once. */
  driver: SqlDriver;
  close(): Promise<void>;
}

/**
 * Migrates the database at `url` and installs its change triggers, then opens Prisma's client and
 * the statements' driver on a pool of `poolSize` connections, their writes counted by `changes`.
 * Nothing is plugged in: the caller does that with useChangeSource and useSqlDriver.
 */
export async function openPostgresDatabase(url: string, poolSize = 10): Promise<PostgresDatabase> {
  const config = parseIntoClientConfig(url);
  const migrating = new pg.Client(config);
  await migrating.connect();
  try {
    await applyPostgresMigrations(migrating, { then: () => installChangeTriggers(migrating) });
  } finally {
    await migrating.end();
  }
  // Loaded here, not at the top: a server on SQLite never holds the PostgreSQL client's code.
  const [{ PrismaClient: PostgresClient }, { PrismaPg }] = await Promise.all([import('~/generated/prisma-pg/client'), import('@prisma/adapter-pg')]);
  const changes = await listenForChanges(config);
  const pool = new pg.Pool({ ...config, max: poolSize });
  const client = new PostgresClient({ adapter: new PrismaPg(pool) });
  const db = client.$extends({
    query: {
      $allModels: {
        async $allOperations({ model, operation, args, query }) {
          const result = await query(args);
          if (changes.writes(operation, model, args)) changes.wrote(model);
          return result;
        },
      },
    },
  }) as unknown as PrismaClient;
  return {
    db,
    pool,
    changes,
    driver: postgresDriver(pool, changes.wrote),
    async close() {
      await client.$disconnect();
      await pool.end().catch(() => {});
      await changes.close();
    },
  };
}
