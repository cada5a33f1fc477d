// The JavaScript budget of learner pages (issue 21, docs/rules.md "Speed"): at most 120 KiB of
// compressed scripts, headers included, as a phone on a slow link downloads them before the page
// is interactive. Counted as the browser gets them from this very server: every script a page
// names for preloading, fetched with the encodings a browser takes, its compressed body and its
// response headers. An import that pulls zod, conform or a chart into a page's first load fails
// here (the forms load their code when shown or used: app/components/on-demand.tsx).
// `npm run bench:phone` measures the same pages in Chromium, with their paint times.
import { request } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, base, call, sessionCookie } from '../support/api-client';

const BUDGET = 120 * 1024;
/**
 * The pages a learner uses (/teams/me as a player without a team, whose page names the same scripts
 * as a member's), and the forms a visitor meets first, anonymous. The staff's pages are not held to it.
 */
const PAGES = ['/', '/practices/challenges', '/practices/scoreboard', '/me', '/notifications', '/teams/me', '/teams/create', '/teams/join'];
/** A running online event's board and scoreboard (the seeded Cyber Week Online CTF), as a player without a team sees them. */
const EVENT = 'Cyber Week Online CTF';
const EVENT_PAGES = ['/competes/{id}/challenges', '/competes/{id}/scoreboard'];
const ANONYMOUS_PAGES = ['/login', '/sign-up', '/password/forgot'];

/** What the wire carries for one GET: the status line, the headers and the body as sent (not decoded). */
function wireBytes(path: string, headers: Record<string, string>): Promise<{ status: number; bytes: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, base());
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        let head = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n\r\n`.length;
        for (let i = 0; i < res.rawHeaders.length; i += 2) head += `${res.rawHeaders[i]}: ${res.rawHeaders[i + 1]}\r\n`.length;
        resolve({ status: res.statusCode ?? 0, bytes: head + body.length, body });
      });
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

let cookie: string;
let eventId: number;
beforeAll(async () => {
  const learner = await activeLearner();
  cookie = await sessionCookie(learner);
  const events = await call('GET', '/api/events/?page_size=100', { token: learner.token });
  eventId = events.body.results.find((e: { name: string }) => e.name === EVENT).id;
});

describe('learner pages load at most 120 KiB of compressed JavaScript', () => {
  it.each([...[...PAGES, ...EVENT_PAGES].map((path) => [path, true] as const), ...ANONYMOUS_PAGES.map((path) => [path, false] as const)])('%s', async (pattern, signedIn) => {
    const path = pattern.replace('{id}', String(eventId));
    const page = await wireBytes(path, { ...(signedIn ? { Cookie: cookie } : {}), Accept: 'text/html', 'Accept-Encoding': 'identity' });
    expect(page.status).toBe(200);
    const html = page.body.toString('utf8');
    const scripts = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    // The stylesheet first on the wire after the HTML: named before any script to preload.
    const stylesheet = html.search(/<link rel="stylesheet"/);
    expect(stylesheet, `${path}: no stylesheet`).toBeGreaterThan(-1);
    expect(stylesheet, `${path}: a script is named before the stylesheet`).toBeLessThan(html.indexOf('<link rel="modulepreload"'));
    // The entry, React and React Router at least: a page that names none would pass for nothing.
    expect(scripts.length).toBeGreaterThan(2);
    const sizes = await Promise.all(scripts.map(async (src) => ({ src, ...(await wireBytes(src, { 'Accept-Encoding': 'gzip, deflate, br, zstd' })) })));
    for (const script of sizes) expect(script.status, script.src).toBe(200);
    const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
    const listing = sizes.sort((a, b) => b.bytes - a.bytes).map((s) => `${s.src} ${s.bytes}`).join(', ');
    expect(total, `${path}: ${(total / 1024).toFixed(1)} KiB (${listing})`).toBeLessThanOrEqual(BUDGET);
  });
});
