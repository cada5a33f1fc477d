// Admission (server.ts, app/lib/admission.server.ts): answers in the works are bounded, and past the
// bound a new request is answered 503 at once with Retry-After (JSON or a page), health checks
// excepted. What must never take an answer slot: live streams (bounded per user, per IP and in
// total instead) and bodies still arriving (cut with 408 when they come too slowly). This file runs
// its own server with 2 answer slots, 6 streams per IP, and an SMTP server that never answers, so a
// password-reset request stays in the works for as long as the test likes.
import { request, type ClientRequest } from 'node:http';
import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
let silentSmtp: Server;
const smtpSockets = new Set<Socket>();

beforeAll(async () => {
  silentSmtp = createServer((socket) => {
    smtpSockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((r) => silentSmtp.listen(0, '127.0.0.1', r));
  const smtpPort = (silentSmtp.address() as { port: number }).port;
  server = await startTestServer('overload', { MAX_IN_FLIGHT: '2', MAX_STREAMS_PER_IP: '6', SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, RATE_LIMIT_FACTOR: '100' });
}, 60_000);
afterAll(async () => {
  for (const socket of smtpSockets) socket.destroy();
  silentSmtp?.close();
  await server?.stop();
});

/**
 * A password reset for a known address: the server waits on the mail server, which never answers.
 * Resolves once the server has called the mail server, so the request holds its answer slot.
 */
async function heldRequest(): Promise<ClientRequest> {
  const before = smtpSockets.size;
  const req = request(`${server.url}/api/auth/users/reset_password/`, { method: 'POST', headers: { 'Content-Type': 'application/json' } });
  req.on('error', () => {});
  req.end(JSON.stringify({ email: 'alice@example.com' }));
  await vi.waitFor(() => expect(smtpSockets.size).toBeGreaterThan(before), { timeout: 10_000, interval: 20 });
  return req;
}

async function get(path: string, accept = 'application/json', cookie?: string) {
  const res = await fetch(`${server.url}${path}`, { headers: { Accept: accept, ...(cookie ? { Cookie: cookie } : {}) } });
  return { status: res.status, retryAfter: res.headers.get('retry-after'), type: res.headers.get('content-type'), body: await res.text() };
}

async function loginCookie(email: string): Promise<string> {
  const res = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: 'demo-learner-2026' }) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
}

/** Opens a live stream; resolves with its status once the head is in, and a way to close it. */
function openStream(cookie: string): Promise<{ status: number; body: string; close: () => void }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}/api/notifications/stream`, { headers: { Cookie: cookie, Accept: 'text/event-stream' } });
    req.on('response', (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('error', () => {});
      const done = () => resolve({ status: res.statusCode!, body, close: () => req.destroy() });
      // An open stream: once its first event (retry and the counts) is in.
      if (res.statusCode === 200) res.on('data', () => /^retry: \d+\ndata: .*\n\n/.test(body) && done());
      else res.on('end', done);
    });
    req.on('error', reject);
    req.end();
  });
}

async function servedAgain() {
  let status = 0;
  for (let i = 0; i < 100 && status !== 200; i++) {
    await new Promise((r) => setTimeout(r, 50));
    status = (await get('/api/events/')).status;
  }
  return status;
}

describe('a bounded number of answers at once', () => {
  it('answers 503 with Retry-After past the bound, then serves again once the others are done', async () => {
    expect((await get('/api/events/')).status).toBe(200);
    const alice = await loginCookie('alice@example.com');
    const held = [await heldRequest(), await heldRequest()];

    const busy = await get('/api/events/');
    expect(busy.status).toBe(503);
    expect(busy.retryAfter).toBe('2');
    expect(JSON.parse(busy.body)).toEqual({ detail: 'The server is busy. Try again in a few seconds.' });
    const page = await get('/events', 'text/html');
    expect(page.status).toBe(503);
    expect(page.type).toMatch(/^text\/html/);
    expect(page.body).toContain('The server is busy. Try again in a few seconds.');
    // A live stream takes no slot, but is not opened while newcomers are refused: that work waits too.
    const stream = await openStream(alice);
    expect(stream.status).toBe(503);
    expect((await get('/healthz')).status).toBe(200);

    for (const req of held) req.destroy();
    expect(await servedAgain()).toBe(200);
  });
});

describe('live streams', () => {
  it('take no answer slot, and are bounded per user and per IP with a clear answer', async () => {
    const alice = await loginCookie('alice@example.com');
    const bob = await loginCookie('bob@example.com');
    const open: { close: () => void }[] = [];
    try {
      for (let i = 0; i < 4; i++) {
        const stream = await openStream(alice);
        expect(stream.status).toBe(200);
        expect(stream.body).toMatch(/^retry: \d+\ndata: \{"general":\d+,"admin":\d+\}/);
        open.push(stream);
      }
      // Four streams are more than the two answer slots: pages and API still answer.
      expect((await get('/api/events/')).status).toBe(200);
      expect((await get('/events', 'text/html', alice)).status).toBe(200);

      const fifth = await openStream(alice);
      expect(fifth.status).toBe(429);
      expect(JSON.parse(fifth.body).detail).toMatch(/Too many live streams/);

      for (let i = 0; i < 2; i++) open.push(await openStream(bob));
      const pastIp = await openStream(bob);
      expect(pastIp.status).toBe(429);
      expect(JSON.parse(pastIp.body).detail).toMatch(/Too many live streams/);
      expect((await get('/api/events/')).status).toBe(200);
    } finally {
      for (const stream of open) stream.close();
    }
    // Closed streams give their places back.
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 50));
      const stream = await openStream(alice);
      status = stream.status;
      stream.close();
    }
    expect(status).toBe(200);
  });
});

describe('slow bodies', () => {
  it('hold no answer slot while they arrive, and are cut with 408 when they come too slowly', async () => {
    // Each declares 1,000 bytes and sends one every 2 s.
    const slow = Array.from({ length: 5 }, () => {
      const req = request(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': '1000' } });
      const answer = new Promise<{ status: number; body: string } | 'reset'>((resolve) => {
        req.on('response', (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode!, body }));
        });
        req.on('error', () => resolve('reset'));
      });
      req.write('{');
      const drip = setInterval(() => req.write(' ', () => {}), 2_000);
      return { req, answer, drip };
    });
    try {
      // Time for the server to take their heads: nothing outside shows it has (were it slower, the
      // check below would prove less, never fail).
      await new Promise((r) => setTimeout(r, 500));
      // More slow bodies than answer slots: everyone else is still served.
      expect((await get('/api/events/')).status).toBe(200);
      const login = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'alice@example.com', password: 'demo-learner-2026' }) });
      expect(login.status).toBe(200);
      const answers = await Promise.all(slow.map((s) => s.answer));
      for (const answer of answers) {
        expect(answer).not.toBe('reset');
        expect(answer).toMatchObject({ status: 408 });
        expect(JSON.parse((answer as { body: string }).body)).toEqual({ detail: 'The request body arrived too slowly.' });
      }
    } finally {
      for (const s of slow) {
        clearInterval(s.drip);
        s.req.destroy();
      }
    }
  }, 30_000);
});
