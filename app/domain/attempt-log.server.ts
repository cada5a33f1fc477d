// The log of every flag attempt (who, when, which challenge, right or wrong; a wrong value only as
// a keyed digest). It is written behind: attempts gather in memory and are inserted together every
// FLUSH_MS, or at once when BATCH of them wait. One commit per batch instead of per attempt keeps
// the write path cheap, and the caches keyed on data_version (sessions, pages) valid between
// batches. What a crash can lose is the last FLUSH_MS of attempts; a graceful stop flushes (docs/rules.md).
//
// The wrong-flag limit counts this log (decideOnWrongAttempts): the rows written, which every
// process sharing the database sees, and this process's wrong attempts still waiting. So one limit
// holds across processes, within the FLUSH_MS another process's attempts wait before they are written.
//
// A batch that cannot be written (another process holds the write lock past lib/sql.server.ts's
// retry bound, a full disk) is kept and tried again every RETRY_MS: attempts wait in memory, at most
// MAX_KEPT of them (the oldest are dropped past that, with a warning). A row the database refuses on
// its own (its challenge or user was deleted meanwhile) is left out rather than holding the others
// back. No failure is ever thrown at the caller (the writes are behind, nobody awaits them but the
// shutdown and tests), and no log line carries an attempt: only counts.
import { createHmac } from 'node:crypto';
import { env } from '~/lib/env.server';
import { isConstraintViolation } from '~/lib/errors.server';
import { logger } from '~/lib/logger.server';
import { sqlBool, sqlDate, statement, writeTransaction } from '~/lib/sql.server';

const FLUSH_MS = 50;
const BATCH = 500;
const RETRY_MS = 1_000;
/** About 100 bytes each: a few MB at most, minutes of a 2,000-player competition's attempts. */
export const MAX_KEPT = 50_000;

type Row = [challengeId: number, userId: number, isCorrect: number, digest: string | null, createdAt: string];
const INSERT = 'INSERT INTO "FlagAttempt" ("challengeId", "userId", "isCorrect", digest, "createdAt") VALUES ';
const insert = statement<unknown, Row>(`${INSERT}(?, ?, ?, ?, ?)`);
/**
 * Rows are inserted this many to a statement: on PostgreSQL each statement is a round trip, and
 * one at a time, the 50,000 attempts kept through an outage held the writers' lock for 13 s (2.8 s
 * this way, measured on 2026-11-29; 0.3 s on SQLite). The rest of a batch, and a chunk the database
 * refuses, go one row at a time.
 */
const ROWS_PER_INSERT = 50;
const insertChunk = statement<unknown, Row[number][]>(INSERT + Array(ROWS_PER_INSERT).fill('(?, ?, ?, ?, ?)').join(', '));

let pending: Row[] = [];
/** When the wrong attempts in `pending` were made, per `${userId}:${challengeId}`, oldest first. */
const waitingWrong = new Map<string, string[]>();
const wrongKey = (userId: number, challengeId: number) => `${userId}:${challengeId}`;
const wrongCount = statement<{ n: number }, [number, number, string, number]>(
  'SELECT COUNT(*) AS n FROM (SELECT 1 FROM "FlagAttempt" WHERE "userId" = ? AND "challengeId" = ? AND "isCorrect" = FALSE AND "createdAt" > ? LIMIT ?) AS recent',
);
const wrongTimes = statement<{ createdAt: string }, [number, number, string, number]>(
  'SELECT "createdAt" FROM "FlagAttempt" WHERE "userId" = ? AND "challengeId" = ? AND "isCorrect" = FALSE AND "createdAt" > ? ORDER BY "createdAt" DESC LIMIT ?',
);

/**
 * The counts under way (decideOnWrongAttempts). A batch's rows stay counted as waiting until every
 * count begun before its commit has decided: such a count may have read the log before the commit
 * (PostgreSQL reads on another connection than the commit's), and must find them among the waiting.
 */
const counting = new Set<Promise<unknown>>();

let timer: NodeJS.Timeout | null = null;
/** Set while a failed batch waits to be tried again: the retry is not hurried by new attempts. */
let failing = false;

/** A wrong value is kept only as a keyed digest: equal guesses can be told apart, never read. */
const digest = (value: string) => createHmac('sha256', env.sessionSecret).update(value).digest('hex').slice(0, 32);

export function logAttempt(challengeId: number, userId: number, attempt: string, correct: boolean): void {
  const row: Row = [challengeId, userId, sqlBool(correct), correct ? null : digest(attempt.trim()), sqlDate()];
  pending.push(row);
  if (!correct) {
    const key = wrongKey(userId, challengeId);
    const times = waitingWrong.get(key);
    if (times) times.push(row[4]);
    else waitingWrong.set(key, [row[4]]);
  }
  if (pending.length >= BATCH && !failing) void flushAttempts();
  else timer ??= setTimeout(flushOnTimer, FLUSH_MS);
}

/** A timer's flush: the timer is done, so the next attempt (or failure) can set another. */
function flushOnTimer() {
  timer = null;
  void flushAttempts();
}

let flushing: Promise<boolean> | null = null;
/** When (performance.now()) a flush last failed. */
let failedAt = -Infinity;

/**
 * Writes what is waiting; the server's shutdown and tests that read the log call it. Never rejects:
 * true when everything waiting was written, false when it is kept for a later try (logged). One
 * flush at a time: a call waits for the one under way (so the shutdown's flush covers the rows that
 * one holds), and gives up if a flush failed since it was asked for (the database refused a write
 * for the whole retry bound meanwhile; the retry timer tries again), so a stop waits one bound at most.
 */
export function flushAttempts(): Promise<boolean> {
  const asked = performance.now();
  const previous = flushing;
  const run = previous ? previous.then(() => (failedAt >= asked ? false : flushWaiting())) : flushWaiting();
  flushing = run;
  void run.then(() => {
    if (flushing === run) flushing = null;
  });
  return run;
}

async function flushWaiting(): Promise<boolean> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!pending.length) return true;
  const rows = pending;
  pending = [];
  try {
    const refused = await writeTransaction(function* () {
      let refused = 0;
      for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
        const chunk = rows.slice(start, start + ROWS_PER_INSERT);
        if (chunk.length === ROWS_PER_INSERT) {
          try {
            yield* insertChunk.write.run(...chunk.flat());
            continue;
          } catch (error) {
            if (!isConstraintViolation(error)) throw error;
          }
        }
        for (const row of chunk) {
          try {
            yield* insert.write.run(...row);
          } catch (error) {
            // A foreign key or other constraint: this row can never be written (the statement alone
            // is undone). Anything else (busy, I/O) fails the batch, to be tried again.
            if (!isConstraintViolation(error)) throw error;
            refused++;
          }
        }
      }
      return refused;
    });
    // Committed: from here the limit reads these rows from the log. Until the counts begun before
    // now have decided, it counts them in both places: one too many for a moment, never one too few.
    if (counting.size) await Promise.allSettled([...counting]);
    forgetWaiting(rows);
    if (refused) logger.warn({ refused }, 'flag attempts left out of the log: the database refused them');
    if (failing) logger.info({ written: rows.length - refused }, 'flag attempt log written again');
    failing = false;
    return true;
  } catch (error) {
    failedAt = performance.now();
    keep(rows);
    // The error's message and code, never the rows (a wrong attempt's digest, its user).
    logger.warn({ reason: (error as Error)?.message, code: (error as { code?: unknown })?.code, kept: pending.length, retryInMs: RETRY_MS }, 'flag attempt log not written, kept for a later try');
    failing = true;
    if (timer) clearTimeout(timer);
    timer = setTimeout(flushOnTimer, RETRY_MS);
    timer.unref();
    return false;
  }
}

/** Puts a failed batch back ahead of the attempts logged since, within MAX_KEPT. */
function keep(rows: Row[]) {
  pending = rows.concat(pending);
  const over = pending.length - MAX_KEPT;
  if (over > 0) {
    forgetWaiting(pending.slice(0, over));
    pending = pending.slice(over);
    logger.warn({ dropped: over, kept: pending.length }, 'flag attempts dropped: too many waiting to be written');
  }
}

/** Rows no longer waiting (written, or dropped): the oldest waiting times of their keys. */
function forgetWaiting(rows: Row[]) {
  for (const [challengeId, userId, isCorrect] of rows) {
    if (isCorrect) continue;
    const key = wrongKey(userId, challengeId);
    const times = waitingWrong.get(key);
    if (!times) continue;
    times.shift();
    if (!times.length) waitingWrong.delete(key);
  }
}

/**
 * Counts the wrong attempts `userId` made at `challengeId` after `since`: those written (up to
 * `limit`; another process's are there once written, within FLUSH_MS) and this process's waiting,
 * and hands the count to `decide`. `decide` runs synchronously with the count, so it can decide and
 * log its attempt in one turn: attempts sent together cannot all pass on one count (each sees those
 * logged before it), and no batch is forgotten from the waiting between the read and the decision.
 */
export async function decideOnWrongAttempts<T>(userId: number, challengeId: number, since: Date, limit: number, decide: (count: number) => T): Promise<T> {
  const after = sqlDate(since);
  const decided = (async () => {
    const written = (await wrongCount.get(userId, challengeId, after, limit))?.n ?? 0;
    return decide(written + waitingAfter(userId, challengeId, after).length);
  })();
  counting.add(decided);
  try {
    return await decided;
  } finally {
    counting.delete(decided);
  }
}

/** When this process's wrong attempts at `challengeId` that wait to be written were made, those after `after`. */
const waitingAfter = (userId: number, challengeId: number, after: string): string[] => (waitingWrong.get(wrongKey(userId, challengeId)) ?? []).filter((time) => time > after);

/** The times (ms) of the latest `limit` wrong attempts at `challengeId` after `since`, written or waiting, oldest first. */
export async function latestWrongAttempts(userId: number, challengeId: number, since: Date, limit: number): Promise<number[]> {
  const after = sqlDate(since);
  const written = (await wrongTimes.all(userId, challengeId, after, limit)).map((row) => row.createdAt);
  return written.concat(waitingAfter(userId, challengeId, after)).sort().slice(-limit).map((time) => Date.parse(time));
}

/** For tests: how many attempts wait to be written. */
export const waitingAttempts = (): number => pending.length;
