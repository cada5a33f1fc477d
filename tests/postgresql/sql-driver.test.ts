// sql.server.ts's statements and write works on PostgreSQL's driver (sql-postgresql.server.ts): the
// same texts and works as on SQLite, the same group commit.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgresDatabase, type PostgresDatabase } from '~/lib/postgresql.server';
import { containsLiteral, containsPattern } from '~/lib/literal-search';
import { dialect, sqlDate, statement, useSqlDriver, writeTransaction } from '~/lib/sql.server';
import { freshDatabase } from '../support/postgres-cluster';
import { caughtStepIsUndoneAlone, groupCommitsEachWorkOnItsOwn } from '../support/write-work-cases';

const insertCategory = statement<unknown, [string, string, string]>('INSERT INTO "Category" (name, "nameKey", "createdAt") VALUES (?, ?, ?)');
const categoryNamed = statement<{ id: number; createdAt: string }, [string]>('SELECT id, "createdAt" FROM "Category" WHERE "nameKey" = ?');
const countNamed = statement<{ n: number }, [{ prefix: string }]>('SELECT COUNT(*) AS n FROM "Category" WHERE "nameKey" LIKE @prefix OR name LIKE @prefix');

let database: PostgresDatabase;
beforeAll(async () => {
  database = await openPostgresDatabase(await freshDatabase(inject('postgresUrl')), 4);
  useSqlDriver(database.driver);
});
afterAll(async () => {
  useSqlDriver(null);
  await database?.close();
});

let made = 0;
const unique = (prefix: string) => `${prefix}-${++made}`;
const categories = { insert: insertCategory, named: categoryNamed, unique, uniqueViolation: /unique/i };

describe('statements and write works on PostgreSQL', () => {
  it("reads with positional and named placeholders, rows as SQLite's: counts as numbers, dates as Prisma's text, booleans as 1 and 0", async () => {
    const name = unique('read');
    // A whole second: PostgreSQL prints no fraction then, and the text must still be Prisma's.
    const at = new Date('2026-11-29T23:59:00.000Z');
    await writeTransaction(() => insertCategory.write.run(name, name, sqlDate(at)));
    expect(await categoryNamed.get(name)).toEqual({ id: expect.any(Number), createdAt: '2026-11-29T23:59:00.000+00:00' });
    const flags = statement<{ yes: number; no: number }, []>('SELECT TRUE AS yes, FALSE AS no');
    expect(await flags.get()).toEqual({ yes: 1, no: 0 });
    expect(await countNamed.get({ prefix: 'read-%' })).toEqual({ n: 1 });
    expect(await categoryNamed.get('nobody')).toBeUndefined();
  });

  it('commits the works asked for together as a group, each all or nothing on its own', () => groupCommitsEachWorkOnItsOwn(categories));

  it('answers a committed work once this process has counted what it wrote, and counts nothing for a work rolled back or a write of no row', async () => {
    const version = () => database.changes.source.version(['Category']);
    const before = version();
    const name = unique('told');
    await writeTransaction(() => insertCategory.write.run(name, name, sqlDate()));
    expect(version()).toBe(before + 1);
    const renameNobody = statement<unknown, [string]>('UPDATE "Category" SET name = ? WHERE id = -1');
    await writeTransaction(() => renameNobody.write.run('nobody'));
    await expect(
      writeTransaction(function* () {
        yield* insertCategory.write.run(unique('never'), unique('never'), sqlDate());
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await database.changes.caughtUp();
    expect(version()).toBe(before + 1);
  });

  it('lets a work catch a step that failed, the step alone undone, and go on', () => caughtStepIsUndoneAlone(categories));

  it("speaks PostgreSQL's dialect where the databases differ: the day of a date, a literal search ignoring ASCII case, no index hint", async () => {
    const [plain, percent] = [unique('Find 50% Off'), unique('find 50 pct off')];
    await writeTransaction(function* () {
      yield* insertCategory.write.run(plain, plain.toLowerCase(), sqlDate(new Date('2026-11-29T23:59:00Z')));
      yield* insertCategory.write.run(percent, percent.toLowerCase(), sqlDate());
    });
    const dayOf = statement<{ day: string }, [string]>(`SELECT ${dialect().day('"createdAt"')} AS day FROM "Category" WHERE name = ?`);
    expect(await dayOf.get(plain)).toEqual({ day: '2026-11-29' });
    const found = statement<{ name: string }, [string]>(`SELECT name FROM "Category" ${dialect().indexedBy('Category_nameKey_key')} WHERE ${containsLiteral('name')} ORDER BY name`);
    expect((await found.all(containsPattern('50% OFF'))).map((r) => r.name)).toEqual([plain]);
  });
});
