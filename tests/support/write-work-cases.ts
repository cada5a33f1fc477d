// The group commit's cases (writeTransaction, app/lib/sql.server.ts), the same for each database's
// driver: app/lib/sql.test.ts runs them on SQLite, tests/postgresql/sql-driver.test.ts on PostgreSQL.
import { expect } from 'vitest';
import { sqlDate, writeTransaction, type Statement } from '~/lib/sql.server';

export interface CategoryWrites {
  insert: Statement<unknown, [string, string, string]>;
  named: Statement<unknown, [string]>;
  unique: (prefix: string) => string;
  /** How the database words a broken unique key. */
  uniqueViolation: RegExp;
}

/** The works asked for together commit as a group, each all or nothing on its own. */
export async function groupCommitsEachWorkOnItsOwn({ insert, named, unique, uniqueViolation }: CategoryWrites): Promise<void> {
  const [first, failing, last] = [unique('group'), unique('group'), unique('group')];
  let sawEarlierWork = 0;
  const results = await Promise.allSettled([
    writeTransaction(function* () {
      return (yield* insert.write.run(first, first, sqlDate())).changes;
    }),
    writeTransaction(function* () {
      yield* insert.write.run(failing, failing, sqlDate());
      yield* insert.write.run(first, first, sqlDate()); // nameKey is unique: this one fails
    }),
    writeTransaction(function* () {
      // The group's earlier work is visible to a later one: they run in order on one connection.
      sawEarlierWork = (yield* named.write.get(first)) ? 1 : 0;
      return (yield* insert.write.run(last, last, sqlDate())).changes;
    }),
  ]);
  expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  expect((results[0] as PromiseFulfilledResult<number>).value).toBe(1);
  expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(uniqueViolation);
  expect(sawEarlierWork).toBe(1);
  expect(await named.get(first)).toBeDefined();
  expect(await named.get(failing)).toBeUndefined(); // rolled back with its own work only
  expect(await named.get(last)).toBeDefined();
}

/** A work may catch a step that failed: the step alone is undone, and the work goes on. */
export async function caughtStepIsUndoneAlone({ insert, named, unique, uniqueViolation }: CategoryWrites): Promise<void> {
  const [taken, next] = [unique('taken'), unique('next')];
  await writeTransaction(() => insert.write.run(taken, taken, sqlDate()));
  const caught = await writeTransaction(function* () {
    let message = '';
    try {
      yield* insert.write.run(taken, taken, sqlDate());
    } catch (error) {
      message = String(error);
    }
    yield* insert.write.run(next, next, sqlDate());
    return message;
  });
  expect(caught).toMatch(uniqueViolation);
  expect(await named.get(next)).toBeDefined();
}
