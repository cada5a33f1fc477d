import { describe, expect, it } from 'vitest';
import { makePracticeChallenge } from '../../tests/support/play-factories';
import { makeUser, unique } from '../../tests/support/factories';
import { flushAttempts, logAttempt } from '~/domain/attempt-log.server';
import { db } from './db.server';
import { accountsVersion, dataVersion, sqlDate, statement, writeTransaction } from './sql.server';

const insertCategory = statement<unknown, [string, string, string]>('INSERT INTO "Category" (name, nameKey, createdAt) VALUES (?, ?, ?)');
const categoryNamed = statement<{ id: number }, [string]>('SELECT id FROM "Category" WHERE nameKey = ?');

describe('writeTransaction', () => {
  it('waits for an open Prisma transaction instead of joining it', async () => {
    const mine = unique('raw');
    const theirs = unique('prisma');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let prismaStarted!: () => void;
    const started = new Promise<void>((resolve) => (prismaStarted = resolve));

    const prisma = db
      .$transaction(async (tx) => {
        await tx.category.create({ data: { name: theirs, nameKey: theirs } });
        prismaStarted();
        await held;
        throw new Error('roll back');
      })
      .catch((error: Error) => error.message);
    await started;

    let written = false;
    const raw = writeTransaction(() => insertCategory().run(mine, mine, sqlDate())).then(() => (written = true));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(written).toBe(false); // still waiting: the Prisma transaction is open

    release();
    expect(await prisma).toBe('roll back');
    await raw;
    // Rolling back Prisma's transaction took only Prisma's row with it.
    expect(categoryNamed().get(mine)).toBeDefined();
    expect(categoryNamed().get(theirs)).toBeUndefined();
  });

  it('rolls back its own work when the work throws', async () => {
    const name = unique('raw');
    await expect(
      writeTransaction(() => {
        insertCategory().run(name, name, sqlDate());
        throw new Error('half-way');
      }),
    ).rejects.toThrow('half-way');
    expect(categoryNamed().get(name)).toBeUndefined();
  });
});

describe('change detection', () => {
  it('dataVersion moves with writes pages show, not with attempts; accountsVersion only with User and Session', async () => {
    const user = await makeUser();
    const challenge = await makePracticeChallenge();
    let data = dataVersion();
    const accounts = accountsVersion();
    expect(dataVersion()).toBe(data);

    // The attempt log is written every 50 ms during play and no page shows it.
    logAttempt(challenge.id, user.id, 'CTF{guess}', false);
    await flushAttempts();
    expect(await db.flagAttempt.count({ where: { userId: user.id } })).toBe(1);
    expect(dataVersion()).toBe(data);

    const name = unique('raw');
    await writeTransaction(() => insertCategory().run(name, name, sqlDate()));
    expect(dataVersion()).not.toBe(data);
    expect(accountsVersion()).toBe(accounts);

    data = dataVersion();
    await db.user.update({ where: { id: user.id }, data: { fullname: 'Changed Name' } });
    expect(accountsVersion()).not.toBe(accounts);
    expect(dataVersion()).not.toBe(data);
  });
});
