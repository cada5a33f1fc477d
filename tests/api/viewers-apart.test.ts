// Viewers kept apart (issue 20): every page of the site, rendered for two learners in turn, holds
// nothing of the other (username, full name, e-mail, id) and no token a template holds in place of
// a viewer's values (lib/viewer-template.server.ts). The pages kept for many viewers
// (`handle.pageCache: 'shared'`, lib/page-cache.server.ts) are shared in fact: rendered for two
// learners, their loaders returned the same data. A loader of theirs that returns something of its
// viewer (a full name in a layout's data, say) fails that second test: the page cache keys such a
// page by what its render read of the viewer, so the page is then kept per full name, which is no
// leak (the first test passes) but no longer one render for everyone.
// The page list comes from app/routes.ts, so a page added there is checked without a change here.
import { readFileSync } from 'node:fs';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { beforeAll, describe, expect, it } from 'vitest';
import routeTree from '../../app/routes';
import { activeLearner, base, call, sessionCookie } from '../support/api-client';
import { SUPERUSER } from '../support/test-server';

/** The tokens of a shared render, in any case (a transformed token is still one). */
const TOKEN = /\bv[unp][0-9a-f]{24}\b|\b1[0-9]{15}\b/i;

interface Page { path: string; file: string }

/** Every page of the route tree (resource routes and the API left out), with its :params. */
function pages(entries: RouteConfigEntry[], prefix = ''): Page[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? prefix : `${prefix}/${entry.path}`;
    const own = (entry.path !== undefined || entry.index) && entry.file.endsWith('.tsx') ? [{ path: path || '/', file: entry.file }] : [];
    return [...own, ...pages(entry.children ?? [], path)];
  });
}

/** Pages whose GET changes the session (logging out): not fetched. */
const LEAVES_SESSION = new Set(['/logout']);

interface Viewer { username: string; fullname: string; email: string; id: number; cookie: string; token: string }


async function get(url: string, cookie: string, bearer?: string) {
  const res = await fetch(`${base()}${url}`, { headers: { Cookie: cookie, Accept: 'text/html', ...(bearer ? { Authorization: `Bearer ${bearer}` } : {}) }, redirect: 'manual' });
  return { status: res.status, html: await res.text(), cache: res.headers.get('x-page-cache') };
}

let a: Viewer;
let b: Viewer;
let staffCookie: string;
const params: Record<string, string> = {};

async function viewer(): Promise<Viewer> {
  const learner = await activeLearner();
  return { username: learner.username, fullname: learner.fullname, email: learner.email, id: learner.id, cookie: await sessionCookie(learner), token: learner.token };
}

beforeAll(async () => {
  [a, b] = [await viewer(), await viewer()];
  staffCookie = await sessionCookie(SUPERUSER);
  const token = (await call('POST', '/api/auth/jwt/create/', { json: { email: SUPERUSER.email, password: SUPERUSER.password } })).body.access;
  // Records of the demo seed and other tests, never of the two viewers.
  const events = (await call('GET', '/api/events/?page_size=100', { token })).body.results as { id: number; type: string }[];
  const event = events.find((e) => e.type === 'online') ?? events[0];
  const challenge = (await call('GET', '/api/challenges/practices/?page_size=1', { token })).body.results[0];
  const top = (await call('GET', '/api/auth/users/top-players/', { token })).body.results?.[0] ?? { id: 1 };
  Object.assign(params, { eventId: String(event.id), id: String(challenge.id), type: 'online', trainingWeek: '1', teamId: '1', userId: String(top.id), code: 'no-such-code', uid: 'x', token: 'y' });
});

/** The page's URL with its :params filled (a user page shows a seeded player, never a viewer). */
function urlOf(page: Page): string {
  if (page.path === '/*' || page.path.endsWith('*')) return '/no-such-page';
  return page.path.replace(/:(\w+)/g, (_, name: string) => (name === 'id' && page.path.includes('users/:id') ? params.userId : name === 'id' && page.path.startsWith('/events') ? params.eventId : params[name] ?? '1'));
}

/** What of `other` may not be on `viewer`'s page, unless the staff's page of the same URL shows it too (a list of learners). */
function leaked(html: string, other: Viewer, publicHtml: string): string[] {
  const marks = [
    ['full name', other.fullname, true],
    ['e-mail', other.email, true],
    ['username', other.username, false],
    ['id', `/users/${other.id}"`, false],
  ] as const;
  return marks.filter(([, value, always]) => html.includes(value) && (always || !publicHtml.includes(value))).map(([what]) => what);
}

describe('two viewers of the same role', () => {
  it('never see each other on any page, nor a placeholder', { timeout: 120_000 }, async () => {
    const all = pages(routeTree).filter((p) => !LEAVES_SESSION.has(p.path));
    expect(all.length).toBeGreaterThan(40);
    const problems: string[] = [];
    for (const page of all) {
      const url = urlOf(page);
      // In turn, so a render or a replay of one could reach the other.
      const seen = [[a, await get(url, a.cookie)], [b, await get(url, b.cookie)], [a, await get(url, a.cookie)], [b, await get(url, b.cookie)]] as const;
      const staff = await get(url, staffCookie);
      for (const [who, { html, status }] of seen) {
        const other = who === a ? b : a;
        if (TOKEN.test(html)) problems.push(`${url} (${status}) for ${who.username}: a placeholder ${html.match(TOKEN)![0]}`);
        for (const what of leaked(html, other, staff.html)) problems.push(`${url} (${status}) for ${who.username}: the other viewer's ${what}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("render the pages kept for a class of viewers from the same data: no loader of theirs returns anything of its viewer", { timeout: 120_000 }, async () => {
    const shared = pages(routeTree).filter((p) => /\bpageCache:\s*'shared'/.test(readFileSync(`app/${p.file}`, 'utf8')));
    // The scoreboards, practice and event.
    expect(shared.length).toBeGreaterThanOrEqual(1);
    const apart: string[] = [];
    for (const page of shared) {
      const url = urlOf(page);
      let same = false;
      // A Bearer header beside the cookie makes the page cache step aside, so React Router runs for
      // both, and the second is finished from the first one's render (X-Page-Cache: shared) only if
      // every loader returned the same data. Other test files write meanwhile, and a write makes new
      // data: retried for a quiet moment, each try on its own URL (a query the page ignores).
      for (let i = 0; i < 20 && !same; i++) {
        const once = `${url}?try=${Date.now()}-${i}`;
        const first = await get(once, a.cookie, a.token);
        const second = await get(once, b.cookie, b.token);
        expect(first.status).toBe(200);
        same = second.cache === 'shared';
      }
      if (!same) apart.push(url);
    }
    expect(apart).toEqual([]);
  });
});
