import type { IncomingMessage, ServerResponse } from 'node:http';
import { requireAuthenticated } from '~/domain/policy.server';
import { api, type DirectReply } from '~/lib/api.server';
import type { User } from '~/generated/prisma/client';
import { apiCaller } from '~/lib/auth.server';
import { mayOpenStream, subscribe } from './stream-hub.server';

/** What a client may leave unread before its stream is ended: a few hundred frames (a reader that stopped reading). */
const MAX_UNREAD_BYTES = 64 * 1024;

/**
 * GET /api/notifications/stream: Server-Sent Events for the live badge. Sends `{general, admin}` at
 * once and whenever they change, a heartbeat comment every 25 s, and ends when the session does.
 *
 * Answered on Node's own request and response (server.ts calls it for this path, after its stream
 * bounds), not through React Router: a stream stays open for as long as its tab, and every player of
 * a competition holds one. Through React Router each held a Fetch Request, an AbortSignal, a web
 * ReadableStream and its pipe to the socket (about 35 KB), and 2,000 of them made the garbage
 * collector the server's biggest job; here a stream is its socket, Node's request and response and
 * one listener (docs/limits.md "Live streams"). Refusals are the API's usual JSON.
 * `no-transform` keeps any compressing proxy from buffering the events.
 */
export async function serveNotificationStream(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let caller: { user: User; token: string } | null = null;
  const refusal = await api(async () => {
    const found = await apiCaller({ cookie: req.headers.cookie, authorization: req.headers.authorization });
    requireAuthenticated(found?.user);
    // Checked and taken in one synchronous stretch: subscribe() below adds the listener before its first await.
    if (!mayOpenStream(found!.user.id)) {
      return new Response(JSON.stringify({ detail: 'Too many live streams are open for this account. Close a browser or try again later.' }), { status: 429, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' } });
    }
    caller = found;
    return null;
  }, { direct: true });
  if (!caller) return reply(res, refusal);
  const { user, token } = caller as { user: User; token: string };
  if (res.destroyed) return;

  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  // Sent alone, the head is flattened where it is kept as it is written. Sent with the first event,
  // it went out as a copy joined to the event, and the response kept the head as Node built it, a
  // chain of about 70 string pieces: a heap snapshot of the 2,000-player competition held 4.5 MB of
  // them.
  res.flushHeaders();
  let open = true;
  let unsubscribe = () => {};
  const close = () => {
    unsubscribe();
    if (!open) return;
    open = false;
    res.end();
  };
  res.once('close', close);
  unsubscribe = await subscribe(user, {
    token,
    push: (text) => {
      if (!open) return;
      if (res.writableLength > MAX_UNREAD_BYTES) return close();
      res.write(text);
    },
    end: close,
  }).catch((error) => {
    res.destroy(error);
    return () => {};
  });
  // Gone while subscribing: nothing will call close again.
  if (!open || res.destroyed) close();
}

/** Writes an API answer (a refusal) on Node's response. */
async function reply(res: ServerResponse, answer: DirectReply | Response) {
  if (answer instanceof Response) {
    res.writeHead(answer.status, Object.fromEntries(answer.headers));
    res.end(await answer.text());
  } else {
    res.writeHead(answer.status, answer.headers);
    res.end(answer.body);
  }
}
