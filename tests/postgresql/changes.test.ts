// Two processes on one PostgreSQL database, as two opened clients in this one: what one writes
// moves the other's change numbers (changes-postgresql.server.ts).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Table } from '~/lib/changes.server';
import { openPostgresDatabase, type PostgresDatabase } from '~/lib/postgresql.server';
import { freshDatabase } from '../support/postgres-cluster';

let a: PostgresDatabase;
let b: PostgresDatabase;
beforeAll(async () => {
  const url = await freshDatabase(inject('postgresUrl'));
  [a, b] = await Promise.all([openPostgresDatabase(url, 2), openPostgresDatabase(url, 2)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
});

const version = (database: PostgresDatabase, table: Table) => database.changes.source.version([table]);
let made = 0;
const category = (database: PostgresDatabase) => {
  const name = `category ${++made}`;
  return database.db.category.create({ data: { name, nameKey: name } });
};

/** Resolves with the milliseconds `table`'s number took to move away from `from` (at most 2 s). */
async function moved(database: PostgresDatabase, table: Table, from: number): Promise<number> {
  const start = performance.now();
  while (version(database, table) === from) {
    if (performance.now() - start > 2_000) throw new Error(`${table} did not move in 2 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return performance.now() - start;
}

describe('change numbers across processes on PostgreSQL', () => {
  it("another process's commit moves the tables it wrote within a second, and only those", async () => {
    const [categories, challenges] = [version(a, 'Category'), version(a, 'Challenge')];
    await category(b);
    expect(await moved(a, 'Category', categories)).toBeLessThan(1_000);
    expect(version(a, 'Challenge')).toBe(challenges);
  });

  it("this process's own write is counted once, by the time it returns; a transaction's at its commit; a login stamp not at all", async () => {
    const before = version(a, 'Category');
    await category(a);
    expect(version(a, 'Category')).toBe(before + 1);
    await a.changes.caughtUp();
    expect(version(a, 'Category')).toBe(before + 1); // its notification was the count, not a second one
    await a.db.$transaction(async (tx) => {
      await tx.category.create({ data: { name: 'one of two', nameKey: 'one of two' } });
      await tx.category.create({ data: { name: 'two of two', nameKey: 'two of two' } });
    });
    expect(version(a, 'Category')).toBe(before + 2); // one notification per table and transaction
    const user = await a.db.user.create({ data: { username: 'Ada', usernameKey: 'ada', fullname: 'Ada Lovelace', email: 'ada@example.test', passwordHash: 'x' } });
    const users = version(a, 'User');
    await a.db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    await a.changes.caughtUp();
    expect(version(a, 'User')).toBe(users);
    await a.db.user.update({ where: { id: user.id }, data: { fullname: 'Ada King' } });
    expect(version(a, 'User')).toBe(users + 1);
  });

  it('a rolled-back transaction, a login stamp and an update of no row move nothing elsewhere', async () => {
    const before = version(a, 'User');
    const user = await b.db.user.create({ data: { username: 'Grace', usernameKey: 'grace', fullname: 'Grace Hopper', email: 'grace@example.test', passwordHash: 'x' } });
    await moved(a, 'User', before);
    const users = version(a, 'User');
    const categories = version(a, 'Category');
    const sessions = version(a, 'Session');
    await expect(
      b.db.$transaction(async (tx) => {
        await tx.category.create({ data: { name: 'never', nameKey: 'never' } });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await b.db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    await b.db.category.updateMany({ where: { id: -1 }, data: { name: 'nobody' } });
    // Notifications arrive in commit order: once this later one is in, the earlier would have been.
    await b.db.session.create({ data: { id: 'a-session', userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    await moved(a, 'Session', sessions);
    expect(version(a, 'Category')).toBe(categories);
    expect(version(a, 'User')).toBe(users);
  });

  it('while the listening connection is lost, every reading is new; once it is back, notifications count again', async () => {
    await b.pool.query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'ctf changes'");
    // Both processes' listeners are gone: readings keep moving until each has listened again.
    const start = performance.now();
    let previous = version(a, 'Challenge');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const now = version(a, 'Challenge');
      if (now === previous && version(a, 'Challenge') === now) break;
      if (performance.now() - start > 5_000) throw new Error('never listened again');
      previous = now;
    }
    const categories = version(a, 'Category');
    await category(b);
    expect(await moved(a, 'Category', categories)).toBeLessThan(1_000);
  });
});
