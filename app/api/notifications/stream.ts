import { methodNotAllowed } from '~/lib/api.server';

// GET /api/notifications/stream is answered by server.ts on Node's own request and response, with
// serveNotificationStream (./stream.server.ts): a stream open as long as its tab must not carry React
// Router's per-request objects. Any other method lands here.
export const action = () => methodNotAllowed();
