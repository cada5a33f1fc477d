// Search boxes match text literally. Prisma's `contains` on SQLite is a bare `LIKE '%text%'` with no
// ESCAPE clause (checked in app/lib/literal-search.test.ts), so a `%` or `_` typed in a search box
// would act as a wildcard. Searches therefore run as SQL with the pattern escaped here.
import { dialect } from './sql.server';

/** An SQL condition: the column contains the bound pattern (see containsPattern) literally. */
export function containsLiteral(column: string): string {
  return dialect().containsLiteral(column);
}

/**
 * The LIKE pattern for "contains `text`": `%`, `_` and the escape character itself are escaped.
 * Like Prisma's `contains` on SQLite, the match ignores ASCII case (on PostgreSQL, with ILIKE).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
