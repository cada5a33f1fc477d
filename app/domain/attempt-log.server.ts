// The log of every flag attempt (who, when, which challenge, right or wrong; a wrong value only as
// a keyed digest). It is written behind: attempts gather in memory and are inserted together every
// FLUSH_MS, or at once when BATCH of them wait. One commit per batch instead of per attempt keeps
// the write path cheap, and the caches keyed on data_version (sessions, pages) valid between
// batches. The rate limit does not read this log (it counts in memory), so no rule waits for it.
// What a crash can lose is the last FLUSH_MS of attempts; a graceful stop flushes (README "Rules").
import { createHmac } from 'node:crypto';
import { env } from '~/lib/env.server';
import { sqlBool, sqlDate, statement, writeTransaction } from '~/lib/sql.server';

const FLUSH_MS = 50;
const BATCH = 500;

type Row = [challengeId: number, userId: number, isCorrect: number, digest: string | null, createdAt: string];
const insert = statement<unknown, Row>('INSERT INTO "FlagAttempt" (challengeId, userId, isCorrect, digest, createdAt) VALUES (?, ?, ?, ?, ?)');

let pending: Row[] = [];
let timer: NodeJS.Timeout | null = null;

/** A wrong value is kept only as a keyed digest: equal guesses can be told apart, never read. */
const digest = (value: string) => createHmac('sha256', env.sessionSecret).update(value).digest('hex').slice(0, 32);

export function logAttempt(challengeId: number, userId: number, attempt: string, correct: boolean): void {
  pending.push([challengeId, userId, sqlBool(correct), correct ? null : digest(attempt.trim()), sqlDate()]);
  if (pending.length >= BATCH) void flushAttempts();
  else timer ??= setTimeout(() => void flushAttempts(), FLUSH_MS);
}

/** Writes what is waiting; the server's shutdown and tests that read the log call it. */
export async function flushAttempts(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = null;
  if (!pending.length) return;
  const rows = pending;
  pending = [];
  await writeTransaction(() => {
    for (const row of rows) insert.now().run(...row);
  });
}
