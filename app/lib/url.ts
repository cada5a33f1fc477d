// Dialogs, tabs and filters are URLs (ARCHITECTURE "Progressive enhancement"): links and redirects
// change a few search parameters of the current URL and keep the rest.

/** `pathname?search` with `changes` applied; a null value removes that parameter. */
export function hrefWith(url: { pathname: string; search: string }, changes: Record<string, string | number | null>): string {
  const params = new URLSearchParams(url.search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, String(value));
  }
  const search = params.toString();
  return `${url.pathname}${search ? `?${search}` : ''}`;
}

/** The changes that remove every one of `keys`. */
export function without(keys: readonly string[]): Record<string, null> {
  return Object.fromEntries(keys.map((k) => [k, null]));
}
