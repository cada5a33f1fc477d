// Where a visitor goes after logging in: back to the page that asked them to (docs/rules.md "
// Accounts"). Browser-safe. Only a path of this site is ever followed, never another host.

export const RETURN_PARAM = 'redirectTo';

const MAX_PATH = 2000;

/**
 * `value` when it is a path of this site, ready for a Location header, else `fallback`. Refused:
 * anything not starting with a single '/' ('//host' and '/\host' are other hosts to a browser),
 * control characters and white space, paths to the login page itself, and paths longer than 2,000
 * characters once encoded (the login page is allowed with `loginPage`: a page that is not a
 * return from logging in, such as the language switch, may go back to it). What a header cannot carry is percent-encoded (a Location header is
 * Latin-1 at most; a non-ASCII character in it made the answer a 500): non-ASCII characters as
 * their UTF-8 bytes, as encodeURI does, and a '%' that starts no escape; escapes already there are
 * kept as they are, never encoded twice.
 */
export function safeReturnPath(value: unknown, fallback = '/', { loginPage = false } = {}): string {
  if (typeof value !== 'string' || value.length > MAX_PATH) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  if (/[\u0000-\u0020\u007f\\]/.test(value)) return fallback;
  if (!loginPage && /^\/login(?:[/?#]|$)/.test(value)) return fallback;
  const encoded = headerSafe(value);
  return encoded !== null && encoded.length <= MAX_PATH ? encoded : fallback;
}

/** Visible ASCII with every '%' starting an escape: what may go into a header as it is. */
const HEADER_SAFE = /^(?:[\x21-\x24\x26-\x7e]|%[0-9A-Fa-f]{2})*$/;

/** `path` percent-encoded for a header (see safeReturnPath); null for a lone surrogate (no UTF-8). */
function headerSafe(path: string): string | null {
  if (HEADER_SAFE.test(path)) return path;
  try {
    return path.replace(/[^\x00-\x7f]+|%(?![0-9A-Fa-f]{2})/g, (run) => (run === '%' ? '%25' : encodeURIComponent(run)));
  } catch {
    return null; // URIError: a lone surrogate
  }
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
