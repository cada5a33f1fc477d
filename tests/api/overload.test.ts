// Past MAX_IN_FLIGHT requests being answered at once, a new one is answered 503 at once with
// Retry-After (server.ts "Overload"), as JSON or as a page, health checks excepted; once the
// others are done, requests are served again. This file runs its own server with a bound of 2.
import { request, type ClientRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('overload', { MAX_IN_FLIGHT: '2' });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** A login whose body never ends: the server holds it, in flight, until the client goes away. */
function heldRequest(): Promise<ClientRequest> {
  return new Promise((resolve) => {
    const req = request(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' } });
    req.on('error', () => {});
    req.write('{"email": "someone@example.com", ', () => setTimeout(() => resolve(req), 100));
  });
}

async function get(path: string, accept = 'application/json') {
  const res = await fetch(`${server.url}${path}`, { headers: { Accept: accept } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), body: await res.text() };
}

describe('a bounded number of requests at once', () => {
  it('answers 503 with Retry-After past the bound, then serves again once the others are done', async () => {
    expect((await get('/api/events/')).status).toBe(200);
    const held = [await heldRequest(), await heldRequest()];

    const busy = await get('/api/events/');
    expect(busy.status).toBe(503);
    expect(busy.retryAfter).toBe('2');
    expect(JSON.parse(busy.body)).toEqual({ detail: 'The server is busy. Try again in a few seconds.' });
    const page = await get('/events', 'text/html');
    expect(page.status).toBe(503);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('The server is busy. Try again in a few seconds.');
    expect((await get('/healthz')).status).toBe(200);

    for (const req of held) req.destroy();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      status = (await get('/api/events/')).status;
    }
    expect(status).toBe(200);
  });
});
