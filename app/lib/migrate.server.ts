// Applies a migration history at start without Prisma's CLI (which needs a download, see
// TOOLCHAIN.md), recording each in _prisma_migrations exactly as `prisma migrate deploy` would:
// prisma/migrations on SQLite, prisma/migrations-postgresql on PostgreSQL.
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type Database from 'better-sqlite3';

const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" TEXT PRIMARY KEY NOT NULL, "checksum" TEXT NOT NULL, "finished_at" DATETIME,
  "migration_name" TEXT NOT NULL, "logs" TEXT, "rolled_back_at" DATETIME,
  "started_at" DATETIME NOT NULL DEFAULT current_timestamp, "applied_steps_count" INTEGER UNSIGNED NOT NULL DEFAULT 0)`;

/**
 * What a migration's SQL cannot do, run in its transaction right after its SQL: reading files into
 * the database. Each returns the files to delete once the migration is committed.
 */
const DATA_STEPS: Record<string, (db: Database.Database, uploadDir: string) => string[]> = {
  '20261124024734_writeups_in_database': writeupFilesIntoDatabase,
};

/**
 * Writeups used to be files under UPLOAD_DIR/writeups, named by Submission.writeup (dropped by the
 * next migration). Their bytes move into Writeup; a submission whose file is gone keeps no writeup
 * name, so writeupName is set exactly when a Writeup row exists.
 */
function writeupFilesIntoDatabase(db: Database.Database, uploadDir: string): string[] {
  const insert = db.prepare('INSERT INTO "Writeup" ("submissionId", "bytes") VALUES (?, ?)');
  const moved: string[] = [];
  for (const row of db.prepare<[], { id: number; writeup: string }>('SELECT id, writeup FROM "Submission" WHERE writeup IS NOT NULL').all()) {
    const path = join(uploadDir, 'writeups', row.writeup.replace(/[/\\]/g, ''));
    if (!existsSync(path)) continue;
    insert.run(row.id, readFileSync(path));
    moved.push(path);
  }
  db.exec(`UPDATE "Submission" SET "writeupName" = NULL WHERE "writeupName" IS NOT NULL AND id NOT IN (SELECT "submissionId" FROM "Writeup");
    UPDATE "Submission" SET "writeupName" = 'writeup' WHERE "writeupName" IS NULL AND id IN (SELECT "submissionId" FROM "Writeup")`);
  return moved;
}

/** A history's migrations not applied yet (`done` are), in the order they apply, each with its SQL and Prisma's checksum of it. */
function pendingMigrations(dir: string, done: Set<string>): { name: string; sql: string; checksum: string }[] {
  const names = existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory() && !done.has(d.name)).map((d) => d.name).sort()
    : [];
  return names.map((name) => {
    const sql = readFileSync(join(dir, name, 'migration.sql'), 'utf8');
    return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
  });
}

/** Applies the migrations not applied yet; `uploadDir` is where the data steps find files (env.uploadDir). */
export function applyMigrations(db: Database.Database, uploadDir: string, dir = resolve('prisma/migrations')): string[] {
  db.exec(MIGRATIONS_TABLE);
  const done = new Set(
    (db.prepare('SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL').all() as { migration_name: string }[]).map((r) => r.migration_name),
  );
  const applied: string[] = [];
  for (const { name, sql, checksum } of pendingMigrations(dir, done)) {
    // Table rebuilds would cascade-delete child rows with foreign keys on; check them before commit.
    db.pragma('foreign_keys = OFF');
    let obsolete: string[] = [];
    try {
      db.transaction(() => {
        db.exec(sql);
        obsolete = DATA_STEPS[name]?.(db, uploadDir) ?? [];
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length) throw new Error(`migration ${name} leaves ${broken.length} broken foreign keys`);
        db.prepare(
          'INSERT INTO _prisma_migrations (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES (?, ?, ?, ?, ?, 1)',
        ).run(randomUUID(), checksum, Date.now(), name, Date.now());
      })();
    } finally {
      db.pragma('foreign_keys = ON');
    }
    for (const path of obsolete) rmSync(path, { force: true });
    applied.push(name);
  }
  return applied;
}

/** Prisma's own table for PostgreSQL, as `prisma migrate deploy` creates it. */
const POSTGRES_MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
  "id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ,
  "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ,
  "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0)`;

/** The lock `prisma migrate` itself takes, so a migration runs once however many processes start together. */
const MIGRATION_LOCK = 72707369;

/** What applyPostgresMigrations needs of a connection (node-postgres's Client). */
export interface PostgresConnection {
  query<Row = unknown>(text: string, values?: unknown[]): Promise<{ rows: Row[] }>;
}

/**
 * The PostgreSQL history (prisma/migrations-postgresql) on one connection: each migration not yet
 * applied, in its own transaction with its record in _prisma_migrations, under PostgreSQL's advisory
 * lock (a process starting meanwhile waits, then finds them applied). It has no data steps: the
 * history starts from the model as it stands, with no writeup files left to read in. `then` runs
 * under the same lock, after the last migration.
 */
export async function applyPostgresMigrations(
  connection: PostgresConnection,
  { dir = resolve('prisma/migrations-postgresql'), then }: { dir?: string; then?: () => Promise<void> } = {},
): Promise<string[]> {
  await connection.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
  try {
    await connection.query(POSTGRES_MIGRATIONS_TABLE);
    const done = new Set(
      (await connection.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL')).rows.map((r) => r.migration_name),
    );
    const applied: string[] = [];
    for (const { name, sql, checksum } of pendingMigrations(dir, done)) {
      await connection.query('BEGIN');
      try {
        await connection.query(sql);
        await connection.query(
          'INSERT INTO "_prisma_migrations" (id, checksum, finished_at, migration_name, started_at, applied_steps_count) VALUES ($1, $2, now(), $3, now(), 1)',
          [randomUUID(), checksum, name],
        );
        await connection.query('COMMIT');
      } catch (error) {
        await connection.query('ROLLBACK');
        throw error;
      }
      applied.push(name);
    }
    await then?.();
    return applied;
  } finally {
    await connection.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  }
}
