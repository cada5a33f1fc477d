// Graceful shutdown: on SIGTERM the server stops accepting, lets in-flight requests finish, closes
// the database and exits 0.
import { Agent, request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../support/test-server';

describe('SIGTERM', () => {
  it('lets a request that is still arriving finish, then exits 0', async () => {
    const server = await startTestServer('shutdown', { SEED: 'none' });
    const encoder = new TextEncoder();
    let sent!: () => void;
    const firstChunkSent = new Promise<void>((r) => (sent = r));
    // A body that arrives slowly, so the request is in flight when the signal comes.
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('{"email": "slow'));
        sent();
        await new Promise((r) => setTimeout(r, 500));
        controller.enqueue(encoder.encode('@example.com"}'));
        controller.close();
      },
    });
    const response = fetch(`${server.url}/api/auth/users/reset_password/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    await firstChunkSent;
    await new Promise((r) => setTimeout(r, 100));
    const exit = server.stop();
    const res = await response;
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ email: ['No users found with this email address.'] });
    expect(await exit).toBe(0);
  });

  it('answers a request sent on a kept-alive connection after the signal, with Connection: close, then exits 0', async () => {
    const server = await startTestServer('shutdown-keepalive', { SEED: 'none' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean }>((resolve, reject) => {
        const req = request(`${server.url}/api/events/`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    try {
      expect(await get()).toMatchObject({ status: 200, connection: 'keep-alive' });
      const exit = server.stop();
      await new Promise((r) => setTimeout(r, 200));
      // The connection was idle when the signal came: it is not closed under the next request.
      expect(await get()).toEqual({ status: 200, connection: 'close', reused: true });
      expect(await exit).toBe(0);
    } finally {
      agent.destroy();
    }
  }, 30_000);

  it('closes a kept-alive connection that stays idle after the signal, and exits 0 without waiting for its keep-alive time', async () => {
    const server = await startTestServer('shutdown-idle', { SEED: 'none' });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // Wrapped, since a promise resolved with a promise would wait for it.
      const { closed } = await new Promise<{ closed: Promise<void> }>((resolve, reject) => {
        const req = request(`${server.url}/api/events/`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ closed: new Promise<void>((done) => req.socket!.once('close', () => done())) }));
        });
        req.on('error', reject);
        req.end();
      });
      const signalled = performance.now();
      // Idle connections are kept 65 s: without being closed at shutdown, the process would wait
      // for this one until its 10 s bound and exit 1.
      expect(await server.stop()).toBe(0);
      await closed;
      expect(performance.now() - signalled).toBeLessThan(9_000);
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
