// Moving a site from SQLite to PostgreSQL (prisma/copy-to-postgresql.ts, README "Deployment"): the
// demo site seeded into this file's SQLite database, copied into PostgreSQL, reads the same there.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { db as sqlite, dbReady } from '~/lib/db.server';
import { databasePath, env } from '~/lib/env.server';
import { verifyPassword } from '~/lib/password.server';
import { openPostgresDatabase, type PostgresDatabase } from '~/lib/postgresql.server';
import { copyToPostgres } from '../../prisma/copy-to-postgresql';
import { DEMO_PASSWORD, seedDemo } from '../../prisma/seed';
import { freshDatabase } from '../support/postgres-cluster';

let url: string;
let postgres: PostgresDatabase;
beforeAll(async () => {
  await dbReady;
  await seedDemo(sqlite);
  url = await freshDatabase(inject('postgresUrl'));
  await copyToPostgres(databasePath(env.databaseUrl)!, url);
  postgres = await openPostgresDatabase(url, 2);
}, 60_000);
afterAll(() => postgres?.close());

describe('copying a SQLite site into PostgreSQL', () => {
  it('copies every row, ids, dates, booleans and passwords as they were', async () => {
    const read = (db: typeof sqlite) =>
      Promise.all([
        db.user.findMany({ orderBy: { id: 'asc' }, select: { id: true, email: true, isStaff: true, createdAt: true, passwordHash: true } }),
        db.challenge.count(),
        db.submission.findMany({ orderBy: { id: 'asc' }, select: { id: true, isValidated: true, createdAt: true, teamId: true } }),
        db.teamMember.count(),
        db.coinEntry.aggregate({ _sum: { amount: true } }),
      ]);
    const [before, after] = [await read(sqlite), await read(postgres.db)];
    expect(before[0].length).toBeGreaterThan(3);
    expect(after).toEqual(before);
    const alice = after[0].find((u) => u.email === 'alice@example.com')!;
    expect(await verifyPassword(DEMO_PASSWORD, alice.passwordHash)).toBe(true);
  });

  it('goes on numbering after the copied rows, and refuses to copy into a database that holds rows', async () => {
    const last = await postgres.db.category.findFirstOrThrow({ orderBy: { id: 'desc' } });
    const next = await postgres.db.category.create({ data: { name: 'Hardware', nameKey: 'hardware' } });
    expect(next.id).toBe(last.id + 1);
    await expect(copyToPostgres(databasePath(env.databaseUrl)!, url)).rejects.toThrow(/holds rows already: the copy goes into an empty database only/);
  });
});
