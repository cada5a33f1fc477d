// Uploads are bounded per user before a byte of the file is read (server.ts "Admission",
// docs/limits.md): one learner sending 60 parallel 10 MB writeups used to take the server to 547 MiB,
// every file read in full before its 429. This file runs its own server with `npm run serve`'s heap
// and allocator settings, so the peak it measures is the one production would see.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveCommand } from '../support/serve-command';
import { startTestServer, type TestServer } from '../support/test-server';

const MB = 1024 * 1024;
// As package.json's "serve" script runs it (what `npm start` runs): its malloc settings and Node flags.
const serve = serveCommand();
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer('upload-limits', { ...serve.env, RATE_LIMIT_FACTOR: '20' }, { nodeArgs: serve.flags });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

function peakRss(): number {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(status.match(/^VmHWM:\s+(\d+) kB/m)![1]) * 1024;
}

/** A writeup of `size` bytes, sent chunked; stops sending once the server answers. */
function sendWriteup(path: string, token: string, size: number): Promise<{ status: number | null; body: string; sent: number }> {
  const boundary = 'w60';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="value"\r\n\r\nCTF{not-the-flag}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="writeup"; filename="writeup.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
  );
  const filler = Buffer.alloc(64 * 1024, 'a');
  return new Promise((resolve) => {
    const req = request(`${server.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked' } });
    let sent = 0;
    let status: number | null = null;
    let body = '';
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      req.destroy();
      resolve({ status, body, sent });
    };
    req.on('response', (res) => {
      status = res.statusCode ?? null;
      res.setEncoding('utf8');
      res.on('data', (t: string) => (body += t));
      res.on('end', finish);
      res.on('error', finish);
    });
    req.on('error', () => setTimeout(finish, 50));
    req.on('close', () => setTimeout(finish, 50));
    req.write(head);
    const pump = () => {
      while (sent < size) {
        if (status !== null || done) return;
        sent += filler.length;
        if (!req.write(filler)) return void req.once('drain', pump);
      }
      req.end(`\r\n--${boundary}--\r\n`);
    };
    pump();
  });
}

describe('uploads per user', () => {
  it('are bounded before they are read: 60 parallel 10 MB writeups from one learner', async () => {
    const login = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'alice@example.com', password: 'demo-learner-2026' }) });
    const { access } = (await login.json()) as { access: string };
    const list = await fetch(`${server.url}/api/challenges/practices/?page_size=100`, { headers: { Authorization: `Bearer ${access}` } });
    const target = ((await list.json()) as { results: { id: number; name: string }[] }).results.find((c) => c.name === 'Lost in the logs')!;
    writeFileSync(`/proc/${server.pid}/clear_refs`, '5'); // the peak (VmHWM) from here on
    const size = 10 * MB - 4096;
    const answers = await Promise.all(Array.from({ length: 60 }, () => sendWriteup(`/api/challenges/${target.id}/submissions/`, access, size)));
    const statuses: Record<string, number> = {};
    for (const a of answers) statuses[String(a.status)] = (statuses[String(a.status)] ?? 0) + 1;
    console.log('60 parallel writeups, answers by status:', statuses, 'peak RSS MiB:', Math.round(peakRss() / MB));

    const refused = answers.filter((a) => a.status === 429);
    // Two at a time per user: while two are under way the others are refused at once (how many
    // depends on how fast loopback carries the first ones), before their bodies were read.
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) expect(JSON.parse(answer.body)).toEqual({ detail: 'You already have uploads under way. Try again when they are done.' });
    // A request whose head the server reads late may already have its whole body in loopback's
    // socket buffers (several MB each way), though the server refuses it without reading a byte of
    // it: 3 of 58 did in one CI run. Most are refused while their body is still on its way; were
    // bodies read before the refusal, none would be.
    expect(refused.filter((a) => a.sent < size).length).toBeGreaterThan(refused.length / 2);
    expect(answers.filter((a) => a.status === null || a.status >= 500)).toEqual([]);
    expect(peakRss()).toBeLessThan(300 * MB);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  }, 60_000);
});

/** A small writeup with its length declared, as a browser sends it; the last bytes go after `holdMs`. */
function sendSmallWriteup(path: string, token: string, holdMs: number): Promise<number | null> {
  const boundary = 'small';
  const body = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="value"\r\n\r\nCTF{not-the-flag}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="writeup"; filename="writeup.md"\r\nContent-Type: text/markdown\r\n\r\n# How I solved it\n${'step\n'.repeat(400)}\r\n--${boundary}--\r\n`,
  );
  return new Promise((resolve) => {
    const req = request(`${server.url}${path}`, { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length } });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? null));
    });
    req.on('error', () => resolve(null));
    req.write(body.subarray(0, body.length - 64));
    setTimeout(() => req.end(body.subarray(body.length - 64)), holdMs);
  });
}

describe('uploads in total', () => {
  it("take a classroom's writeups at once: ten small ones from five learners are all read", async () => {
    const tokens = await Promise.all(['alice', 'bob', 'carol', 'dave', 'erin'].map(async (name) => {
      const login = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: `${name}@example.com`, password: 'demo-learner-2026' }) });
      return ((await login.json()) as { access: string }).access;
    }));
    const list = await fetch(`${server.url}/api/challenges/practices/?page_size=100`, { headers: { Authorization: `Bearer ${tokens[0]}` } });
    const target = ((await list.json()) as { results: { id: number; name: string }[] }).results.find((c) => c.name === 'Lost in the logs')!;
    // Two each (each learner's own bound), all ten under way together: their last bytes wait a moment.
    const statuses = await Promise.all(tokens.flatMap((token) => [0, 1].map(() => sendSmallWriteup(`/api/challenges/${target.id}/submissions/`, token, 500))));
    // A wrong flag is a 400 once the body is read; a bound on uploads in total refused with 503 before.
    expect(statuses).toEqual(Array(10).fill(400));
  });
});
