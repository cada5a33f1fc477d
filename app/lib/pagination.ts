// Page arithmetic shared by pages and the API (SPEC §2 "Lists", §9 page sizes).
// staffActions: the superuser's log (docs/rules.md "Staff action log"); SPEC has no such list, and a
// bulk validation alone writes a line per learner, so a page holds twice a table's 10.
export const PAGE_SIZE = { list: 10, categories: 5, challenges: 12, events: 6, rewardRequests: 10, staffActions: 20 } as const;
export const MAX_PAGE_SIZE = 100;

/**
 * The most rows a list's export holds (docs/rules.md "Exports"): every page of the filtered list up
 * to this bound, in the page's order. Here, not in the export module, because the pages say it too.
 */
export const EXPORT_MAX_ROWS = 10_000;

/** An export asks its list for this page: all of it, up to the bound. */
export const EXPORT_PAGE = { page: 1, pageSize: EXPORT_MAX_ROWS } as const;

/**
 * Highest page number a list answers. Beyond the last page a list is simply empty; this cap keeps
 * the row offset (page × size) a small integer that SQLite and Prisma take without overflow.
 */
export const MAX_PAGE = 100_000;

/**
 * A whole number written in plain digits ('12'), Infinity when it has more digits than a safe
 * integer; null for anything else ('1e3', '0x10', '1.0', '-1', ' 2', '').
 */
function digits(value: string | null | undefined): number | null {
  if (typeof value !== 'string' || !/^[0-9]+$/.test(value)) return null;
  return value.length > 15 ? Infinity : Number(value);
}

/**
 * The page asked for: a positive whole number in plain digits. Anything else (missing, 'abc',
 * '1e308', '-1', '0') is page 1; a number past MAX_PAGE is MAX_PAGE, an empty page beyond any list.
 */
export function pageNumber(value: string | null | undefined): number {
  const n = digits(value);
  if (n === null || n < 1) return 1;
  return Math.min(n, MAX_PAGE);
}

/** The page size asked for, at most MAX_PAGE_SIZE; anything but a positive whole number is the fallback. */
export function pageSize(value: string | null | undefined, fallback: number): number {
  const n = digits(value);
  return n !== null && n > 0 ? Math.min(n, MAX_PAGE_SIZE) : fallback;
}

export interface Page<T> { count: number; page: number; pageSize: number; results: T[] }

export function lastPage(count: number, size: number): number {
  return Math.max(1, Math.ceil(count / size));
}

/** Page numbers to show: two neighbours either side of the current page. */
export function pageWindow(current: number, last: number): number[] {
  const pages: number[] = [];
  for (let p = Math.max(1, current - 2); p <= Math.min(last, current + 2); p++) pages.push(p);
  return pages;
}
