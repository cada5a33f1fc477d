// hangUpOf tells a client that hung up before its answer from one that was answered: React Router's
// requests carry no abort signal (server.ts), and a page is not rendered for a client that left.
import { createServer, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hangUpOf } from './respond.server';

let server: Server | null = null;
afterEach(() => new Promise<void>((resolve) => (server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve())));

/** A server that hands each response to `held` unanswered, and the port it listens on. */
async function holding(held: (res: ServerResponse, left: () => boolean) => void): Promise<number> {
  server = createServer((_req, res) => held(res, hangUpOf(res)));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

describe('hangUpOf', () => {
  it('says a client left once it hung up before its answer', async () => {
    let left: (() => boolean) | null = null;
    let closed!: () => void;
    const closing = new Promise<void>((resolve) => (closed = resolve));
    const port = await holding((res, clientLeft) => {
      left = clientLeft;
      res.once('close', closed);
      client.destroy();
    });
    const client = request({ port, host: '127.0.0.1', path: '/' }).on('error', () => {});
    client.end();
    await closing;
    expect(left!()).toBe(true);
  });

  it('says nobody left when the answer was sent, before and after its connection closes', async () => {
    const seen: boolean[] = [];
    let closed!: () => void;
    const closing = new Promise<void>((resolve) => (closed = resolve));
    const port = await holding((res, clientLeft) => {
      seen.push(clientLeft());
      res.once('close', () => (seen.push(clientLeft()), closed()));
      res.end('ok');
    });
    await new Promise<void>((resolve, reject) => request({ port, host: '127.0.0.1', path: '/', agent: false }, (res) => res.resume().on('end', resolve)).on('error', reject).end());
    await closing;
    expect(seen).toEqual([false, false]);
  });
});
