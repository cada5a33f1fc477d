// Cache of rendered pages (docs/rules.md "Speed"). Going through React Router costs 2-5 ms of CPU
// per page (matching, loaders, SSR); the busiest pages (scoreboard, challenge board) are read far
// more often than anything changes, so a page is rendered once and replayed until the database
// changes. Two kinds of entry, by what the route declares in `handle.pageCache`:
// - `true`: the page is the viewer's own (the board shows their solves). An entry belongs to one
//   session token, so a viewer only ever gets a page rendered for them.
// - `'shared'`: the route's loader reads nothing of its viewer but that they are signed in (the
//   scoreboard). An entry belongs to a viewer class (viewerClass below: what the root and scope
//   layouts read of a viewer besides the values a template holds as tokens) and is finished for
//   each viewer with their own values (lib/viewer-template.server.ts), so during a competition the
//   scoreboard is rendered once per change for everyone instead of once per viewer. The class is
//   kept by hand, so a test holds it to what the loaders do: tests/api/viewers-apart.test.ts renders
//   each such page for two learners and fails unless every loader returned the same data for both
//   (a layout that returned its viewer's full name made the scoreboard replay Alice's name to Bob).
//
// Why it is safe:
// - An entry is valid only for the data version (changeVersion of PAGE_TABLES) captured BEFORE the
//   loaders ran: a write racing the render can make the entry stale, never wrong, and any write of
//   this process or commit of another to a table pages show (PAGE_TABLES below)
//   makes every entry stale.
// - Content that depends on the clock (event times) is bounded by MAX_AGE_MS, 5 s.
// - A hit makes the checks every such page makes before it shows anything: the session is valid
//   (expiry, deactivation) and, for a viewer's own entry, still theirs. The header's badges are read
//   for each hit, as the root loader reads them.
// - Only what the render depends on is in the key: session or viewer class, path and query. The
//   flash cookie is the one other input; a request carrying a flash message bypasses the cache (the
//   render consumes it).
// entry.server.tsx stores, server.ts replays.
import { isStaff } from '~/domain/policy.server';
import { viewerValues } from '~/domain/header-counts.server';
import { flashStorage, sessionCookie, sessionUser } from './session.server';
import { changeVersion, TABLES, type Table } from './changes.server';
import { LRUCache } from 'lru-cache';
import { CLOCK, onMemoryPressure } from './kept.server';
import { finishedBody, templatable, templateBytes, type Template, type ViewerValues } from './viewer-template.server';

// What pages show: every table but the attempt log (written every 50 ms during play), sessions (a hit
// checks its own session anyway), notification reads (they only move a viewer's own header badge,
// which each hit reads afresh) and the staff action log (no page shows it). User writes count only
// for the columns pages show, so a login (lastLoginAt) keeps every page (sql.server.ts).
const NOT_SHOWN = new Set<Table>(['FlagAttempt', 'Session', 'NotificationRead', 'StaffAction']);
const PAGE_TABLES = TABLES.filter((t) => !NOT_SHOWN.has(t));
const dataVersion = () => changeVersion(PAGE_TABLES);

const MAX_AGE_MS = 5_000;
// Mostly templates the shared-render store holds too. During a competition every solve empties it,
// so its boards are rarely replayed there: it serves quiet times, when few pages change.
const MAX_BYTES = 8 * 1024 * 1024;

/** How a route's page may be kept (`handle.pageCache`): per session, or per viewer class. */
export type PageCacheKind = true | 'shared';

export interface PageCacheEntry {
  version: number;
  /** The viewer it was rendered for; null for a shared entry. */
  userId: number | null;
  status: number;
  headers: [string, string][];
  /** The render the page is finished from (lib/viewer-template.server.ts), often shared. */
  template: Template;
  bytes: number;
}

/** What a miss hands React Router (through the load context) so entry.server.tsx can store the page. */
export interface PageCacheMiss {
  keys: Record<'own' | 'shared', string>;
  version: number;
  at: number;
  /** The viewer's class at the lookup, and the role it was read from. */
  viewer: { class: string; role: { isStaff: boolean; isSuperuser: boolean } };
  /**
   * Set when this request renders a shared page others wait for (see `pending`): call it once its
   * answer is done, stored or not, so they replay the page or render it themselves.
   */
  settle?: () => void;
}

export type PageCacheLookup =
  | { hit: PageCacheEntry; userId: number; body: Buffer; headers: [string, string][] }
  | { miss: PageCacheMiss }
  | null;

// Least recently used pages go first past MAX_BYTES; a page lives MAX_AGE_MS from its render's start
// (the ttl each is stored with).
const entries = new LRUCache<string, PageCacheEntry>({ maxSize: MAX_BYTES, sizeCalculation: (entry) => entry.bytes, ...CLOCK });
onMemoryPressure(() => entries.clear());
// Renders of a shared page under way, by key. Each write ends every entry, and during a competition
// hundreds of viewers a second ask for the scoreboard: every one that missed rendered it (a herd of
// 40 a second, 3 ms each, in the last minute of the 2,000-player bench). A viewer who misses while
// the same page of the same data version is being rendered waits for that render and replays it.
// The render is handed to its waiters even when a write since the lookup keeps it out of the cache:
// they asked before that write, so the page as it was then is a right answer for them (their own
// render would not be older).
interface Flight { version: number; waiters: ((entry: PageCacheEntry | null) => void)[]; rendered?: PageCacheEntry }
const pending = new Map<string, Flight>();
/** For tests: how many requests wait on another's render, so a test waits for them, not for a clock. */
export const pageCacheWaiters = () => [...pending.values()].reduce((n, flight) => n + flight.waiters.length, 0);
/** How long a viewer waits for another's render before rendering the page itself. */
const WAIT_MS = 2_000;
// URLs last kept as shared entries (the kind of a page is known once it is stored): bounded, as URLs
// come from clients.
const sharedUrls = new Set<string>();
const MAX_SHARED_URLS = 10_000;

// The data version only moves forward, so once it changes every entry is dead: drop them all at once.
let entriesVersion: number | null = null;

function clearIfVersionChanged(version: number) {
  if (version === entriesVersion) return;
  entries.clear();
  entriesVersion = version;
}

/**
 * What the root and scope layouts read of a signed-in viewer besides the values a template holds as
 * tokens (lib/viewer-template.server.ts): the role (staff links, the pending-review count) and which
 * header badges are drawn. Viewers of one class get the same page from a shared route. Null when
 * the viewer's values cannot be put in a template: their pages are rendered for them alone.
 */
function viewerClass(user: { isStaff: boolean; isSuperuser: boolean }, values: ViewerValues): string | null {
  if (!templatable(values)) return null;
  const { general, admin, rewardRequests } = values.counts;
  return [isStaff(user), user.isSuperuser, general > 0, admin > 0, rewardRequests > 0].map(Number).join('');
}

const SESSION_COOKIE = /(?:^|;)\s*ctf_session=/;
const FLASH_COOKIE = /(?:^|;)\s*ctf_flash=/;

/**
 * Whether this request could be answered from the cache, and if so the cached page finished for
 * this viewer with `nonce` in place (gzipped when `acceptEncoding` allows); null when the request is
 * not eligible (not a document GET, no valid session cookie, a pending flash message, a Bearer header
 * that would make React Router render another user).
 */
export async function pageCacheLookup(input: {
  method: string;
  url: string;
  cookie?: string;
  authorization?: string;
  acceptEncoding?: string;
  nonce: string;
}): Promise<PageCacheLookup> {
  if (input.method !== 'GET' || !input.cookie || input.authorization) return null;
  const path = input.url.split('?', 1)[0];
  // `.data` URLs are React Router's client navigations (turbo-stream, not HTML); /api is JSON.
  if (path.endsWith('.data') || path.startsWith('/api/') || !SESSION_COOKIE.test(input.cookie)) return null;
  if (FLASH_COOKIE.test(input.cookie) && (await flashStorage.getSession(input.cookie)).has('message')) return null;
  const token = await sessionCookie.parse(input.cookie);
  if (typeof token !== 'string' || !token) return null;
  // The checks of requireUser: a session that expired or whose user was deactivated renders (the
  // route sends them to the login page).
  const user = await sessionUser(token);
  if (!user?.isActive) return null;
  const version = dataVersion();
  const values = await viewerValues(user);
  const viewer = viewerClass(user, values);
  if (viewer === null) return null;

  const keys = { own: `${token}\n${viewer}\n${input.url}`, shared: `\n${viewer}\n${input.url}` };
  const now = Date.now();
  clearIfVersionChanged(version);
  const hit = (entry: PageCacheEntry) => ({ hit: entry, userId: user.id, ...finishedBody(entry.template, values, input.nonce, input.acceptEncoding) });
  for (const key of [keys.shared, keys.own]) {
    const entry = entries.get(key);
    if (!entry) continue;
    if (entry.version === version && (entry.userId === null || entry.userId === user.id)) return hit(entry);
    entries.delete(key);
  }
  const miss: PageCacheMiss = { keys, version, at: now, viewer: { class: viewer, role: { isStaff: user.isStaff, isSuperuser: user.isSuperuser } } };
  if (!sharedUrls.has(input.url)) return { miss };
  const flight = pending.get(keys.shared);
  if (flight?.version === version) {
    const entry = await new Promise<PageCacheEntry | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), WAIT_MS);
      flight.waiters.push((found) => (clearTimeout(timer), resolve(found)));
    });
    // Another render's entry, kept under the version this viewer looked up (a write since ends it).
    if (entry && entry.version === version) return hit(entry);
    return { miss };
  }
  const leader: Flight = { version, waiters: [] };
  pending.set(keys.shared, leader);
  miss.settle = () => {
    if (pending.get(keys.shared) === leader) pending.delete(keys.shared);
    for (const wake of leader.waiters) wake(leader.rendered ?? null);
  };
  return { miss };
}

/** Keeps a page React Router rendered for a miss: the template it was finished from, and for whom. */
export function pageCacheStore(
  miss: PageCacheMiss,
  kind: PageCacheKind,
  page: { userId: number; status: number; headers: [string, string][]; template: Template; viewer: ViewerValues },
): void {
  // A badge that appeared or went between the lookup and the render (notification reads do not
  // move the version): the page belongs to another class.
  if (viewerClass(miss.viewer.role, page.viewer) !== miss.viewer.class) return;
  // Counted whole even when other entries share the template: the bound errs on the safe side.
  const bytes = templateBytes(page.template);
  const entry: PageCacheEntry = { version: miss.version, userId: kind === 'shared' ? null : page.userId, status: page.status, headers: page.headers, template: page.template, bytes };
  const flight = pending.get(miss.keys.shared);
  if (kind === 'shared' && flight?.version === miss.version) flight.rendered = entry;
  // A commit since the lookup: this page may already be out of date.
  const version = dataVersion();
  clearIfVersionChanged(version);
  // The age limit counts from the data the loaders read.
  const ttl = miss.at + MAX_AGE_MS - Date.now();
  if (miss.version !== version || ttl <= 0 || bytes > MAX_BYTES / 16) return;
  const key = kind === 'shared' ? miss.keys.shared : miss.keys.own;
  entries.set(key, entry, { ttl });
  if (kind === 'shared') {
    if (sharedUrls.size >= MAX_SHARED_URLS) sharedUrls.clear();
    sharedUrls.add(key.slice(key.indexOf('\n', 1) + 1));
  }
}
