// New connections are accepted while the server works through a rush (server.ts "Admission",
// Turns in app/lib/admission.server.ts). libuv accepts one connection per turn of the event loop;
// when a turn ran every request read in it, a burst of renders made a turn of hundreds of ms and a
// newcomer waited in the kernel's accept queue behind all of them: in the 2,000-player competition
// half the players' live streams never opened (accept queue overflowed, SYNs dropped, 10 s
// timeouts). Here 120 kept-alive clients ask for a rendered page at once, then a new client
// connects: it must be answered before the last quarter of the burst, not after it. (An order, not
// a time: a turn starts as many answers as fit in 30 ms, about 15 of these in the first turn.)
import { Agent, request } from 'node:http';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  // The order of answers is judged here, not admission: on a busy CI machine the answer cost the
  // slots measure from the first releases of a long turn refused part of the burst at the usual 10 s.
  server = await startTestServer('accept-in-rush', { RATE_LIMIT_FACTOR: '100', ADMISSION_TARGET_WAIT_MS: '600000' });
}, 60_000);
afterAll(() => server?.stop());

// Within the answer slots (128), so every one is admitted.
const BURST = 120;

function get(path: string, agent: Agent | false): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { agent, headers: { Accept: 'text/html' } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode!));
    });
    req.on('error', reject);
    req.end();
  });
}

it('accepts and answers a new connection in the middle of a burst of renders', async () => {
  const agent = new Agent({ keepAlive: true, maxSockets: BURST, maxFreeSockets: BURST });
  // Every burst client already has its connection, as players in the middle of a competition do.
  await Promise.all(Array.from({ length: BURST }, () => get('/login', agent)));
  expect(agent.freeSockets[Object.keys(agent.freeSockets)[0]]?.length).toBe(BURST);

  const order: string[] = [];
  const burst = Array.from({ length: BURST }, () => get('/login', agent).then((status) => (order.push('burst'), status)));
  const newcomer = get('/healthz', false).then((status) => (order.push('newcomer'), status));
  const statuses = await Promise.all([...burst, newcomer]);
  agent.destroy();

  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  // Before Turns the newcomer came after nearly all of the burst (it was accepted only when the
  // turn that rendered them was over).
  expect(order.indexOf('newcomer')).toBeLessThan(BURST * 0.75);
}, 60_000);
