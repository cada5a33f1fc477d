// THE invalidation interface of every cache (lib/kept.server.ts, the page cache, the live badge's
// hub): a number per set of tables that moves whenever one of them is written. A cache reads it
// BEFORE reading its data and keeps its value while the number holds; it never asks how the number
// is made. Two implementations: SQLite's change counters (sql.server.ts: temporary triggers for this
// process's writes, PRAGMA data_version for another process's commits) and PostgreSQL's
// LISTEN/NOTIFY (changes-postgresql.server.ts); one is plugged in with useChangeSource.
import { Prisma } from '~/generated/prisma/client';

/** The tables a cache may depend on: every model of the Prisma schema, named as Prisma names it. */
export const TABLES = Object.values(Prisma.ModelName);
export type Table = Prisma.ModelName;

/**
 * User columns whose change no cache cares about: a login stamps lastLoginAt (and Prisma updatedAt),
 * a password change ends the sessions anyway (a Session write). Every source leaves them out.
 */
export const USER_COLUMNS_NOT_SHOWN: ReadonlySet<string> = new Set(['lastLoginAt', 'updatedAt', 'passwordHash']);

export interface ChangeSource {
  /**
   * A number that changes whenever one of `tables` is written, by this process once the write has
   * returned, by another within the source's own delay. Only equality between two readings means anything.
   */
  version(tables: readonly Table[]): number;
}

// Until a database connection plugs its source in, nothing can have been written: nothing moves.
let source: ChangeSource = { version: () => 0 };

/** Plugs a source in; returns the one it replaces. */
export function useChangeSource(next: ChangeSource): ChangeSource {
  const previous = source;
  source = next;
  return previous;
}

/** The current version of `tables` (see ChangeSource). */
export function changeVersion(tables: readonly Table[]): number {
  return source.version(tables);
}
