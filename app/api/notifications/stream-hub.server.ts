// The live notification badge (issue 10 §5): every open stream (one per browser tab) of every user,
// and ONE timer for all of them. About once a second it asks whether a table the counts are read
// from changed (changeVersion: a number in memory, no query); only then does it recount the
// connected users (through the header's kept counts, so a user's count is computed once per change
// whatever their tabs) and push the counts that moved. A quiet server does nothing per connection
// but a heartbeat comment every 25 s, which also closes the streams of sessions that ended.
import { headerCounts, NOTIFICATION_COUNT_TABLES } from '~/domain/header-counts.server';
import type { Actor } from '~/domain/policy.server';
import { logger } from '~/lib/logger.server';
import { sessionUser } from '~/lib/session.server';
import { changeVersion } from '~/lib/changes.server';

type Viewer = Pick<Actor, 'id' | 'isStaff' | 'isSuperuser'>;

export interface Listener {
  token: string;
  /** Writes SSE text to the stream. */
  push(text: string): void;
  /** Ends the stream (the session ended, or the server stops). */
  end(): void;
}

interface Watcher { viewer: Viewer; listeners: Set<Listener>; last: string }

const CHECK_MS = 1_000;
export const HEARTBEAT_MS = 25_000;
/** Sent first: how long a browser waits before its own reconnection (the client adds back-off). */
const RETRY_MS = 5_000;

const watchers = new Map<number, Watcher>();
let listenerCount = 0;
let seenVersion = Number.NaN;
let recounting = false;
let checkTimer: NodeJS.Timeout | null = null;
let heartbeatTimer: NodeJS.Timeout | null = null;

const frame = (counts: { general: number; admin: number }) => `data: ${JSON.stringify({ general: counts.general, admin: counts.admin })}\n\n`;

function send(listener: Listener, text: string) {
  try {
    listener.push(text);
  } catch {
    // A stream that closed under us; its abort handler unsubscribes it.
  }
}

/** A recount may not start before this: it takes at most a fifth of the time (see recount). */
let nextRecountAt = 0;

async function recount() {
  if (recounting || performance.now() < nextRecountAt) return;
  const version = changeVersion(NOTIFICATION_COUNT_TABLES);
  if (version === seenVersion) return;
  recounting = true;
  seenVersion = version;
  const started = performance.now();
  try {
    for (const watcher of [...watchers.values()]) {
      if (!watcher.listeners.size) continue;
      const text = frame(await headerCounts(watcher.viewer));
      if (text === watcher.last) continue;
      watcher.last = text;
      for (const listener of watcher.listeners) send(listener, text);
    }
  } catch (error) {
    // Counted again at the next tick: a failed recount must not leave badges stale for good.
    seenVersion = Number.NaN;
    logger.warn({ err: error }, 'live notification counts failed');
  } finally {
    recounting = false;
    // With many users connected and the tables changing every second, recounting could take the
    // server's whole time: after a recount that took d, the next waits 4d, so badges lag more but
    // pages keep at least four fifths of the time.
    const took = performance.now() - started;
    nextRecountAt = performance.now() + 4 * took;
  }
}

/** Sends the heartbeat and ends the streams whose session ended (the timer's work; tests call it). */
export async function heartbeat(): Promise<void> {
  const tokens = new Map<string, boolean>();
  for (const watcher of [...watchers.values()]) {
    for (const listener of [...watcher.listeners]) {
      if (!tokens.has(listener.token)) {
        const user = await sessionUser(listener.token).catch(() => null);
        tokens.set(listener.token, !!user?.isActive && user.id === watcher.viewer.id);
      }
      if (tokens.get(listener.token)) send(listener, ': heartbeat\n\n');
      else listener.end();
    }
  }
}

function startTimers() {
  if (checkTimer) return;
  seenVersion = changeVersion(NOTIFICATION_COUNT_TABLES);
  checkTimer = setInterval(() => void recount(), CHECK_MS).unref();
  heartbeatTimer = setInterval(() => void heartbeat(), HEARTBEAT_MS).unref();
}

function stopTimers() {
  if (checkTimer) clearInterval(checkTimer);
  if (heartbeatTimer) clearInterval(heartbeatTimer);
  checkTimer = heartbeatTimer = null;
}

/**
 * Adds a stream for `viewer` and sends it the current counts. Returns its unsubscribe function
 * (call it on disconnect; calling it twice is harmless).
 */
export async function subscribe(viewer: Viewer, listener: Listener): Promise<() => void> {
  let watcher = watchers.get(viewer.id);
  if (!watcher) watchers.set(viewer.id, (watcher = { viewer: { id: viewer.id, isStaff: viewer.isStaff, isSuperuser: viewer.isSuperuser }, listeners: new Set(), last: '' }));
  watcher.listeners.add(listener);
  listenerCount++;
  startTimers();
  let subscribed = true;
  const unsubscribe = () => {
    if (!subscribed) return;
    subscribed = false;
    listenerCount--;
    const current = watchers.get(viewer.id);
    current?.listeners.delete(listener);
    if (current && !current.listeners.size) watchers.delete(viewer.id);
    if (!listenerCount) stopTimers();
  };
  try {
    const text = frame(await headerCounts(viewer));
    watcher.last = text;
    send(listener, `retry: ${RETRY_MS}\n${text}`);
  } catch (error) {
    unsubscribe();
    throw error;
  }
  return unsubscribe;
}

/**
 * Streams one user may hold: a browser holds one for all its tabs (components/notifications-live.tsx),
 * so four is a phone, a laptop and two more. server.ts bounds them per IP and in total.
 */
export const STREAMS_PER_USER = 4;

/** Whether `userId` may open one more stream now. */
export function mayOpenStream(userId: number): boolean {
  return (watchers.get(userId)?.listeners.size ?? 0) < STREAMS_PER_USER;
}

/** How many streams are open (for tests and the bench). */
export function openStreams(): number {
  return listenerCount;
}

// On SIGTERM the server stops accepting and waits for open requests: streams would hold it until
// its 10 s limit. Ending them lets their sockets go idle and close at once (server.ts's shutdown).
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    for (const watcher of watchers.values()) for (const listener of watcher.listeners) listener.end();
  });
}
