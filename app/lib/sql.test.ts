import { describe, expect, it } from 'vitest';
import { makePracticeChallenge } from '../../tests/support/play-factories';
import { makeUser, unique } from '../../tests/support/factories';
import { db } from './db.server';
import { changeVersion, sqlDate, statement, writeTransaction } from './sql.server';

const insertCategory = statement<unknown, [string, string, string]>('INSERT INTO "Category" (name, nameKey, createdAt) VALUES (?, ?, ?)');
const categoryNamed = statement<{ id: number }, [string]>('SELECT id FROM "Category" WHERE nameKey = ?');

/** A Prisma interactive transaction that writes `name`, then stays open until released, then fails. */
function slowFailingTransaction(name: string) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let opened!: () => void;
  const started = new Promise<void>((resolve) => (opened = resolve));
  const done = db
    .$transaction(
      async (tx) => {
        await tx.category.create({ data: { name, nameKey: name } });
        opened();
        await held;
        throw new Error('roll back');
      },
      { timeout: 10_000 },
    )
    .catch((error: Error) => error.message);
  return { started, release, done };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe('one connection, safely shared', () => {
  it('a raw write waits for an open Prisma transaction instead of joining it', async () => {
    const mine = unique('raw');
    const theirs = unique('prisma');
    const tx = slowFailingTransaction(theirs);
    await tx.started;

    let written = false;
    const raw = writeTransaction(() => insertCategory.now().run(mine, mine, sqlDate())).then(() => (written = true));
    await settle();
    expect(written).toBe(false); // still waiting: the Prisma transaction is open

    tx.release();
    expect(await tx.done).toBe('roll back');
    await raw;
    // Rolling back Prisma's transaction took only Prisma's row with it.
    expect(await categoryNamed.get(mine)).toBeDefined();
    expect(await categoryNamed.get(theirs)).toBeUndefined();
  });

  it("another request's Prisma writes and raw reads never join a slow transaction that fails", async () => {
    const user = await makeUser();
    const theirs = unique('slow');
    const tx = slowFailingTransaction(theirs);
    await tx.started;

    // Meanwhile, other requests: a login stamps lastLoginAt and opens a session, a raw read looks up
    // the row the transaction wrote but has not committed.
    const loginAt = new Date('2026-01-02T03:04:05Z');
    const login = db.user.update({ where: { id: user.id }, data: { lastLoginAt: loginAt } });
    const session = db.session.create({ data: { id: unique('session'), userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    const peek = categoryNamed.get(theirs);
    await settle();

    tx.release();
    expect(await tx.done).toBe('roll back');
    await Promise.all([login, session]);
    expect(await peek).toBeUndefined(); // never saw the uncommitted row
    // Both writes survived the other transaction's rollback.
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).lastLoginAt?.toISOString()).toBe(loginAt.toISOString());
    expect(await db.session.count({ where: { userId: user.id } })).toBe(1);
    expect(await db.category.count({ where: { nameKey: theirs } })).toBe(0);
  });

  it('a raw write rolls back its own work when the work throws', async () => {
    const name = unique('raw');
    await expect(
      writeTransaction(() => {
        insertCategory.now().run(name, name, sqlDate());
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(await categoryNamed.get(name)).toBeUndefined();
  });

  it('commits the writes asked for together as a group, each all or nothing on its own', async () => {
    const [first, failing, last] = [unique('group'), unique('group'), unique('group')];
    let sawEarlierWork = 0;
    const results = await Promise.allSettled([
      writeTransaction(() => insertCategory.now().run(first, first, sqlDate()).changes),
      writeTransaction(() => {
        insertCategory.now().run(failing, failing, sqlDate());
        insertCategory.now().run(first, first, sqlDate()); // nameKey is unique: this one fails
      }),
      writeTransaction(() => {
        // The group's earlier work is visible to a later one: they run in order on one connection.
        sawEarlierWork = categoryNamed.now().get(first) ? 1 : 0;
        return insertCategory.now().run(last, last, sqlDate()).changes;
      }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[0] as PromiseFulfilledResult<number>).value).toBe(1);
    expect(String((results[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/);
    expect(sawEarlierWork).toBe(1);
    expect(await categoryNamed.get(first)).toBeDefined();
    expect(await categoryNamed.get(failing)).toBeUndefined(); // rolled back with its own work only
    expect(await categoryNamed.get(last)).toBeDefined();
  });

  it('offers a synchronous statement only inside writeTransaction', () => {
    expect(() => categoryNamed.now()).toThrow(/only inside writeTransaction/);
  });
});

describe('change counters', () => {
  it('move per table, for every writer, and not for a login or the attempt log', async () => {
    const user = await makeUser();
    const challenge = await makePracticeChallenge();
    const of = (...tables: Parameters<typeof changeVersion>[0]) => changeVersion(tables);
    const before = { users: of('User'), submissions: of('Submission'), categories: of('Category'), sessions: of('Session') };

    // The attempt log is written every 50 ms during play and no cache reads it.
    await db.flagAttempt.create({ data: { challengeId: challenge.id, userId: user.id, isCorrect: false } });
    // A login: lastLoginAt and a new session.
    await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
    await db.session.create({ data: { id: unique('session'), userId: user.id, expiresAt: new Date(Date.now() + 60_000) } });
    expect(of('User')).toBe(before.users);
    expect(of('Submission')).toBe(before.submissions);
    expect(of('Session')).not.toBe(before.sessions);

    // A raw write counts like a Prisma one.
    const name = unique('raw');
    await writeTransaction(() => insertCategory.now().run(name, name, sqlDate()));
    expect(of('Category')).not.toBe(before.categories);
    expect(of('User')).toBe(before.users);

    await db.user.update({ where: { id: user.id }, data: { fullname: 'Changed Name' } });
    expect(of('User')).not.toBe(before.users);
    expect(of('Submission')).toBe(before.submissions);
  });
});
