// The database on PostgreSQL (issue 22): Prisma's client generated for PostgreSQL from the same
// schema (prisma/generate.mjs), through Prisma's `pg` adapter, after the PostgreSQL history is
// applied, with the change notifications every cache needs (changes-postgresql.server.ts). Its
// models and methods are the SQLite client's, so the domain's Prisma calls run unchanged.
// lib/db.server.ts opens it when DATABASE_URL names a PostgreSQL database (docs/architecture.md
// "PostgreSQL").
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import type { PrismaClient } from '~/generated/prisma/client';
import { installChangeTriggers, listenForChanges, type PostgresChanges } from './changes-postgresql.server';
import { applyPostgresMigrations } from './migrate.server';
import { postgresDriver, takeWriteLock } from './sql-postgresql.server';
import { BUSY, mayWrite, type SqlDriver } from './sql.server';

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
  const factory = new PrismaPg(pool);
  const client = new PostgresClient({
    adapter: takingTurns(factory, changes),
    // Prisma's own wait for a transaction to start (2 s by default) outlasts the lock's bound, as on SQLite (db.server.ts).
    transactionOptions: { maxWait: BUSY.boundMs + 2_000 },
  });
  const db = client as unknown as PrismaClient;
  return {
    db,
    pool,
    changes,
    driver: postgresDriver(pool, changes.caughtUp),
    async close() {
      await client.$disconnect();
      await pool.end().catch(() => {});
      await changes.close();
    },
  };
}

type AdapterFactory = InstanceType<typeof import('@prisma/adapter-pg').PrismaPg>;
type Adapter = Awaited<ReturnType<AdapterFactory['connect']>>;
type Query = Parameters<Adapter['queryRaw']>[0];

/**
 * Prisma's adapter, with what every write through it needs here: a transaction takes its turn with
 * every other writer (takeWriteLock, sql-postgresql.server.ts), and a write (a transaction's commit,
 * a statement outside one) returns once this process has counted its notifications (caughtUp).
 */
function takingTurns(factory: AdapterFactory, changes: PostgresChanges): AdapterFactory {
  return Object.assign(Object.create(factory), {
    connect: async () => {
      const connection = await factory.connect();
      const counted = <T>(query: Query, result: T) => (mayWrite(query) ? changes.caughtUp().then(() => result) : result);
      return Object.assign(Object.create(connection), {
        queryRaw: async (query: Query) => counted(query, await connection.queryRaw(query)),
        executeRaw: async (query: Query) => counted(query, await connection.executeRaw(query)),
        startTransaction: async (isolationLevel?: Parameters<Adapter['startTransaction']>[0]) => {
          const tx = await connection.startTransaction(isolationLevel);
          try {
            for (const sql of takeWriteLock()) await tx.executeRaw({ sql, args: [], argTypes: [] });
          } catch (error) {
            // The adapter's rollback only hands the connection back: the ROLLBACK is Prisma's to send.
            await tx.executeRaw({ sql: 'ROLLBACK', args: [], argTypes: [] }).catch(() => {});
            await tx.rollback().catch(() => {});
            throw error;
          }
          // Prisma sends COMMIT itself, then calls this.
          return Object.assign(Object.create(tx), {
            commit: async () => {
              await tx.commit();
              await changes.caughtUp();
            },
          });
        },
      });
    },
  });
}
