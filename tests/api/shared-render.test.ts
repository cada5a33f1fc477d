// Pages rendered once for every viewer of the same data (app/lib/viewer-template.server.ts), seen from
// outside: a page finished from another viewer's render (X-Page-Cache: shared) carries this viewer's
// header, this response's nonce and nobody else's values, and new data is on the next read. Other
// test files write at the same time, so "this was shared" is asserted after retrying for a quiet moment.
import { request, type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, sessionCookie, solve } from '../support/api-client';

const SCOREBOARD = '/practices/scoreboard';
// Tokens the template holds in place of a viewer's values: none may reach a browser.
const TOKEN = /\bv[unp][0-9a-f]{24}\b|\b1[0-9]{15}\b/;


async function get(path: string, cookie: string) {
  const res = await fetch(`${base()}${path}`, { headers: { Cookie: cookie, Accept: 'text/html' }, redirect: 'manual' });
  const html = await res.text();
  const nonce = res.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1] ?? '';
  return { status: res.status, html, nonce, cache: res.headers.get('x-page-cache') };
}

/** The header's user menu names its viewer: `<span>name</span>` inside the menu's summary. */
const headerName = (html: string) => html.match(/<img src="[^"]*" alt="" width="28"[^>]*\/?><span>([^<]+)<\/span>/)?.[1];

describe('one render for every viewer', () => {
  it("finishes another viewer's render with this viewer's header, nonce and hydration data", async () => {
    const [first, second] = [await activeLearner(), await activeLearner()];
    const [firstCookie, secondCookie] = [await sessionCookie(first), await sessionCookie(second)];
    let pair: [Awaited<ReturnType<typeof get>>, Awaited<ReturnType<typeof get>>] | null = null;
    for (let i = 0; i < 30 && !pair; i++) {
      const a = await get(SCOREBOARD, firstCookie);
      const b = await get(SCOREBOARD, secondCookie);
      // Shared by the page cache (the scoreboard is kept for every viewer who read the same of themselves) or by the kept template.
      if (b.cache === 'shared' || b.cache === 'hit') pair = [a, b];
    }
    expect(pair, 'the second viewer was never served from the first one\'s render').not.toBeNull();
    const [a, b] = pair!;
    expect(headerName(a.html)).toBe(first.username);
    expect(headerName(b.html)).toBe(second.username);
    expect(b.html).not.toContain(first.username);
    // The hydration data names the viewer too, so React takes over the same header.
    expect(b.html).toMatch(new RegExp(`\\\\"${second.username}\\\\"`));
    for (const page of [a, b]) {
      expect(page.html).not.toMatch(TOKEN);
      const nonces = [...page.html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
      expect(new Set(nonces)).toEqual(new Set([page.nonce]));
    }
    // Apart from the viewer's values and the nonce, the two pages are the same page.
    const plain = (page: typeof a, name: string) => page.html.replaceAll(page.nonce, 'NONCE').replaceAll(name, 'NAME').replace(/\\"_\d+\\":\d+/g, '');
    expect(plain(b, second.username).length).toBeGreaterThan(1000);
  });

  it('shows new data on the next read: a solve is on the scoreboard the next viewer gets', async () => {
    const [viewer, solver] = [await activeLearner(), await activeLearner()];
    const cookie = await sessionCookie(viewer);
    await get(SCOREBOARD, cookie);
    // A challenge no other test file solves: its top solvers list is left to the tests that read it.
    const list = await call('GET', '/api/challenges/practices/?page_size=100', { token: solver.token });
    await solve(solver.token, list.body.results.find((c: { name: string }) => c.name === 'Overflowing cup').id, 'CTF{smash_the_stack}');
    let listed = false;
    for (let page = 1; page <= 50 && !listed; page++) {
      const { html, cache } = await get(`${SCOREBOARD}?page=${page}`, cookie);
      expect(html).not.toMatch(TOKEN);
      if (cache === 'shared' || cache === 'hit' || cache === null) listed = html.includes(`>${solver.username}</a>`);
      if (!html.includes('<tbody')) break;
    }
    expect(listed).toBe(true);
  });

  it('shares renders without the page cache too: pages asked by Bearer token get their own header', async () => {
    const [first, second] = [await activeLearner(), await activeLearner()];
    const page = async (token: string) => {
      const res = await fetch(`${base()}${SCOREBOARD}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'text/html' } });
      return { cache: res.headers.get('x-page-cache'), html: await res.text() };
    };
    let shared: Awaited<ReturnType<typeof page>> | null = null;
    for (let i = 0; i < 30 && !shared; i++) {
      await page(first.token);
      const b = await page(second.token);
      if (b.cache === 'shared') shared = b;
    }
    expect(shared, 'a Bearer page view was never finished from a shared render').not.toBeNull();
    expect(headerName(shared!.html)).toBe(second.username);
    expect(shared!.html).not.toContain(first.username);
    expect(shared!.html).not.toMatch(TOKEN);
  });

  it('gzips a finished page only for a client that asks, saying so as the compression middleware would', async () => {
    const learner = await activeLearner();
    const raw = (encoding: string | null) =>
      new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        const headers: Record<string, string> = { Authorization: `Bearer ${learner.token}`, Accept: 'text/html' };
        if (encoding) headers['Accept-Encoding'] = encoding;
        request(`${base()}${SCOREBOARD}`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const plain = await raw(null);
    const zipped = await raw('gzip, deflate, br');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toContain('<h1 class="text-2xl font-bold">Scoreboard</h1>');
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(Number(zipped.headers['content-length'])).toBe(zipped.body.length);
    const html = gunzipSync(zipped.body).toString();
    expect(html).toContain('<h1 class="text-2xl font-bold">Scoreboard</h1>');
    expect(headerName(html)).toBe(learner.username);
  });

  it('never finishes a page for a request that carries no session', async () => {
    const res = await fetch(`${base()}${SCOREBOARD}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('x-page-cache')).toBeNull();
  });
});
