// Errors are answers, not crashes (docs/rules.md "Errors"): a missing or hidden record is a 404 page
// for a document request (JavaScript off) and for a client navigation (`.data`, JavaScript on), and
// no page number, however malformed or huge, makes a list or an API answer 500.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, base, call, superuserToken, sessionCookie } from '../support/api-client';
import { SUPERUSER } from '../support/test-server';


async function page(path: string, cookie: string) {
  const res = await fetch(`${base()}${path}`, { headers: { Cookie: cookie, Accept: 'text/html' }, redirect: 'manual' });
  return { status: res.status, html: await res.text() };
}

let learnerCookie = '';
let staffCookie = '';
let staffToken = '';
let superuserId = 0;

beforeAll(async () => {
  const learner = await activeLearner();
  learnerCookie = await sessionCookie(learner);
  staffCookie = await sessionCookie(SUPERUSER);
  staffToken = await superuserToken();
  superuserId = (await call('GET', '/api/auth/users/me/', { token: staffToken })).body.id;
  expect(superuserId).toBeGreaterThan(0);
});

describe('pages of records that do not exist or may not be seen', () => {
  const players = () => ['999999', 'abc', '-1', '1e308', '99999999999999999999', String(superuserId)];

  it('answer a 404 "Page not found" page with a link back to the list (document request)', async () => {
    for (const id of players()) {
      const { status, html } = await page(`/practices/users/${id}`, learnerCookie);
      expect(status, id).toBe(404);
      expect(html, id).toContain('Page not found');
      // Named in the tab and for a screen reader like any page (axe document-title).
      expect(html, id).toMatch(/<title>Page not found · CTF Arena<\/title>/);
      expect(html, id).toContain('href="/practices/users"');
      expect(html, id).not.toContain('Something went wrong');
    }
  });

  it('answer 404 to a client navigation too (single-fetch .data request)', async () => {
    for (const id of players()) {
      const res = await fetch(`${base()}/practices/users/${id}.data`, { headers: { Cookie: learnerCookie } });
      await res.arrayBuffer();
      expect(res.status, id).toBe(404);
    }
  });

  it('still show the page when the record exists', async () => {
    const me = (await call('GET', '/api/auth/users/me/', { cookie: learnerCookie })).body.id;
    expect((await page(`/practices/users/${me}`, learnerCookie)).status).toBe(200);
    expect((await page(`/practices/users/${me}`, staffCookie)).status).toBe(200);
  });
});

describe('page numbers', () => {
  const odd = ['99999999999999999999', '1e308', '-1', '0', 'abc', '1.5', '9'.repeat(400)];

  it('never make a list page answer 500: malformed is page 1, huge is an empty page', async () => {
    const lists = [
      ['/practices/users', learnerCookie],
      ['/practices/scoreboard', learnerCookie],
      ['/practices/challenges', learnerCookie],
      ['/practices/categories', staffCookie],
      ['/practices/submissions', staffCookie],
    ] as const;
    for (const [path, cookie] of lists) {
      for (const value of odd) {
        const { status } = await page(`${path}?page=${value}`, cookie);
        expect([200, 302], `${path}?page=${value}`).toContain(status);
      }
    }
  });

  it('never make an API list answer 500: malformed is page 1, past the last page is an empty page', async () => {
    const lists = ['/api/auth/users/', '/api/auth/users/top-players/', '/api/categories/', '/api/challenges/practices/', '/api/submissions/practices'];
    for (const path of lists) {
      const first = await call('GET', path, { token: staffToken });
      expect(first.status, path).toBe(200);
      for (const value of odd) {
        const res = await call('GET', `${path}?page=${value}&page_size=${value}`, { token: staffToken });
        expect(res.status, `${path}?page=${value}`).toBe(200);
        expect(res.body, `${path}?page=${value}`).toMatchObject({ count: expect.any(Number), results: expect.any(Array) });
        if (value.length >= 20) expect(res.body.results, `${path}?page=${value}`).toEqual([]);
      }
    }
  });
});
