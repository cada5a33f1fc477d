// Every body parser is linear and bounded (app/lib/body.server.ts): a 1 MB body of repeated
// fields, urlencoded, multipart or a JSON array, is refused with 400 as soon as it is counted, to
// the API and to a page, and /healthz is answered while it is read. Query strings are bounded by
// Node's header limit (16 KB): past it a 431, within it no loader is slow. This file runs its own
// server with `npm run serve`'s heap flags: before the readers were linear, one such body to the API
// ran V8 out of heap (the process died) and one to a page froze the server for minutes. The times are
// printed, not asserted (the machine is shared).
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, SUPERUSER, type TestServer } from '../support/test-server';

const MB = 1024 * 1024;
const SERVE_FLAGS = ['--max-old-space-size=160', '--max-semi-space-size=4'];
const MAX_FIELDS = 1000;
const TOO_MANY = `Too many fields (at most ${MAX_FIELDS}).`;

let server: TestServer;
let token = '';
let cookie = '';

beforeAll(async () => {
  server = await startTestServer('body-parsing', { RATE_LIMIT_FACTOR: '20' }, { nodeArgs: SERVE_FLAGS });
  const login = await fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: SUPERUSER.email, password: SUPERUSER.password }) });
  token = (await login.json()).access;
  cookie = login.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

/** Almost 1 MB of `unit`, repeated. */
const repeated = (unit: string, size = MB - 1024) => unit.repeat(Math.floor(size / unit.length));

function multipartOf(size = MB - 1024) {
  const boundary = 'b0undary';
  const part = `--${boundary}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n`;
  return { type: `multipart/form-data; boundary=${boundary}`, body: `${repeated(part, size)}--${boundary}--\r\n` };
}

interface Timed { status: number; text: string; ms: number }

/** POSTs the body and, while it is on its way, GETs /healthz: both answers and their times. */
async function postWithHealthCheck(path: string, type: string, body: string, headers: Record<string, string> = {}, method = 'POST'): Promise<{ post: Timed; health: Timed }> {
  const started = performance.now();
  const post = fetch(`${server.url}${path}`, { method, headers: { 'Content-Type': type, Origin: server.url, ...headers }, body, redirect: 'manual' }).then(
    async (res) => ({ status: res.status, text: await res.text(), ms: performance.now() - started }),
    (error: Error) => ({ status: 0, text: String(error.cause ?? error), ms: performance.now() - started }),
  );
  // A moment into the upload: the server is reading (or parsing) the body.
  await new Promise((r) => setTimeout(r, 5));
  const healthStarted = performance.now();
  const health = fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(30_000) }).then(
    async (res) => ({ status: res.status, text: await res.text(), ms: performance.now() - healthStarted }),
    (error: Error) => ({ status: 0, text: String(error.cause ?? error), ms: performance.now() - healthStarted }),
  );
  const answers = { post: await post, health: await health };
  console.log(`${method} ${path} ${type.split(';')[0]} ${(body.length / MB).toFixed(2)} MB: ${answers.post.status} in ${answers.post.ms.toFixed(0)} ms; /healthz ${answers.health.status} in ${answers.health.ms.toFixed(0)} ms${answers.post.status ? '' : ` (${answers.post.text})`}`);
  return answers;
}

describe('a 1 MB body of repeated fields', () => {
  it('to the API, urlencoded, is refused with 400 and /healthz is answered meanwhile', { timeout: 60_000 }, async () => {
    const { post, health } = await postWithHealthCheck('/api/auth/jwt/create/', 'application/x-www-form-urlencoded', repeated('a=&'));
    expect(post.status).toBe(400);
    expect(JSON.parse(post.text)).toEqual({ non_field_errors: [TOO_MANY] });
    expect(health.status).toBe(200);
  });

  it('to the API, multipart, is refused with 400 and /healthz is answered meanwhile', { timeout: 60_000 }, async () => {
    const { type, body } = multipartOf();
    const { post, health } = await postWithHealthCheck('/api/auth/jwt/create/', type, body);
    expect(post.status).toBe(400);
    expect(JSON.parse(post.text)).toEqual({ non_field_errors: [TOO_MANY] });
    expect(health.status).toBe(200);
  });

  it('to the API, a JSON array, is refused with 400 and /healthz is answered meanwhile', { timeout: 60_000 }, async () => {
    for (const [method, path] of [['POST', '/api/auth/jwt/create/'], ['PUT', '/api/submissions/bulk-validate/'], ['PUT', '/api/auth/users/bulk-validate/']]) {
      const { post, health } = await postWithHealthCheck(path, 'application/json', `{"ids":[${repeated('1,')}1]}`, { Authorization: `Bearer ${token}` }, method);
      expect(post.status, path).toBe(400);
      expect(JSON.parse(post.text), path).toEqual({ non_field_errors: [TOO_MANY] });
      expect(health.status, path).toBe(200);
    }
  });

  it('to a page (/sign-up, /me), urlencoded or multipart, is a 400 page that shows the message, and /healthz is answered meanwhile', { timeout: 120_000 }, async () => {
    const { type, body } = multipartOf();
    for (const [path, headers] of [['/sign-up', {}], ['/me', { Cookie: cookie }]] as const) {
      for (const [contentType, text] of [['application/x-www-form-urlencoded', repeated('a=&')], [type, body]]) {
        const { post, health } = await postWithHealthCheck(path, contentType, text, { Accept: 'text/html', ...headers });
        expect(post.status, `${path} ${contentType}`).toBe(400);
        expect(post.text, `${path} ${contentType}`).toContain(TOO_MANY);
        expect(health.status, `${path} ${contentType}`).toBe(200);
      }
    }
  });

  it('leaves the server up and serving', async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  });
});

/** A GET with a request target of any length (fetch would refuse some). */
function rawGet(target: string, headers: Record<string, string> = {}): Promise<{ status: number; ms: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const req = request(`${server.url}${target}`, { headers, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }));
    });
    req.on('error', () => resolve({ status: 0, ms: performance.now() - started }));
    req.end();
  });
}

describe('a query string of repeated parameters', () => {
  it('past 16 KB (100,000 `a=&`) is refused by Node with 431 before any route sees it', async () => {
    for (const path of ['/api/submissions/practices/', '/practices/submissions', '/login']) {
      const answer = await rawGet(`${path}?${'a=&'.repeat(100_000)}`, { Cookie: cookie });
      expect(answer.status, path).toBe(431);
    }
  });

  it('within 16 KB, on the pages and API lists that read repeated parameters, is answered below 500', async () => {
    // About 15 KB of request line: as many repeated parameters as Node lets through.
    const ids = `${'ids=1&'.repeat(2_400)}`;
    const spread = `${'a=&'.repeat(4_800)}`;
    for (const target of [
      `/practices/submissions?bulk=validate&${ids}`,
      `/practices/users?confirm=1&${ids}`,
      `/blacks-fridays/unprocessed-reward-requests?bulk=validate&${ids}`,
      `/practices/challenges?${spread}`,
      `/login?${spread}redirectTo=/x`,
      `/api/submissions/practices/?${spread}`,
      `/api/challenges/practices/?${spread}`,
    ]) {
      const answer = await rawGet(target, target.startsWith('/api/') ? { Authorization: `Bearer ${token}` } : { Cookie: cookie, Accept: 'text/html' });
      console.log(`GET ${target.slice(0, 50)}… (${(target.length / 1024).toFixed(1)} KB): ${answer.status} in ${answer.ms.toFixed(0)} ms`);
      expect(answer.status, target.slice(0, 60)).toBeGreaterThan(0);
      expect(answer.status, target.slice(0, 60)).toBeLessThan(500);
    }
  });
});
