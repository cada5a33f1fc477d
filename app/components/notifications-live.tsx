// The header's notification counts, live with JavaScript (issue 10 §5): an EventSource on
// /api/notifications/stream while someone is signed in. Without JavaScript (and until the stream's
// first message) the counts are the page's own, as the server rendered them.
//
// A browser holds at most 6 HTTP/1.1 connections to a host: six tabs each keeping a stream open
// would leave none for loading pages. So the tabs of one user elect one of them (a Web Lock): that
// tab holds the stream and passes each message to the others (a BroadcastChannel); when it closes,
// another takes over. Where either API is missing, every tab holds its own stream.
import { useEffect, useState } from 'react';

export interface NotificationCounts { general: number; admin: number }

export const STREAM_URL = '/api/notifications/stream';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

function parse(data: unknown): NotificationCounts | null {
  try {
    const counts = (typeof data === 'string' ? JSON.parse(data) : data) as NotificationCounts;
    return Number.isInteger(counts?.general) && Number.isInteger(counts?.admin) ? { general: counts.general, admin: counts.admin } : null;
  } catch {
    return null; // SPEC §8: count failures are silently ignored
  }
}

/**
 * `rendered` are the counts of the current page; the stream's counts replace them until a page
 * brings other ones (a navigation is as fresh as the stream). On an error the stream is closed and
 * opened again after a back-off that doubles up to a minute (with jitter, so a restarted server is
 * not met by every tab at once) and starts over once a stream opens. It closes when the user logs
 * out (`who` becomes null, or the logout event fires) and when the component goes away.
 */
export function useLiveNotificationCounts(who: string | null, rendered: NotificationCounts): NotificationCounts {
  const [live, setLive] = useState<NotificationCounts | null>(null);

  useEffect(() => setLive(null), [rendered.general, rendered.admin]);

  useEffect(() => {
    if (!who || typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let delay = FIRST_RETRY_MS;
    let stopped = false;
    let releaseLead: (() => void) | null = null;
    const name = `ctf-notifications:${who}`;
    const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
    const waiting = new AbortController();

    if (channel) channel.onmessage = (event) => {
      const counts = parse(event.data);
      if (counts) setLive(counts);
    };

    const connect = () => {
      if (stopped) return;
      source = new EventSource(STREAM_URL);
      source.onopen = () => {
        delay = FIRST_RETRY_MS;
      };
      source.onmessage = (event) => {
        const counts = parse(event.data);
        if (!counts) return;
        setLive(counts);
        channel?.postMessage(counts);
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
        retry = setTimeout(connect, delay * (0.75 + Math.random() / 2));
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      };
    };

    const stop = () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
      source = null;
      waiting.abort();
      releaseLead?.();
      channel?.close();
    };

    if (channel && typeof navigator !== 'undefined' && navigator.locks) {
      // Held until this tab stops: the promise resolves (and the lock passes on) only then.
      navigator.locks
        .request(name, { signal: waiting.signal }, () => new Promise<void>((release) => {
          releaseLead = release;
          if (stopped) release();
          else connect();
        }))
        .catch(() => {}); // aborted while waiting for the lock
    } else {
      connect();
    }

    window.addEventListener('ctf:logout', stop);
    return () => {
      window.removeEventListener('ctf:logout', stop);
      stop();
    };
  }, [who]);

  return live ?? rendered;
}
