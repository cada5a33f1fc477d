import { createServer, get, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listenWide, type Listening } from './listen.server';

let opened: { server: Server; listening: Listening; sockets: Socket[] } | null = null;

afterEach(async () => {
  if (!opened) return;
  const { server, listening, sockets } = opened;
  opened = null;
  for (const socket of sockets) socket.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => listening.close(resolve));
});

/**
 * Queues `n` connections in the kernel while this process's event loop is held, then lets the loop
 * run and returns how many the server accepted in each turn (in order, turns with none left out).
 */
async function acceptedPerTurn(extra: number, n = 40): Promise<{ perTurn: number[]; listening: Listening; port: number }> {
  const server = createServer((_req, res) => res.end('ok'));
  const listening = await listenWide(server, 0, extra);
  const port = (server.address() as AddressInfo).port;
  const sockets: Socket[] = [];
  opened = { server, listening, sockets };
  let turn = 0;
  const counts = new Map<number, number>();
  server.on('connection', () => counts.set(turn, (counts.get(turn) ?? 0) + 1));
  for (let i = 0; i < n; i++) sockets.push(connect(port, '127.0.0.1').on('error', () => {}));
  // net.connect calls connect(2) on the next tick; once it has, loopback completes the handshakes
  // in the kernel whatever this loop does. Hold the loop so they all wait in the accept queue.
  await new Promise((resolve) => process.nextTick(resolve));
  const until = Date.now() + 300;
  while (Date.now() < until);
  await new Promise<void>((resolve) => {
    const next = () => {
      turn++;
      if ([...counts.values()].reduce((a, b) => a + b, 0) >= n || turn > 10 * n) resolve();
      else setImmediate(next);
    };
    setImmediate(next);
  });
  return { perTurn: [...counts.entries()].sort(([a], [b]) => a - b).map(([, c]) => c), listening, port };
}

describe('listenWide', () => {
  it('accepts one connection per descriptor in a turn of the event loop, so extra descriptors take a rush faster', async () => {
    const { perTurn, listening, port } = await acceptedPerTurn(7);
    expect(listening.descriptors).toBe(8);
    expect(perTurn.reduce((a, b) => a + b, 0)).toBe(40);
    expect(Math.max(...perTurn)).toBe(8);
    // Connections taken by the extra descriptors are the HTTP server's like any other.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => new Promise<number>((resolve, reject) => get({ port, host: '127.0.0.1', agent: false }, (res) => resolve(res.statusCode ?? 0)).on('error', reject))),
    );
    expect(answers).toEqual(Array(10).fill(200));
  });

  it('takes one connection per turn on a single descriptor (libuv 1.45+): the reason the extras exist', async () => {
    // If a Node upgrade accepts in a loop again, this fails and listen.server.ts can go.
    const { perTurn, listening } = await acceptedPerTurn(0);
    expect(listening.descriptors).toBe(1);
    expect(Math.max(...perTurn)).toBe(1);
    expect(perTurn.length).toBe(40);
  });

  it('stops accepting on every descriptor at close and reports when their connections have ended', async () => {
    const server = createServer((_req, res) => res.end('ok'));
    const listening = await listenWide(server, 0, 3);
    const port = (server.address() as AddressInfo).port;
    const kept = connect(port, '127.0.0.1');
    await new Promise((resolve) => kept.once('connect', resolve));
    let closed = false;
    listening.close(() => (closed = true));
    // A new connection finds nothing listening on any descriptor.
    const refused = await new Promise<string>((resolve) => connect(port, '127.0.0.1').on('connect', () => resolve('connected')).on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? 'error')));
    expect(refused).toBe('ECONNREFUSED');
    expect(closed).toBe(false);
    kept.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(closed).toBe(true);
  });
});
