import { readdirSync } from 'node:fs';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { isUniqueViolation } from '~/lib/errors.server';
import { openPostgresDatabase, type PostgresDatabase } from '~/lib/postgresql.server';
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
});
