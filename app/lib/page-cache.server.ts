// Cache of rendered pages (docs/rules.md "Speed"). Going through React Router costs 2-5 ms of CPU
// per page (matching, loaders, SSR); the busiest pages (scoreboard, challenge board) are read far
// more often than anything changes, so a page is rendered once and replayed until the database
// changes. Two kinds of entry, by what the route declares in `handle.pageCache`:
// - `true`: the page is the viewer's own (the board shows their solves). An entry belongs to one
//   session token, so a viewer only ever gets a page rendered for them.
// - `'shared'`: the page is the same for every viewer who reads the same of themselves (the
//   scoreboard). Its key is taken from the render: what the root loader decided of the viewer
//   (headerViewer: role and which header badges are drawn, their values as tokens) and the value of
//   every field the page's loaders read of their viewer (lib/viewer-reads.server.ts). It is
//   finished for each viewer with their own header values (lib/viewer-template.server.ts), so during
//   a competition the scoreboard is rendered once per change for everyone instead of once per
//   viewer. A loader that starts reading its viewer's full name makes the full name part of the key:
//   the page is then kept per full name, never replayed to another viewer.
//   tests/api/viewers-apart.test.ts checks the pages that opted in stay shared in fact.
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
// - Only what the render depends on is in the key: session or what it read of its viewer, the language, path and query. The
//   flash cookie is the one other input; a request carrying a flash message bypasses the cache (the
//   render consumes it).
// entry.server.tsx stores, server.ts replays.
import { viewerValues } from '~/domain/header-counts.server';
import { flashStorage, sessionCookie, sessionUser } from './session.server';
import { changeVersion, TABLES, type Table } from './changes.server';
import { LRUCache } from 'lru-cache';
import { CLOCK, onMemoryPressure } from './kept.server';
import { finishedBody, headerViewer, templatable, templateBytes, type Template, type ViewerValues } from './viewer-template.server';
import { readValues } from './viewer-reads.server';
import { languageOf } from './language.server';
import type { User } from '~/generated/prisma/client';

// What pages show: every table but the attempt log (written every 50 ms during play), sessions (a hit
// checks its own session anyway), notification reads (they only move a viewer's own header badge,
// which each hit reads afresh), the staff action log (no page shows it) and the rate-limit counters
// (every login writes them). User writes count only for the columns pages show, so a login
// (lastLoginAt) keeps every page (sql.server.ts).
const NOT_SHOWN = new Set<Table>(['FlagAttempt', 'Session', 'NotificationRead', 'StaffAction', 'RateLimit']);
const PAGE_TABLES = TABLES.filter((t) => !NOT_SHOWN.has(t));
const dataVersion = () => changeVersion(PAGE_TABLES);

const MAX_AGE_MS = 5_000;
// Mostly templates the shared-render store holds too. During a competition every solve empties it,
// so its boards are rarely replayed there: it serves quiet times, when few pages change.
const MAX_BYTES = 8 * 1024 * 1024;

/** How a route's page may be kept (`handle.pageCache`): per session, or per what its render read of the viewer. */
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
  /** `own`: the whole key of a viewer's own entry; `shared`: a shared entry's key before what the render read. */
  keys: Record<'own' | 'shared', string>;
  url: string;
  version: number;
  at: number;
  /** The viewer as the lookup read them, and what the root loader would decide of them (headerViewer's JSON). */
  viewer: { user: User; header: string };
  /** The render others wait for, when this request leads one (see `pending`): the fields it expects read. */
  leads?: { key: string; reads: string };
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
// For each URL kept as a shared entry, the fields its renders read of their viewer (several sets
// when what is read depends on who reads: a staff member's page may read more), latest first. A
// lookup tries each. Bounded, as URLs come from clients.
/** Fields a render read of its viewer: sorted, and their names joined (how sets are compared). */
interface ReadSet { names: string; fields: string[] }
const readsOf = new LRUCache<string, ReadSet[]>({ max: 10_000 });
const MAX_READ_SETS = 4;

const readSetOf = (read: ReadonlySet<string>): ReadSet => {
  const fields = [...read].sort();
  return { names: fields.join(','), fields };
};

/** A shared entry's key: the lookup's part, then which fields the render read and their values for this viewer. */
const sharedKey = (prefix: string, reads: ReadSet, user: User) => `${prefix}${reads.names}\n${readValues(user, reads.fields)}`;

// The data version only moves forward, so once it changes every entry is dead: drop them all at once.
let entriesVersion: number | null = null;

function clearIfVersionChanged(version: number) {
  if (version === entriesVersion) return;
  entries.clear();
  entriesVersion = version;
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
  acceptLanguage?: string;
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
  // A viewer whose values a template cannot hold gets every page rendered for them alone.
  if (!templatable(values)) return null;
  const header = JSON.stringify(headerViewer(user, values, true));
  // The root loader decides it from the same three things (lib/language.server.ts).
  const language = await languageOf({ cookie: input.cookie, acceptLanguage: input.acceptLanguage, account: user.language });

  const keys = { own: `${token}\n${header}\n${language}\n${input.url}`, shared: `\n${header}\n${language}\n${input.url}\n` };
  const now = Date.now();
  clearIfVersionChanged(version);
  const hit = (entry: PageCacheEntry) => ({ hit: entry, userId: user.id, ...finishedBody(entry.template, values, input.nonce, input.acceptEncoding) });
  const readSets = readsOf.get(input.url) ?? [];
  const sharedKeys = readSets.map((reads) => sharedKey(keys.shared, reads, user));
  for (const key of [...sharedKeys, keys.own]) {
    const entry = entries.get(key);
    if (!entry) continue;
    if (entry.version === version && (entry.userId === null || entry.userId === user.id)) return hit(entry);
    entries.delete(key);
  }
  const miss: PageCacheMiss = { keys, url: input.url, version, at: now, viewer: { user, header } };
  // Not known as shared yet: nothing to wait for.
  if (readSets.length === 0) return { miss };
  // The render others wait for is expected to read what the latest render of the URL read.
  const leads = { reads: readSets[0].names, key: sharedKeys[0] };
  const flight = pending.get(leads.key);
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
  pending.set(leads.key, leader);
  miss.leads = leads;
  miss.settle = () => {
    if (pending.get(leads.key) === leader) pending.delete(leads.key);
    for (const wake of leader.waiters) wake(leader.rendered ?? null);
  };
  return { miss };
}

/**
 * Keeps a page React Router rendered for a miss: the template it was finished from, and for whom.
 * `reads`: the fields the page's loaders read of their viewer (a shared page is kept only with them).
 */
export function pageCacheStore(
  miss: PageCacheMiss,
  kind: PageCacheKind,
  page: { userId: number; status: number; headers: [string, string][]; template: Template; viewer: ViewerValues; reads?: ReadonlySet<string> },
): void {
  // A badge that appeared or went between the lookup and the render (notification reads do not
  // move the version): the page is not the one the lookup's key describes.
  if (JSON.stringify(headerViewer(miss.viewer.user, page.viewer, true)) !== miss.viewer.header) return;
  if (kind === 'shared' && !page.reads) return;
  const reads = readSetOf(page.reads ?? new Set());
  // Counted whole even when other entries share the template: the bound errs on the safe side.
  const bytes = templateBytes(page.template);
  const entry: PageCacheEntry = { version: miss.version, userId: kind === 'shared' ? null : page.userId, status: page.status, headers: page.headers, template: page.template, bytes };
  const key = kind === 'shared' ? sharedKey(miss.keys.shared, reads, miss.viewer.user) : miss.keys.own;
  // Those who wait took this viewer's expected reads for their own: handed the page only when the
  // render read exactly those (then their values of them are this viewer's, or they would not wait here).
  const flight = miss.leads && pending.get(miss.leads.key);
  if (kind === 'shared' && flight?.version === miss.version && miss.leads!.reads === reads.names) flight.rendered = entry;
  // A commit since the lookup: this page may already be out of date.
  const version = dataVersion();
  clearIfVersionChanged(version);
  // The age limit counts from the data the loaders read.
  const ttl = miss.at + MAX_AGE_MS - Date.now();
  if (miss.version !== version || ttl <= 0 || bytes > MAX_BYTES / 16) return;
  entries.set(key, entry, { ttl });
  if (kind === 'shared') {
    const known = readsOf.get(miss.url) ?? [];
    if (known[0]?.names !== reads.names) readsOf.set(miss.url, [reads, ...known.filter((r) => r.names !== reads.names)].slice(0, MAX_READ_SETS));
  }
}
