// The flag attempt log is written behind: a batch that cannot be written (another process holds the
// write lock past the retry bound) is kept and written later, never thrown at anyone, and never
// logged with its attempts; a row the database refuses does not hold the others back.
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db, dbReady } from '~/lib/db.server';
import { databasePath, env } from '~/lib/env.server';
import { logger } from '~/lib/logger.server';
import { WRITE_LOCK } from '~/lib/sql-postgresql.server';
import { BUSY } from '~/lib/sql.server';
import { makeUser } from '../../tests/support/factories';
import { makePracticeChallenge } from '../../tests/support/play-factories';
import { MAX_KEPT, decideOnWrongAttempts, flushAttempts, latestWrongAttempts, logAttempt, waitingAttempts } from './attempt-log.server';

const BOUNDS = { ...BUSY };
/** The lock another process holds, released after each test (a failed test's, so the next does not inherit it). */
let held: (() => Promise<void>) | null = null;
afterEach(async () => {
  Object.assign(BUSY, BOUNDS);
  vi.restoreAllMocks();
  await held?.();
});

/**
 * Another process holds the writers' lock until the returned function is called: SQLite's write
 * lock, or on PostgreSQL the advisory lock every write transaction takes (sql-postgresql.server.ts).
 */
async function otherProcessLocks(): Promise<() => Promise<void>> {
  await dbReady;
  if (env.database === 'postgresql') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: env.databaseUrl });
    await client.connect();
    await client.query(WRITE_LOCK.replace('pg_advisory_xact_lock', 'pg_advisory_lock'));
    held = async () => {
      held = null;
      await client.end();
    };
  } else {
    const connection = new Database(databasePath(env.databaseUrl)!);
    connection.exec('BEGIN IMMEDIATE');
    held = async () => {
      held = null;
      connection.close();
    };
  }
  return held!;
}

describe('the flag attempt log', () => {
  it('keeps a batch the database could not take and writes it once the lock is gone, on its own', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    await flushAttempts();
    const warned = vi.spyOn(logger, 'warn');
    BUSY.boundMs = 200;
    const release = await otherProcessLocks();
    logAttempt(challenge.id, player.id, 'CTF{secret-guess}', false);
    logAttempt(challenge.id, player.id, 'CTF{right}', true);
    expect(await flushAttempts()).toBe(false); // no rejection: nobody awaits the timer's flush
    expect(waitingAttempts()).toBe(2);
    expect(warned).toHaveBeenCalled();
    expect(JSON.stringify(warned.mock.calls)).not.toMatch(/secret-guess|CTF\{right\}/);
    await release();
    // The retry timer (RETRY_MS) writes them without anyone asking.
    let rows: { isCorrect: boolean }[] = [];
    for (const deadline = Date.now() + 3_000; Date.now() < deadline && rows.length < 2; await new Promise((r) => setTimeout(r, 100))) {
      rows = await db.flagAttempt.findMany({ where: { userId: player.id }, orderBy: { id: 'asc' } });
    }
    expect(rows.map((r) => r.isCorrect)).toEqual([false, true]);
    expect(waitingAttempts()).toBe(0);
  });

  it('counts each wrong attempt once for the limit: while it waits, while the database refuses it, once written', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const since = new Date(Date.now() - 60_000);
    const recent = () => decideOnWrongAttempts(player.id, challenge.id, since, 10, (count) => count);
    BUSY.boundMs = 200;
    const release = await otherProcessLocks();
    for (const guess of ['CTF{a}', 'CTF{b}', 'CTF{c}']) logAttempt(challenge.id, player.id, guess, false);
    logAttempt(challenge.id, player.id, 'CTF{right}', true);
    expect(await recent()).toBe(3);
    expect(await latestWrongAttempts(player.id, challenge.id, since, 2)).toHaveLength(2);
    expect(await flushAttempts()).toBe(false);
    expect(await recent()).toBe(3);
    await release();
    expect(await flushAttempts()).toBe(true);
    expect(waitingAttempts()).toBe(0);
    expect(await recent()).toBe(3); // now all written
    const times = await latestWrongAttempts(player.id, challenge.id, since, 10);
    expect(times).toHaveLength(3);
    expect([...times].sort()).toEqual(times); // oldest first
  });

  // PostgreSQL reads on another connection than the commit's: a count can read the log before a
  // batch commits and hear back after. Its answer is held here until the batch is written.
  it.runIf(env.database === 'postgresql')('never loses an attempt between the two counts: a batch committed while a count reads is still counted', async () => {
    const { default: pg } = await import('pg');
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const since = new Date(Date.now() - 60_000);
    for (const guess of ['CTF{a}', 'CTF{b}', 'CTF{c}']) logAttempt(challenge.id, player.id, guess, false);
    let written!: Promise<boolean>;
    const query = pg.Pool.prototype.query;
    vi.spyOn(pg.Pool.prototype, 'query').mockImplementation(async function (this: unknown, ...args: unknown[]) {
      const answer = await (query as (...a: unknown[]) => Promise<unknown>).apply(this, args);
      if (String((args[0] as { text?: string })?.text).includes('COUNT(*) AS n FROM (SELECT 1 FROM "FlagAttempt"')) {
        written = flushAttempts();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return answer;
    } as never);
    expect(await decideOnWrongAttempts(player.id, challenge.id, since, 10, (count) => count)).toBe(3);
    expect(await written).toBe(true);
    vi.restoreAllMocks();
    expect(await decideOnWrongAttempts(player.id, challenge.id, since, 10, (count) => count)).toBe(3);
  });

  it('flushes one at a time: a flush asked for while one fails gives up with it (a stop waits one bound)', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    BUSY.boundMs = 300;
    const release = await otherProcessLocks();
    logAttempt(challenge.id, player.id, 'CTF{a}', false);
    const started = performance.now();
    const first = flushAttempts();
    logAttempt(challenge.id, player.id, 'CTF{b}', false);
    const second = flushAttempts(); // the shutdown's, say: it covers the rows the first one holds
    expect(await second).toBe(false);
    expect(await first).toBe(false);
    expect(performance.now() - started).toBeLessThan(300 + 250);
    expect(waitingAttempts()).toBe(2);
    await release();
    expect(await flushAttempts()).toBe(true);
    expect(await db.flagAttempt.count({ where: { userId: player.id } })).toBe(2);
  });

  it(`keeps at most ${MAX_KEPT} attempts while the database refuses them, dropping the oldest with a warning`, async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const warned = vi.spyOn(logger, 'warn');
    BUSY.boundMs = 100;
    const release = await otherProcessLocks();
    logAttempt(challenge.id, player.id, 'CTF{first}', true);
    expect(await flushAttempts()).toBe(false);
    for (let i = 0; i < MAX_KEPT + 10; i++) logAttempt(challenge.id, player.id, 'CTF{again}', true);
    expect(await flushAttempts()).toBe(false);
    expect(waitingAttempts()).toBe(MAX_KEPT);
    expect(warned).toHaveBeenCalledWith({ dropped: 11, kept: MAX_KEPT }, expect.stringMatching(/dropped/));
    await release();
    expect(await flushAttempts()).toBe(true);
    expect(await db.flagAttempt.count({ where: { userId: player.id } })).toBe(MAX_KEPT);
  });

  it('leaves out a row the database refuses (its challenge is gone) and writes the others', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    logAttempt(challenge.id + 1_000_000, player.id, 'CTF{x}', false);
    logAttempt(challenge.id, player.id, 'CTF{y}', false);
    expect(await flushAttempts()).toBe(true);
    expect(await db.flagAttempt.count({ where: { userId: player.id } })).toBe(1);
    expect(waitingAttempts()).toBe(0);
  });
});
