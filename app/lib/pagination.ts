// Page arithmetic shared by pages and the API (SPEC §2 "Lists", §9 page sizes).
export const PAGE_SIZE = { list: 10, categories: 5, challenges: 12, events: 6, rewardRequests: 10 } as const;
export const MAX_PAGE_SIZE = 100;

export function pageNumber(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : 1;
}

export function pageSize(value: string | null | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PAGE_SIZE) : fallback;
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
