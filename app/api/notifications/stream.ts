import { requireAuthenticated } from '~/domain/policy.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser, resolveRequest } from '~/lib/auth.server';
import type { Route } from './+types/stream';
import { mayOpenStream, subscribe } from './stream-hub.server';

const encoder = new TextEncoder();

/**
 * GET /api/notifications/stream: Server-Sent Events for the live badge. Sends `{general, admin}` at
 * once and whenever they change, a heartbeat comment every 25 s, and ends when the session does.
 * `no-transform` keeps the compression middleware from buffering the events.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  // 401 (and user_inactive) as every API call answers them.
  const checked = (await api(async () => {
    requireAuthenticated(await getApiUser(request, context));
    return null;
  })) as Response;
  if (!checked.ok) return checked;
  const { user, token } = await resolveRequest(request, context);
  if (!user || !token) throw new Error('The caller was resolved just above.');
  // Checked and taken in one synchronous stretch: the stream's start() subscribes before its first await.
  if (!mayOpenStream(user.id)) {
    return Response.json({ detail: 'Too many live streams are open for this account. Close a browser or try again later.' }, { status: 429, headers: { 'Retry-After': '30' } });
  }

  let unsubscribe = () => {};
  let open = true;
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const close = () => {
        unsubscribe();
        if (!open) return;
        open = false;
        try {
          controller.close();
        } catch {}
      };
      request.signal.addEventListener('abort', close, { once: true });
      unsubscribe = await subscribe(user, {
        token,
        push: (text) => {
          if (open) controller.enqueue(encoder.encode(text));
        },
        end: close,
      });
      // Gone while subscribing: nothing will call close again.
      if (request.signal.aborted || !open) close();
    },
    cancel() {
      open = false;
      unsubscribe();
    },
  });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}

export const action = () => methodNotAllowed();
