// Per-viewer cache of rendered pages (README "Rules: Speed"). Going through React Router costs
// 4-5 ms of CPU per page (matching, loaders, SSR); the busiest pages (scoreboard, challenge board)
// are read far more often than anything changes, so a page is rendered once per session and URL and
// replayed until the database changes.
//
// Why it is safe:
// - An entry belongs to one session token, so a viewer only ever gets a page rendered for them.
// - An entry is valid only for the data version (changeVersion of PAGE_TABLES) captured BEFORE the
//   loaders ran: a write racing the render can make the entry stale, never wrong, and any write of
//   this process or commit of another to a table pages show (PAGE_TABLES below)
//   makes every entry stale.
// - Content that depends on the clock (the header badges' own 5 s cache, event times) is bounded by
//   MAX_AGE_MS, the same 5 s.
// - The session is checked again on every hit (expiry, deactivation), so a hit never outlives what
//   requireUser would accept.
// - Only what the render depends on is in the key: session, path and query. The flash cookie is the
//   one other input; a request carrying a flash message bypasses the cache (the render consumes it).
// Routes opt in with `handle = { pageCache: true }`; entry.server.tsx stores, server.ts replays.
import { flashStorage, sessionCookie, sessionUser } from './session.server';
import { changeVersion, TABLES, type Table } from './sql.server';
import { onMemoryPressure } from './kept.server';
import { finishFor, type Template, type ViewerValues } from './viewer-template.server';

// What pages show: every table but the attempt log (written every 50 ms during play), sessions (a hit
// checks its own session anyway), notification reads (they only move a viewer's own header badge,
// which MAX_AGE_MS bounds) and the staff action log (no page shows it). User writes count only for
// the columns pages show, so a login (lastLoginAt) keeps every page (sql.server.ts).
const NOT_SHOWN = new Set<Table>(['FlagAttempt', 'Session', 'NotificationRead', 'StaffAction']);
const PAGE_TABLES = TABLES.filter((t) => !NOT_SHOWN.has(t));
const dataVersion = () => changeVersion(PAGE_TABLES);

const MAX_AGE_MS = 5_000;
const MAX_BYTES = 16 * 1024 * 1024;

export interface PageCacheEntry {
  version: number;
  /** When the render began (ms): the age limit counts from the data the loaders read. */
  at: number;
  userId: number;
  status: number;
  headers: [string, string][];
  /**
   * The render the page was finished from (lib/viewer-template.server.ts), often shared with other
   * viewers' entries and the template store, and this viewer's values (null: the page holds none).
   */
  template: Template;
  viewer: ViewerValues | null;
}

/** What a miss hands React Router (through the load context) so entry.server.tsx can store the page. */
export interface PageCacheMiss { key: string; version: number; at: number }

export type PageCacheLookup =
  | { hit: PageCacheEntry; html: string }
  | { miss: PageCacheMiss }
  | null;

// Map order is recency order: a hit moves its entry to the end, eviction takes from the front.
const entries = new Map<string, PageCacheEntry>();
let totalBytes = 0;
onMemoryPressure(() => {
  entries.clear();
  totalBytes = 0;
});
// The data version only moves forward, so once it changes every entry is dead: drop them all at once.
let entriesVersion: number | null = null;

function drop(key: string, entry: PageCacheEntry) {
  entries.delete(key);
  totalBytes -= entry.template.bytes;
}

function clearIfVersionChanged(version: number) {
  if (version === entriesVersion) return;
  entries.clear();
  totalBytes = 0;
  entriesVersion = version;
}

const SESSION_COOKIE = /(?:^|;)\s*ctf_session=/;
const FLASH_COOKIE = /(?:^|;)\s*ctf_flash=/;

/**
 * Whether this request could be answered from the cache, and if so the cached page with `nonce` in
 * place; null when the request is not eligible (not a document GET, no session cookie, a pending
 * flash message, a Bearer header that would make React Router render another user).
 */
export async function pageCacheLookup(input: {
  method: string;
  url: string;
  cookie?: string;
  authorization?: string;
  nonce: string;
}): Promise<PageCacheLookup> {
  if (input.method !== 'GET' || !input.cookie || input.authorization) return null;
  const path = input.url.split('?', 1)[0];
  // `.data` URLs are React Router's client navigations (turbo-stream, not HTML); /api is JSON.
  if (path.endsWith('.data') || path.startsWith('/api/') || !SESSION_COOKIE.test(input.cookie)) return null;
  if (FLASH_COOKIE.test(input.cookie) && (await flashStorage.getSession(input.cookie)).has('message')) return null;
  const token = await sessionCookie.parse(input.cookie);
  if (typeof token !== 'string' || !token) return null;

  const key = `${token}\n${input.url}`;
  const version = dataVersion();
  const now = Date.now();
  clearIfVersionChanged(version);
  const entry = entries.get(key);
  if (entry) {
    if (entry.version === version && now - entry.at < MAX_AGE_MS) {
      const user = await sessionUser(token);
      if (user?.isActive && user.id === entry.userId) {
        entries.delete(key);
        entries.set(key, entry);
        return { hit: entry, html: finishFor(entry.template, entry.viewer, input.nonce) };
      }
    }
    drop(key, entry);
  }
  return { miss: { key, version, at: now } };
}

/** Keeps a page React Router rendered for a miss: the template it was finished from and for whom. */
export function pageCacheStore(
  miss: PageCacheMiss,
  page: { userId: number; status: number; headers: [string, string][]; template: Template; viewer: ViewerValues | null },
): void {
  // A commit since the lookup: this page may already be out of date.
  const version = dataVersion();
  clearIfVersionChanged(version);
  if (miss.version !== version) return;
  // Counted whole even when other entries share the template: the bound errs on the safe side.
  if (page.template.bytes > MAX_BYTES / 16) return;
  const old = entries.get(miss.key);
  if (old) drop(miss.key, old);
  entries.set(miss.key, { version, at: miss.at, userId: page.userId, status: page.status, headers: page.headers, template: page.template, viewer: page.viewer });
  totalBytes += page.template.bytes;
  for (const [key, entry] of entries) {
    if (totalBytes <= MAX_BYTES) break;
    drop(key, entry);
  }
}
