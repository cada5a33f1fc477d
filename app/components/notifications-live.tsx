// The header's notification counts, live with JavaScript (issue 10 §5): one EventSource per tab on
// /api/notifications/stream while someone is signed in. Without JavaScript (and until the stream's
// first message) the counts are the page's own, as the server rendered them.
import { useEffect, useState } from 'react';

export interface NotificationCounts { general: number; admin: number }

export const STREAM_URL = '/api/notifications/stream';
const FIRST_RETRY_MS = 1_000;
const MAX_RETRY_MS = 60_000;

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

    const stop = () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      source?.close();
      source = null;
    };
    const connect = () => {
      if (stopped) return;
      source = new EventSource(STREAM_URL);
      source.onopen = () => {
        delay = FIRST_RETRY_MS;
      };
      source.onmessage = (event) => {
        try {
          const counts = JSON.parse(event.data) as NotificationCounts;
          if (Number.isInteger(counts.general) && Number.isInteger(counts.admin)) setLive({ general: counts.general, admin: counts.admin });
        } catch {
          // A malformed message changes nothing (SPEC §8: count failures are silently ignored).
        }
      };
      source.onerror = () => {
        source?.close();
        source = null;
        if (stopped) return;
        retry = setTimeout(connect, delay * (0.75 + Math.random() / 2));
        delay = Math.min(delay * 2, MAX_RETRY_MS);
      };
    };

    connect();
    window.addEventListener('ctf:logout', stop);
    return () => {
      window.removeEventListener('ctf:logout', stop);
      stop();
    };
  }, [who]);

  return live ?? rendered;
}
