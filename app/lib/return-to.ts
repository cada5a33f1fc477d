// Where a visitor goes after logging in: back to the page that asked them to (README "Rules:
// Accounts"). Browser-safe. Only a path of this site is ever followed, never another host.

export const RETURN_PARAM = 'redirectTo';

/**
 * `value` when it is a path of this site, else `fallback`. Refused: anything not starting with a
 * single '/' ('//host' and '/\host' are other hosts to a browser), control characters and white
 * space, and paths to the login page itself.
 */
export function safeReturnPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || value.length > 2000) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  if (/^\/login(?:[/?#]|$)/.test(value)) return fallback;
  return value;
}

/** The login URL that brings the visitor back to `pageUrl` (a page's URL: path and query). */
export function loginUrlFor(pageUrl: URL): string {
  // A client navigation asks for `<path>.data?_routes=…`: come back to the page itself.
  const path = pageUrl.pathname === '/_root.data' ? '/' : pageUrl.pathname.replace(/\.data$/, '');
  const query = new URLSearchParams(pageUrl.search);
  query.delete('_routes');
  const back = safeReturnPath(`${path}${query.size ? `?${query}` : ''}`, '');
  return back && back !== '/' ? `/login?${RETURN_PARAM}=${encodeURIComponent(back)}` : '/login';
}
