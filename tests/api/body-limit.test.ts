// Body limits hold whatever the headers say (docs/rules.md "Security"): bytes are counted as they
// arrive, so a 100 MB chunked body (no Content-Length) is refused with 413 once it passes its
// route's limit, and the server stays up with its memory bounded. This file runs its own server with
// a heap capped at 128 MB (below `npm run serve`'s 160), so a body read whole would show, or kill it.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, SUPERUSER, type TestServer } from '../support/test-server';

const MB = 1024 * 1024;
const BIG = 100 * MB;
const SERVE_FLAGS = ['--max-old-space-size=128', '--max-semi-space-size=8'];

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('body-limit', { MALLOC_ARENA_MAX: '2', RATE_LIMIT_FACTOR: '20' }, { nodeArgs: SERVE_FLAGS, captureOutput: true });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

interface Answer { status: number | null; body: string; sent: number }

/**
 * Sends `head`, then filler up to `total` bytes, then `tail`, chunked (no Content-Length), and
 * stops writing as soon as the server answers or closes.
 */
function sendChunked(path: string, headers: Record<string, string>, total: number, head: string | Buffer = '', tail = ''): Promise<Answer> {
  const first = Buffer.from(head);
  return new Promise((resolve) => {
    const req = request(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'Transfer-Encoding': 'chunked' } });
    const filler = Buffer.alloc(64 * 1024, 'a');
    let sent = 0;
    let stopped = false;
    let status: number | null = null;
    let body = '';
    const finish = () => {
      if (stopped) return;
      stopped = true;
      req.destroy();
      resolve({ status, body, sent });
    };
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (text: string) => (body += text));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', () => setTimeout(finish, 50)); // a reset after the answer: keep what was read
    req.on('close', () => setTimeout(finish, 50));
    const pump = () => {
      if (status !== null || stopped) return;
      // The head in eight pieces or more, so the server gets it in several chunks.
      const piece = Math.max(1, Math.min(16 * 1024, Math.ceil(first.length / 8)));
      for (; sent < first.length; sent += piece) {
        if (status !== null || stopped) return;
        if (!req.write(first.subarray(sent, sent + piece))) {
          sent += piece;
          return void req.once('drain', pump);
        }
      }
      while (sent < total) {
        if (status !== null || stopped) return;
        sent += filler.length;
        if (!req.write(filler)) return void req.once('drain', pump);
      }
      req.end(tail);
    };
    pump();
  });
}

/** Sends a body with a Content-Length, in one piece. */
function sendWhole(path: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { method: 'POST', headers: { ...headers, 'Content-Length': String(body.length) } });
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (t: string) => (text += t));
      res.on('end', () => resolve({ status: res.statusCode!, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const multipartHead = (boundary: string, fields: Record<string, string>, file: { name: string; filename: string }) =>
  Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`).join('') +
  `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
const multipartTail = (boundary: string) => `\r\n--${boundary}--\r\n`;
const multipartType = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

async function login(email: string, password: string) {
  const res = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const body = (await res.json()) as { access: string };
  return { token: body.access, cookie: res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0] };
}

async function practiceChallenge(token: string, name: string): Promise<{ id: number }> {
  const res = await fetch(`${server.url}/api/challenges/practices/?page_size=100`, { headers: { Authorization: `Bearer ${token}` } });
  const found = ((await res.json()) as { results: { id: number; name: string }[] }).results.find((c) => c.name === name);
  if (!found) throw new Error(`seeded challenge ${name} not found`);
  return found;
}

/** VmRSS and VmHWM (peak) of the server, in bytes. */
function memory(): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  const kb = (name: string) => Number(status.match(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm'))![1]) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

const healthy = async () => (await fetch(`${server.url}/healthz`)).status;

describe('body limits', () => {
  it('refuses 100 MB chunked bodies (JSON, multipart on the API and on a page) with 413, stays up, memory bounded', async () => {
    const su = await login(SUPERUSER.email, SUPERUSER.password);
    const alice = await login('alice@example.com', 'demo-learner-2026');
    const target = await practiceChallenge(su.token, 'Lost in the logs');
    // Warm the paths once (a small upload of each kind), then measure the peak from here.
    const warm = await sendChunked(`/api/challenges/${target.id}/files/`, { Authorization: `Bearer ${su.token}`, 'Content-Type': multipartType('w') }, 256 * 1024, multipartHead('w', {}, { name: 'files', filename: 'warm.log' }), multipartTail('w'));
    expect(warm.status).toBe(201);
    let sampled = memory().rss;
    const baseline = sampled;
    let peakReset = false;
    try {
      writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // VmHWM starts again from the current RSS
      peakReset = true;
    } catch {}
    const sampler = setInterval(() => (sampled = Math.max(sampled, memory().rss)), 10);

    const answers: Record<string, Answer> = {};
    answers.json = await sendChunked('/api/auth/jwt/create/', { 'Content-Type': 'application/json' }, BIG, '{"email":"', '","password":"x"}');
    answers.files = await sendChunked(
      `/api/challenges/${target.id}/files/`,
      { Authorization: `Bearer ${su.token}`, 'Content-Type': multipartType('b1') },
      BIG, multipartHead('b1', {}, { name: 'files', filename: 'big.bin' }), multipartTail('b1'),
    );
    const caesar = await practiceChallenge(alice.token, 'Caesar salad');
    answers.writeup = await sendChunked(
      `/api/challenges/${caesar.id}/submissions/`,
      { Authorization: `Bearer ${alice.token}`, 'Content-Type': multipartType('b2') },
      BIG, multipartHead('b2', { value: 'CTF{rot_thirteen}' }, { name: 'writeup', filename: 'w.md' }), multipartTail('b2'),
    );
    answers.page = await sendChunked(
      '/practices/challenges',
      { Cookie: alice.cookie, 'Sec-Fetch-Site': 'same-origin', 'Content-Type': multipartType('b3') },
      BIG, multipartHead('b3', { intent: 'submit', challenge: String(caesar.id), value: 'CTF{rot_thirteen}' }, { name: 'writeup', filename: 'w.md' }), multipartTail('b3'),
    );
    clearInterval(sampler);

    for (const [name, answer] of Object.entries(answers)) {
      expect({ name, status: answer.status }).toEqual({ name, status: 413 });
      expect(JSON.parse(answer.body)).toEqual({ detail: expect.stringMatching(/^Request body too large \(at most \d+ MB here\)\.$/) });
      expect(answer.sent).toBeLessThan(BIG); // answered before the client was done
    }
    expect(answers.json.body).toContain('at most 1 MB');
    expect(answers.files.body).toContain('at most 12 MB');
    expect(answers.writeup.body).toContain('at most 11 MB');

    expect(await healthy()).toBe(200);
    const peak = Math.max(sampled, peakReset ? memory().peak : 0);
    // Four 100 MB bodies went by; what the server held stayed far below one of them.
    expect(peak - baseline).toBeLessThan(60 * MB);
    // Nothing was stored: the refused solve did not count, the refused files were not added.
    const files = await fetch(`${server.url}/api/challenges/${target.id}/files/?page_size=100`, { headers: { Authorization: `Bearer ${su.token}` } });
    expect(((await files.json()) as { results: { name: string }[] }).results.map((f) => f.name)).not.toContain('big.bin');
    const after = await fetch(`${server.url}/api/challenges/practices/?page_size=100`, { headers: { Authorization: `Bearer ${alice.token}` } });
    const row = ((await after.json()) as { results: { id: number; last_submission_of_current_player: unknown }[] }).results.find((c) => c.id === caesar.id);
    expect(row?.last_submission_of_current_player ?? null).toBeNull();
  });

  it('refuses before reading: a declared length over the limit, an upload without credentials', async () => {
    const su = await login(SUPERUSER.email, SUPERUSER.password);
    const target = await practiceChallenge(su.token, 'Lost in the logs');
    // Content-Length over the limit: 413 with the connection closed, before a byte of the body.
    const declared = await new Promise<{ status: number; connection: string | undefined; body: string }>((resolve, reject) => {
      const req = request(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Length': String(200 * MB) } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (t) => (body += t));
        res.on('end', () => {
          resolve({ status: res.statusCode!, connection: res.headers.connection, body });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    expect(declared).toMatchObject({ status: 413, connection: 'close' });
    // The direct lane's routes too: a declared 2 MB flag check.
    const direct = await sendWhole(`/api/challenges/${target.id}/verify-submitted-flag/`, { Authorization: `Bearer ${su.token}`, 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify({ flag: 'x'.repeat(2 * MB) })));
    expect(direct.status).toBe(413);
    // An anonymous 100 MB upload to a route that needs a user: 401 at once.
    const anonymous = await sendChunked('/api/challenges/', { 'Content-Type': multipartType('b4') }, BIG, multipartHead('b4', { name: 'x' }, { name: 'files', filename: 'big.bin' }), multipartTail('b4'));
    expect(anonymous.status).toBe(401);
    expect(anonymous.sent).toBeLessThan(BIG);
    // A token that names nobody: the route answers 401 before reading, and the rest is not read either.
    const bogus = await sendChunked(`/api/challenges/${target.id}/files/`, { Authorization: 'Bearer nobody', 'Content-Type': multipartType('b5') }, BIG, multipartHead('b5', {}, { name: 'files', filename: 'big.bin' }), multipartTail('b5'));
    expect(bogus.status).toBe(401);
    expect(bogus.sent).toBeLessThan(BIG);
    // A learner's upload to a staff route: 403, unread.
    const alice = await login('alice@example.com', 'demo-learner-2026');
    const learner = await sendChunked(`/api/challenges/${target.id}/files/`, { Authorization: `Bearer ${alice.token}`, 'Content-Type': multipartType('b6') }, BIG, multipartHead('b6', {}, { name: 'files', filename: 'big.bin' }), multipartTail('b6'));
    expect(learner.status).toBe(403);
    expect(learner.sent).toBeLessThan(BIG);
    expect(await healthy()).toBe(200);
  });

  it('keeps what fits: small bodies sent chunked, and an upload over 1 MB arrives intact', async () => {
    // A login sent in small chunks without Content-Length: every chunk reaches the route.
    const chunkedLogin = await sendChunked('/api/auth/jwt/create/', { 'Content-Type': 'application/json' }, 0, JSON.stringify({ email: SUPERUSER.email, password: SUPERUSER.password }));
    expect(chunkedLogin.status).toBe(200);
    // JSON is small everywhere: 2 MB of it is refused even on an upload route.
    const su = await login(SUPERUSER.email, SUPERUSER.password);
    const target = await practiceChallenge(su.token, 'Lost in the logs');
    const bigJson = await sendWhole(`/api/challenges/${target.id}/files/`, { Authorization: `Bearer ${su.token}`, 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify({ files: 'x'.repeat(2 * MB) })));
    expect(bigJson.status).toBe(413);
    // A 5 MB file, streamed chunked, is stored byte for byte.
    const content = Buffer.alloc(5 * MB);
    for (let i = 0; i < content.length; i += 4) content.writeUInt32LE((i * 2654435761) >>> 0, i);
    const form = new FormData();
    form.append('files', new File([content], 'five-mb.bin'));
    const encoded = new Response(form);
    const upload = await sendChunked(`/api/challenges/${target.id}/files/`, { Authorization: `Bearer ${su.token}`, 'Content-Type': encoded.headers.get('content-type')! }, 0, Buffer.from(await encoded.arrayBuffer()));
    expect(upload.status).toBe(201);
    const [stored] = JSON.parse(upload.body) as { id: number }[];
    const download = await fetch(`${server.url}/api/challenges/${target.id}/files/${stored.id}/download/`, { headers: { Authorization: `Bearer ${su.token}` } });
    expect(download.status).toBe(200);
    const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
    expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(content));
  });

  it('keeps a kept-alive connection usable after an answer to a large body, and closes it after an early answer', async () => {
    const { Agent } = await import('node:http');
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const send = (path: string, headers: Record<string, string>, body: Buffer) =>
      new Promise<{ status: number; connection: string | undefined; reused: boolean; body: string }>((resolve, reject) => {
        const req = request(`${server.url}${path}`, { method: 'POST', agent, headers: { ...headers, 'Content-Length': String(body.length) } });
        req.on('response', (res) => {
          let text = '';
          res.on('data', (t) => (text += t));
          res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection, reused: req.reusedSocket, body: text }));
        });
        req.on('error', reject);
        req.end(body);
      });
    try {
      // 300 KB of JSON to a route that finds it wrong: the answer comes after the body, the connection stays.
      const big = Buffer.from(JSON.stringify({ email: 'x'.repeat(300 * 1024), password: 'y' }));
      const first = await send('/api/auth/jwt/create/', { 'Content-Type': 'application/json' }, big);
      expect(first.status).toBe(400);
      expect(first.connection).toBe('keep-alive');
      // Time is what is tried here, not a wait for a condition: past LINGER_MS (2 s, server.ts), a
      // connection the server meant to close after reading off a large body would be gone.
      await new Promise((r) => setTimeout(r, 2_500));
      const second = await send('/api/auth/jwt/create/', { 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify({ email: SUPERUSER.email, password: SUPERUSER.password })));
      expect(second).toMatchObject({ status: 200, reused: true });
      // An upload its route refuses before reading it (a token that names nobody): the answer says
      // Connection: close, and the next request gets a new connection and its answer.
      const file = Buffer.concat([Buffer.from(multipartHead('ka', {}, { name: 'files', filename: 'f.bin' })), Buffer.alloc(3 * MB, 'a'), Buffer.from(multipartTail('ka'))]);
      const early = await send('/api/challenges/1/files/', { Authorization: 'Bearer nobody', 'Content-Type': multipartType('ka') }, file).catch((e) => ({ status: 0, connection: String(e), reused: false, body: '' }));
      expect(early).toMatchObject({ status: 401, connection: 'close' });
      const after = await send('/api/auth/jwt/create/', { 'Content-Type': 'application/json' }, Buffer.from(JSON.stringify({ email: SUPERUSER.email, password: SUPERUSER.password })));
      expect(after.status).toBe(200);
    } finally {
      agent.destroy();
    }
  }, 30_000);

  it('logged no error while refusing (no second answer, no "headers already sent")', () => {
    expect(server.output()).not.toMatch(/"level":(50|60)|ERR_HTTP_HEADERS_SENT|Error:|FATAL/);
  });
});
