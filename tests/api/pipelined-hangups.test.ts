// A client that pipelines requests (sends the next before the answer to the last) and hangs up must
// not keep answer slots (server.ts closesWithConnection). Node tells a response that its connection
// closed only once it is the connection's current response: one queued behind another never heard
// it, so its slot stayed taken for good. A client pipelining three GETs per connection and hanging
// up took all 128 slots within a few hundred connections, and the site answered 503 to everyone
// from then on (found by the bench, whose load client pipelined after a 503).
// Here each connection opens a live stream (an answer that never ends) and sends a GET behind it;
// then it hangs up. This server has 4 answer slots.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer('pipelined-hangups', { MAX_IN_FLIGHT: '4', RATE_LIMIT_FACTOR: '100' });
}, 60_000);
afterAll(() => server?.stop());

async function sessionCookie(): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'alice@example.com', password: 'demo-learner-2026' }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
}

it('a request pipelined behind one under way gives its answer slot back when the client hangs up', async () => {
  const cookie = await sessionCookie();
  const stream = `GET /api/notifications/stream HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${cookie}\r\nAccept: text/event-stream\r\n\r\n`;
  const page = 'GET /login HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
  for (let i = 0; i < 4; i++) {
    const socket: Socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(stream + page));
    socket.on('error', () => {});
    // The stream's head is out: the page behind it has been read, and answered into the queue behind the stream.
    await new Promise<void>((resolve) => socket.once('data', () => resolve()));
    await new Promise((r) => setTimeout(r, 200));
    await new Promise<void>((resolve) => {
      socket.once('close', () => resolve());
      socket.destroy();
    });
  }
  // Four connections later, every slot would be held by a page whose client is gone.
  const statuses = [];
  for (let i = 0; i < 5; i++) statuses.push((await fetch(`${server.url}/login`)).status);
  expect(statuses).toEqual([200, 200, 200, 200, 200]);
}, 60_000);
