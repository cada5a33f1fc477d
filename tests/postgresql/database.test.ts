import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { DatabaseBusy, databaseBusy, isUniqueViolation } from '~/lib/errors.server';
import { openPostgresDatabase, type PostgresDatabase } from '~/lib/postgresql.server';
import { WRITE_LOCK } from '~/lib/sql-postgresql.server';
import { BUSY } from '~/lib/sql.server';
import { freshDatabase } from '../support/postgres-cluster';

const opened: PostgresDatabase[] = [];
const open = async (url: string) => {
  const database = await openPostgresDatabase(url, 2);
  opened.push(database);
  return database;
};
afterAll(async () => {
  for (const database of opened) await database.close();
});

const history = readdirSync('prisma/migrations-postgresql', { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();

describe('the database on PostgreSQL', () => {
  it('applies the PostgreSQL history once, however many processes start together', async () => {
    const url = await freshDatabase(inject('postgresUrl'));
    const [{ pool }] = await Promise.all([open(url), open(url), open(url)]);
    const { rows } = await pool.query<{ migration_name: string }>('SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL ORDER BY migration_name');
    expect(rows.map((r) => r.migration_name)).toEqual(history);
    await open(url);
    expect((await pool.query('SELECT count(*)::int AS n FROM "_prisma_migrations"')).rows[0].n).toBe(history.length);
  });

  it('runs the domain\'s Prisma calls through the pg adapter, a broken unique key recognised as on SQLite', async () => {
    const { db } = await open(await freshDatabase(inject('postgresUrl')));
    const user = { username: 'Ada', usernameKey: 'ada', fullname: 'Ada Lovelace', email: 'ada@example.test', passwordHash: 'x' };
    const created = await db.user.create({ data: user });
    expect(await db.user.findUnique({ where: { usernameKey: 'ada' }, select: { id: true, isStaff: true, createdAt: true } })).toEqual({
      id: created.id,
      isStaff: false,
      createdAt: expect.any(Date),
    });
    const duplicate = await db.user.create({ data: { ...user, usernameKey: 'ada2' } }).catch((error: unknown) => error);
    expect(isUniqueViolation(duplicate)).toBe(true);
    // An interactive transaction that throws leaves nothing behind.
    await expect(
      db.$transaction(async (tx) => {
        await tx.user.update({ where: { id: created.id }, data: { coin: 5 } });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await db.user.findUniqueOrThrow({ where: { id: created.id } })).coin).toBe(0);
  });

  it('lets one write transaction run at a time: two that read, decide, then write never decide on the same reading', async () => {
    const { db } = await open(await freshDatabase(inject('postgresUrl')));
    const user = await db.user.create({ data: { username: 'Bo', usernameKey: 'bo', fullname: 'Bo', email: 'bo@example.test', passwordHash: 'x', coin: 10 } });
    // Ten purchases of 3 coins each at once, each reading the balance first: three can pass.
    const spend = () =>
      db.$transaction(async (tx) => {
        const { coin } = await tx.user.findUniqueOrThrow({ where: { id: user.id }, select: { coin: true } });
        if (coin < 3) return false;
        await new Promise((resolve) => setTimeout(resolve, 5)); // another would read the same balance now
        await tx.user.update({ where: { id: user.id }, data: { coin: coin - 3 } });
        return true;
      });
    const spent = await Promise.all(Array.from({ length: 10 }, spend));
    expect(spent.filter(Boolean)).toHaveLength(3);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).coin).toBe(1);
  });

  it('fails a write transaction that waited for the writers\' lock past the bound as DatabaseBusy, and runs it once the lock is free', async () => {
    const url = await freshDatabase(inject('postgresUrl'));
    const { db } = await open(url);
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    const bound = BUSY.boundMs;
    try {
      BUSY.boundMs = 200;
      await other.query(WRITE_LOCK.replace('pg_advisory_xact_lock', 'pg_advisory_lock'));
      const started = performance.now();
      const refused = await db.$transaction((tx) => tx.category.create({ data: { name: 'Web', nameKey: 'web' } })).catch((error: unknown) => error);
      expect(databaseBusy(refused)).toBeInstanceOf(DatabaseBusy);
      expect(performance.now() - started).toBeLessThan(2_000);
      await other.query(WRITE_LOCK.replace('pg_advisory_xact_lock', 'pg_advisory_unlock'));
      await db.$transaction((tx) => tx.category.create({ data: { name: 'Web', nameKey: 'web' } }));
      expect(await db.category.count()).toBe(1);
    } finally {
      BUSY.boundMs = bound;
      await other.end();
    }
  });
});
