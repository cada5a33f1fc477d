import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { makePracticeChallenge } from '../../tests/support/play-factories';
import { makeUser, unique } from '../../tests/support/factories';
import { caughtStepIsUndoneAlone, groupCommitsEachWorkOnItsOwn } from '../../tests/support/write-work-cases';
import { db, dbReady } from './db.server';
import { databasePath } from './env.server';
import { DatabaseBusy, databaseBusy } from './errors.server';
import { changeVersion } from './changes.server';
import { BUSY, sqlDate, statement, writeTransaction } from './sql.server';

const insertCategory = statement<unknown, [string, string, string]>('INSERT INTO "Category" (name, nameKey, createdAt) VALUES (?, ?, ?)');
const categoryNamed = statement<{ id: number }, [string]>('SELECT id FROM "Category" WHERE nameKey = ?');
const categories = { insert: insertCategory, named: categoryNamed, unique, uniqueViolation: /UNIQUE/ };

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
    const raw = writeTransaction(() => insertCategory.write.run(mine, mine, sqlDate())).then(() => (written = true));
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
      writeTransaction(function* () {
        yield* insertCategory.write.run(name, name, sqlDate());
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(await categoryNamed.get(name)).toBeUndefined();
  });

  it('commits the writes asked for together as a group, each all or nothing on its own', () => groupCommitsEachWorkOnItsOwn(categories));

  it("runs a statement's write steps only when writeTransaction drives the work that yields them", async () => {
    const name = unique('steps');
    const steps = insertCategory.write.run(name, name, sqlDate());
    await settle();
    expect(await categoryNamed.get(name)).toBeUndefined(); // made, not run
    await writeTransaction(() => steps);
    expect(await categoryNamed.get(name)).toBeDefined();
  });

  it('lets a work catch a step that failed, the step alone undone', () => caughtStepIsUndoneAlone(categories));
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
    await writeTransaction(() => insertCategory.write.run(name, name, sqlDate()));
    expect(of('Category')).not.toBe(before.categories);
    expect(of('User')).toBe(before.users);

    await db.user.update({ where: { id: user.id }, data: { fullname: 'Changed Name' } });
    expect(of('User')).not.toBe(before.users);
    expect(of('Submission')).toBe(before.submissions);
  });
});

describe("another process's writes", () => {
  const of = (...tables: Parameters<typeof changeVersion>[0]) => changeVersion(tables);
  /** Past the interval at which data_version is read, so the next reading sees what was committed. */
  const past50ms = () => new Promise((resolve) => setTimeout(resolve, 60));

  it('move, within 50 ms, only the tables that process says it wrote (its counts in TableWrites)', async () => {
    await dbReady;
    await past50ms();
    const before = { categories: of('Category'), submissions: of('Submission'), users: of('User') };
    // What another server process's triggers do: the write and its count, in one transaction.
    const other = new Database(databasePath(process.env.DATABASE_URL!)!);
    try {
      const name = unique('elsewhere');
      other.transaction(() => {
        other.prepare('INSERT INTO "Category" (name, nameKey, createdAt) VALUES (?, ?, ?)').run(name, name, sqlDate());
        other.prepare('INSERT INTO "TableWrites" (name, writer, writes) VALUES (?, ?, 1) ON CONFLICT (name, writer) DO UPDATE SET writes = writes + 1').run('Category', process.pid + 1);
      })();
      await past50ms();
      expect(of('Category')).not.toBe(before.categories);
      expect(of('Submission')).toBe(before.submissions);
      expect(of('User')).toBe(before.users);
    } finally {
      other.close();
    }
  });

  it('move every table when a commit came from a writer that counts nothing (the sqlite3 shell, a backup tool)', async () => {
    await dbReady;
    await past50ms();
    const before = { categories: of('Category'), submissions: of('Submission') };
    const other = new Database(databasePath(process.env.DATABASE_URL!)!);
    try {
      const name = unique('shell');
      other.prepare('INSERT INTO "Category" (name, nameKey, createdAt) VALUES (?, ?, ?)').run(name, name, sqlDate());
      await past50ms();
      expect(of('Category')).not.toBe(before.categories);
      expect(of('Submission')).not.toBe(before.submissions);
    } finally {
      other.close();
    }
  });

  it("are told apart from this process's own, which count in TableWrites under its process id", async () => {
    const user = await makeUser();
    const counted = await db.$queryRawUnsafe<{ writes: number }[]>('SELECT writes FROM "TableWrites" WHERE name = \'User\' AND writer = ?', process.pid);
    expect(Number(counted[0].writes)).toBeGreaterThan(0);
    await db.user.update({ where: { id: user.id }, data: { fullname: 'Counted Name' } });
    const after = await db.$queryRawUnsafe<{ writes: number }[]>('SELECT writes FROM "TableWrites" WHERE name = \'User\' AND writer = ?', process.pid);
    expect(Number(after[0].writes)).toBe(Number(counted[0].writes) + 1);
  });
});

// ---- A busy database: another process holds SQLite's write lock ------------------------------

const BOUNDS = { ...BUSY };
const locks: Database.Database[] = [];
afterEach(() => {
  Object.assign(BUSY, BOUNDS);
  for (const connection of locks.splice(0)) if (connection.open) connection.close(); // a failed test's lock
});

/** Another connection to the same file takes the write lock, as a backup or the sqlite3 shell would. */
async function otherProcessLocks(): Promise<{ release: () => void }> {
  await dbReady;
  const other = new Database(databasePath(process.env.DATABASE_URL!)!);
  locks.push(other);
  other.exec('BEGIN IMMEDIATE');
  return { release: () => other.close() }; // closing ends its transaction, as a process's exit would
}

/** The longest the event loop stood still while `during` ran (a 5 ms interval's largest gap). */
async function longestStall<T>(during: Promise<T>): Promise<{ value: PromiseSettledResult<T>; stallMs: number }> {
  let last = performance.now();
  let stallMs = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last);
    last = now;
  }, 5);
  const [value] = await Promise.allSettled([during]);
  clearInterval(ticker);
  return { value, stallMs };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a busy database', () => {
  it('a group that finds the lock taken waits for it, then commits in order, the writes asked for meanwhile after it', async () => {
    const lock = await otherProcessLocks();
    const order: string[] = [];
    const write = (name: string) =>
      writeTransaction(function* () {
        order.push(name);
        return (yield* insertCategory.write.run(name, name, sqlDate())).changes;
      });
    const [a, b] = [unique('first'), unique('second')];
    const group = Promise.all([write(a), write(b)]);
    await sleep(150);
    const later = unique('later');
    const late = write(later);
    setTimeout(lock.release, 300);
    const { value, stallMs } = await longestStall(Promise.all([group, late]));
    expect(value).toEqual({ status: 'fulfilled', value: [[1, 1], 1] });
    expect(order).toEqual([a, b, later]);
    for (const name of [a, b, later]) expect(await categoryNamed.get(name)).toBeDefined();
    // SQLite's own wait is short; the rest of the wait was asynchronous.
    expect(stallMs).toBeLessThan(1_000); // the old busy_timeout froze the loop for 5 s
  });

  it('past the bound, every caller of the group gets DatabaseBusy; the next write commits once the lock is gone', async () => {
    BUSY.boundMs = 300;
    const lock = await otherProcessLocks();
    const names = [unique('refused'), unique('refused')];
    const started = performance.now();
    const results = await Promise.allSettled(names.map((name) => writeTransaction(() => insertCategory.write.run(name, name, sqlDate()))));
    const waited = performance.now() - started;
    lock.release();
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    for (const r of results) {
      const error = (r as PromiseRejectedResult).reason;
      expect(error).toBeInstanceOf(DatabaseBusy);
      expect(error).toMatchObject({ status: 503, retryAfterSeconds: expect.any(Number) });
    }
    expect(waited).toBeGreaterThanOrEqual(290);
    expect(waited).toBeLessThan(3_000);
    for (const name of names) expect(await categoryNamed.get(name)).toBeUndefined();
    const after = unique('after');
    await writeTransaction(() => insertCategory.write.run(after, after, sqlDate()));
    expect(await categoryNamed.get(after)).toBeDefined();
  });

  it('each work of a group is bounded from when it was asked for: a later one outlives an earlier one that timed out', async () => {
    BUSY.boundMs = 400;
    const lock = await otherProcessLocks();
    const early = unique('early');
    const first = writeTransaction(() => insertCategory.write.run(early, early, sqlDate())).catch((error) => error);
    await sleep(250);
    const late = unique('late');
    const second = writeTransaction(function* () {
      return (yield* insertCategory.write.run(late, late, sqlDate())).changes;
    });
    expect(await first).toBeInstanceOf(DatabaseBusy);
    lock.release();
    expect(await second).toBe(1);
    expect(await categoryNamed.get(late)).toBeDefined();
  });

  it('a Prisma write outside a transaction is tried again once the lock is free; past the bound it is a busy error', async () => {
    let lock = await otherProcessLocks();
    setTimeout(lock.release, 300);
    const name = unique('prisma');
    await db.category.create({ data: { name, nameKey: name } });
    expect(await categoryNamed.get(name)).toBeDefined();

    BUSY.boundMs = 300;
    lock = await otherProcessLocks();
    const refused = unique('prisma');
    const error = await db.category.create({ data: { name: refused, nameKey: refused } }).catch((e: unknown) => e);
    lock.release();
    expect(databaseBusy(error)).toBeInstanceOf(DatabaseBusy);
    expect(await categoryNamed.get(refused)).toBeUndefined();
  });

  it('a Prisma transaction takes the lock at its start: it waits there (reads go on meanwhile), then runs', async () => {
    const lock = await otherProcessLocks();
    const name = unique('tx');
    const tx = db.$transaction(async (t) => {
      const found = await t.category.findFirst({ where: { nameKey: name } });
      await t.category.create({ data: { name, nameKey: name } });
      return found;
    });
    await sleep(100);
    // The waiting transaction holds neither the gate nor Prisma's mutex: reads answer at once.
    const started = performance.now();
    expect(await categoryNamed.get(name)).toBeUndefined();
    expect(await db.category.count({ where: { nameKey: name } })).toBe(0);
    expect(performance.now() - started).toBeLessThan(1_000);
    lock.release();
    expect(await tx).toBeNull();
    expect(await categoryNamed.get(name)).toBeDefined();
  });

  it('a Prisma transaction that cannot get the lock within the bound fails busy and leaves the connection usable', async () => {
    BUSY.boundMs = 300;
    const lock = await otherProcessLocks();
    const name = unique('tx');
    const error = await db.$transaction(async (t) => t.category.create({ data: { name, nameKey: name } })).catch((e: unknown) => e);
    lock.release();
    expect(databaseBusy(error)).toBeInstanceOf(DatabaseBusy);
    const after = unique('tx');
    await db.$transaction(async (t) => t.category.create({ data: { name: after, nameKey: after } }));
    expect(await categoryNamed.get(after)).toBeDefined();
    expect(await categoryNamed.get(name)).toBeUndefined();
  });

  it('many writes waiting for the lock cost the event loop one short look at a time, not one each', async () => {
    const lock = await otherProcessLocks();
    const names = Array.from({ length: 30 }, () => unique('many'));
    const writes = Promise.all([
      ...names.slice(0, 15).map((name) => db.category.create({ data: { name, nameKey: name } })),
      ...names.slice(15).map((name) => writeTransaction(() => insertCategory.write.run(name, name, sqlDate()))),
    ]);
    setTimeout(lock.release, 800);
    const { value, stallMs } = await longestStall(writes);
    expect(value.status).toBe('fulfilled');
    expect(stallMs).toBeLessThan(1_000);
    for (const name of names) expect(await categoryNamed.get(name)).toBeDefined();
  });
});
