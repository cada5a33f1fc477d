// Typed domain errors; routes turn them into HTTP once, here.
import { BUSY } from './admission.server';
import { say } from './i18n';

export type FieldErrors = Record<string, string[]>;

export class DomainError extends Error {
  constructor(public status: number, message: string, public code?: string) {
    // A domain error is an answer (a wrong flag is one), not a fault: its stack is never logged or
    // read, and capturing it cost about 5% of a wrong flag attempt.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}
export class NotFound extends DomainError {
  constructor(message = 'Not found.') { super(404, message); }
}
export class Forbidden extends DomainError {
  constructor(message = 'You do not have permission to perform this action.') { super(403, message); }
}
export class Unauthorized extends DomainError {
  constructor(message = 'Authentication credentials were not provided.', code?: string) { super(401, message, code); }
}
export class Conflict extends DomainError {
  constructor(message: string) { super(409, message); }
}
export class RateLimited extends DomainError {
  constructor(public retryAfterSeconds: number, message = say('Too many attempts. Try again in {{count}} seconds.', { count: retryAfterSeconds })) {
    super(429, message);
  }
}
export class Invalid extends DomainError {
  constructor(public fields: FieldErrors) {
    super(400, Object.values(fields)[0]?.[0] ?? 'Invalid input.');
  }
}

/** Seconds a client is asked to wait after a 503 for a busy database. */
export const DATABASE_BUSY_RETRY_AFTER = 3;

/**
 * A passing fault of the server, not an answer about the input: no form shows it as a message; it
 * reaches the one mapping (api(), route-errors) and is answered 503 with Retry-After.
 */
export class ServerBusy extends Error {
  readonly status = 503;
  constructor(
    readonly retryAfterSeconds: number,
    message: string,
  ) {
    super(message);
    this.name = 'ServerBusy';
  }
}

/**
 * The database could not take a write in time: another process held SQLite's write lock (a backup,
 * the sqlite3 shell, a migration), or PostgreSQL's writers' lock, past the retry bound of
 * lib/sql.server.ts.
 */
export class DatabaseBusy extends ServerBusy {
  constructor(retryAfterSeconds = DATABASE_BUSY_RETRY_AFTER, message = 'The database is busy. Try again in a few seconds.') {
    super(retryAfterSeconds, message);
    this.name = 'DatabaseBusy';
  }
}

/**
 * Password checks are queued past their bound (lib/password.server.ts): a flood of logins or
 * sign-ups is refused at once rather than let wait for the threads that file reads and gzip need.
 */
export class PasswordChecksBusy extends ServerBusy {
  constructor() {
    super(BUSY.retryAfterSeconds, BUSY.detail);
    this.name = 'PasswordChecksBusy';
  }
}

/**
 * The 503 `error` means, or null: a ServerBusy, also as the `cause` of a wrapper (remix-auth's), or
 * the database's busy however it arrives (below).
 */
export function serverBusy(error: unknown): ServerBusy | null {
  for (let seen = error, depth = 0; seen && typeof seen === 'object' && depth < 6; depth++) {
    if (seen instanceof ServerBusy) return seen;
    seen = (seen as { cause?: unknown }).cause;
  }
  return databaseBusy(error);
}

/**
 * The DatabaseBusy that `error` means, or null: DatabaseBusy itself, the driver's SQLITE_BUSY
 * (better-sqlite3's SqliteError, code SQLITE_BUSY or an extended SQLITE_BUSY_*), and the same
 * through Prisma. @prisma/adapter-better-sqlite3 turns SQLITE_BUSY into a DriverAdapterError whose
 * cause is { kind: 'SocketTimeout', originalCode: 'SQLITE_BUSY', originalMessage: 'database is
 * locked' }; Prisma's client throws that as a PrismaClientKnownRequestError P1008 ("Operation has
 * timed out") with the DriverAdapterError in meta.driverAdapterError (P2010 for a raw query). A
 * Prisma transaction that could not start within its maxWait (P2028) means the same to a client.
 * Wrappers that keep the error as `cause` (remix-auth's) are looked through.
 */
export function databaseBusy(error: unknown): DatabaseBusy | null {
  for (let seen = error, depth = 0; seen && typeof seen === 'object' && depth < 6; depth++) {
    if (seen instanceof DatabaseBusy) return seen;
    if (isBusyCode(seen)) return new DatabaseBusy();
    const found = seen as { code?: unknown; message?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (found.code === 'P2028' && typeof found.message === 'string' && found.message.includes('Unable to start a transaction in the given time')) return new DatabaseBusy();
    const adapterError = found.meta?.driverAdapterError;
    if (adapterError && typeof adapterError === 'object' && isBusyCode((adapterError as { cause?: unknown }).cause)) return new DatabaseBusy();
    seen = found.cause;
  }
  return null;
}

/**
 * SQLITE_BUSY as better-sqlite3 (`code`) or Prisma's driver adapter (`originalCode`) says it, and
 * PostgreSQL's lock_not_available (55P03): a write that waited for the writers' lock past its bound
 * (lock_timeout, sql-postgresql.server.ts).
 */
function isBusyCode(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { code, originalCode } = error as { code?: unknown; originalCode?: unknown };
  return [code, originalCode].some((value) => typeof value === 'string' && (value.startsWith('SQLITE_BUSY') || value === '55P03'));
}

/**
 * THE test for a broken unique key, however it arrives: Prisma's P2002, a raw statement's
 * "UNIQUE constraint failed" through Prisma's adapter, better-sqlite3's SQLITE_CONSTRAINT_UNIQUE,
 * PostgreSQL's 23505 (the `pg` driver's, sql-postgresql.server.ts).
 * Returns what names the key (the error's message and Prisma's meta, to test for a column name
 * such as /email/), or null when the error is something else.
 */
export function uniqueViolation(error: unknown): string | null {
  if (!error || typeof error !== 'object') return null;
  const { code, message, meta } = error as { code?: unknown; message?: unknown; meta?: unknown };
  const text = `${typeof message === 'string' ? message : ''} ${JSON.stringify(meta ?? {})}`;
  return code === 'P2002' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505' || /UNIQUE constraint/i.test(text) ? text : null;
}

export const isUniqueViolation = (error: unknown): boolean => uniqueViolation(error) !== null;

/** A row refused by a foreign key: Prisma's P2003, better-sqlite3's SQLITE_CONSTRAINT_FOREIGNKEY, PostgreSQL's 23503. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'P2003' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || code === '23503';
}

/**
 * A statement's row refused by any constraint of the table (a key, a foreign key, a check):
 * better-sqlite3's SQLITE_CONSTRAINT_*, PostgreSQL's class 23. The same row would be refused again.
 */
export function isConstraintViolation(error: unknown): boolean {
  const code = String((error as { code?: unknown } | null)?.code);
  return code.startsWith('SQLITE_CONSTRAINT') || /^23\d{3}$/.test(code);
}

/** Conform's error map (form-level errors under '') as API field errors (under non_field_errors). */
export function fromConformErrors(error: Record<string, string[] | null> | null | undefined): FieldErrors {
  const fields: FieldErrors = {};
  for (const [key, messages] of Object.entries(error ?? {})) if (messages?.length) fields[key || 'non_field_errors'] = messages;
  return fields;
}

/** Throws Invalid with one message for one field. */
export function invalid(field: string, message: string): never {
  throw new Invalid({ [field]: [message] });
}

/** The JSON body the API sends for a domain error (SPEC §7 / ARCHITECTURE "API conventions"). */
export function errorBody(error: DomainError | ServerBusy): Record<string, unknown> {
  if (error instanceof ServerBusy) return { detail: error.message };
  if (error instanceof Invalid) return error.fields;
  return error.code ? { detail: error.message, code: error.code } : { detail: error.message };
}
