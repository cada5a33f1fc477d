// The page cache (app/lib/page-cache.server.ts, docs/rules.md "Speed"), seen from outside: a replay
// (X-Page-Cache: hit) is the page React Router rendered, with this response's CSP nonce and the
// viewer's own header; a committed write, another session, another role or a flash message never
// get someone else's or an old page. The board is kept per session, the scoreboard per what its render read of the viewer.
// Other test files write to the same server at the same time, and any write ends every entry, so
// "this is a replay" is asserted only after retrying until a quiet moment allows one.
import { createCookieSessionStorage } from 'react-router';
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, sessionCookie, solve } from '../support/api-client';
import { SUPERUSER } from '../support/test-server';

const SCOREBOARD = '/practices/scoreboard';
const CHALLENGES = '/practices/challenges';


interface Page { status: number; html: string; headers: Headers; hit: boolean; nonce: string }

async function get(path: string, cookie: string): Promise<Page> {
  const res = await fetch(`${base()}${path}`, { headers: { Cookie: cookie, Accept: 'text/html' }, redirect: 'manual' });
  const html = await res.text();
  const nonce = res.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1] ?? '';
  return { status: res.status, html, headers: res.headers, hit: res.headers.get('x-page-cache') === 'hit', nonce };
}

/** GETs until a replay follows a render (a write elsewhere in between makes both renders). */
async function replayed(path: string, cookie: string): Promise<{ rendered: Page; replay: Page }> {
  for (let i = 0; i < 30; i++) {
    const rendered = await get(path, cookie);
    const replay = await get(path, cookie);
    if (replay.hit) return { rendered, replay };
  }
  throw new Error(`${path} was never replayed from the page cache`);
}

async function seeded(token: string, name: string) {
  const list = await call('GET', '/api/challenges/practices/?page_size=100', { token });
  return list.body.results.find((c: { name: string }) => c.name === name) as { id: number };
}

describe('page cache', () => {
  it('replays the same page to the same session, each time with the nonce of its own CSP header', async () => {
    const learner = await activeLearner();
    const cookie = await sessionCookie(learner);
    for (const path of [SCOREBOARD, CHALLENGES]) {
      const { rendered, replay } = await replayed(path, cookie);
      expect(rendered.status).toBe(200);
      expect(replay.status).toBe(200);
      expect(replay.headers.get('content-type')).toMatch(/^text\/html/);
      for (const page of [rendered, replay]) {
        expect(page.nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
        // Every script carries this response's nonce and no other.
        const nonces = [...page.html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
        expect(nonces.length).toBeGreaterThan(0);
        expect(new Set(nonces)).toEqual(new Set([page.nonce]));
      }
      expect(replay.nonce).not.toBe(rendered.nonce);
      expect(replay.html.replaceAll(replay.nonce, 'NONCE')).toBe(rendered.html.replaceAll(rendered.nonce, 'NONCE'));
      expect(replay.html).toContain(learner.username);
    }
  });

  it('renders again after a write: a new solve shows on the next scoreboard and board', async () => {
    const learner = await activeLearner();
    const cookie = await sessionCookie(learner);
    const before = await replayed(SCOREBOARD, cookie);
    expect(before.replay.html).not.toContain(`>${learner.username}</a>`);
    const board = await replayed(`${CHALLENGES}?page=1`, cookie);
    expect(board.replay.html).not.toContain('>Solved<');

    const caesar = await seeded(learner.token, 'Caesar salad');
    await solve(learner.token, caesar.id, 'CTF{rot_thirteen}');

    const after = await get(SCOREBOARD, cookie);
    expect(after.hit).toBe(false);
    // Other test files score too, so the new row may be on a later page: every page is fresh.
    let listed = false;
    for (let page = 1; page <= 50 && !listed; page++) {
      const html = page === 1 ? after.html : (await get(`${SCOREBOARD}?page=${page}`, cookie)).html;
      listed = html.includes(`>${learner.username}</a>`);
      if (!html.includes('<tbody')) break;
    }
    expect(listed).toBe(true);
    const boardAfter = await get(`${CHALLENGES}?page=1`, cookie);
    expect(boardAfter.hit).toBe(false);
    // The solved card shows the learner's own score (only solved cards carry it); other test files
    // add challenges, so it may be on a later page.
    let solvedShown = boardAfter.html.includes('data-testid="own-score"');
    for (let page = 2; page <= 20 && !solvedShown; page++) solvedShown = (await get(`${CHALLENGES}?page=${page}`, cookie)).html.includes('data-testid="own-score"');
    expect(solvedShown).toBe(true);
  });

  it('keeps the board per session: another learner gets their own board and header, a logged-out session no page', async () => {
    const first = await activeLearner();
    const second = await activeLearner();
    const firstCookie = await sessionCookie(first);
    const secondCookie = await sessionCookie(second);
    await replayed(CHALLENGES, firstCookie);
    const other = await get(CHALLENGES, secondCookie);
    expect(other.status).toBe(200);
    expect(other.hit).toBe(false);
    expect(other.html).toContain(second.username);
    expect(other.html).not.toContain(first.username);
    expect((await replayed(CHALLENGES, secondCookie)).replay.html).not.toContain(first.username);
    // Both sessions keep their own entry side by side.
    let both = false;
    for (let i = 0; i < 30 && !both; i++) {
      await replayed(CHALLENGES, firstCookie);
      await replayed(CHALLENGES, secondCookie);
      both = (await get(CHALLENGES, firstCookie)).hit;
    }
    expect(both).toBe(true);

    // Logging out ends the session: its cached page is not served any more.
    await replayed(SCOREBOARD, firstCookie);
    expect((await call('POST', '/api/auth/jwt/destroy/', { cookie: firstCookie })).status).toBe(204);
    const gone = await get(SCOREBOARD, firstCookie);
    expect(gone.hit).toBe(false);
    expect(gone.status).toBe(302);
    expect(gone.headers.get('location')).toBe(`/login?redirectTo=${encodeURIComponent(SCOREBOARD)}`);
  });

  it("renders the scoreboard once for every learner: another learner's first view is a replay with their own header", async () => {
    const first = await activeLearner();
    const second = await activeLearner();
    const firstCookie = await sessionCookie(first);
    const secondCookie = await sessionCookie(second);
    let shared: Page | null = null;
    let rendered: Page | null = null;
    for (let i = 0; i < 30 && !shared; i++) {
      ({ replay: rendered } = await replayed(SCOREBOARD, firstCookie));
      const page = await get(SCOREBOARD, secondCookie);
      if (page.hit) shared = page;
    }
    expect(shared).not.toBeNull();
    expect(shared!.status).toBe(200);
    expect(shared!.html).toContain(second.username);
    expect(shared!.html).not.toContain(first.username);
    const nonces = [...shared!.html.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(new Set(nonces)).toEqual(new Set([shared!.nonce]));
    // The same scoreboard as the render it was finished from.
    const main = (page: Page) => page.html.slice(page.html.indexOf('<main'), page.html.indexOf('</main>'));
    expect(main(shared!).length).toBeGreaterThan(500);
    expect(main(shared!)).toBe(main(rendered!));
  });

  it('keeps the staff scoreboard apart: their navigation never reaches a learner, nor a learner\'s page them', async () => {
    const learner = await activeLearner();
    const learnerCookie = await sessionCookie(learner);
    const staffCookie = await sessionCookie(SUPERUSER);
    const staffLink = 'href="/practices/categories"';
    for (let i = 0; i < 3; i++) {
      const staff = (await replayed(SCOREBOARD, staffCookie)).replay;
      expect(staff.html).toContain(staffLink);
      expect(staff.html).not.toContain(learner.username);
      const seen = await get(SCOREBOARD, learnerCookie);
      expect(seen.html).not.toContain(staffLink);
      expect(seen.html).toContain(learner.username);
      const back = await get(SCOREBOARD, staffCookie);
      expect(back.html).toContain(staffLink);
      expect(back.html).not.toContain(learner.username);
    }
  });

  it('keeps a page through logins, right and wrong: their rate-limit counters are not what pages show', async () => {
    const [viewer, other] = await Promise.all([activeLearner(), activeLearner()]);
    const cookie = await sessionCookie(viewer);
    let kept = false;
    for (let round = 0; round < 20 && !kept; round++) {
      await get(SCOREBOARD, cookie);
      if (!(await get(SCOREBOARD, cookie)).hit) continue;
      expect((await call('POST', '/api/auth/jwt/create/', { json: { email: other.email, password: 'not-the-password-1' } })).status).toBe(401);
      expect((await call('POST', '/api/auth/jwt/create/', { json: { email: other.email, password: other.password } })).status).toBe(200);
      kept = (await get(SCOREBOARD, cookie)).hit;
    }
    expect(kept).toBe(true);
  });

  it('lets a flash message through: the flash cookie bypasses the cache', async () => {
    const learner = await activeLearner();
    const cookie = await sessionCookie(learner);
    await replayed(CHALLENGES, cookie);
    // A flash cookie as the server signs it (SESSION_SECRET of tests/support/test-server.ts), with no
    // database write that would end the cached page anyway.
    const flash = createCookieSessionStorage({ cookie: { name: 'ctf_flash', httpOnly: true, sameSite: 'lax', path: '/', secrets: ['test-secret-not-for-production'] } });
    const session = await flash.getSession();
    session.flash('message', { type: 'success', text: 'A message from the test.' });
    const flashCookie = (await flash.commitSession(session)).split(';')[0];

    const shown = await get(CHALLENGES, `${cookie}; ${flashCookie}`);
    expect(shown.hit).toBe(false);
    expect(shown.html).toContain('A message from the test.');
    // The render consumed the message: the browser now holds an empty flash cookie, which does not
    // stand in the way of a replay.
    const emptied = shown.headers.getSetCookie().find((c) => c.startsWith('ctf_flash='))!.split(';')[0];
    const { replay } = await replayed(CHALLENGES, `${cookie}; ${emptied}`);
    expect(replay.html).not.toContain('A message from the test.');
  });

  it('shows the flash of a flag submitted through the page form', async () => {
    const learner = await activeLearner();
    const cookie = await sessionCookie(learner);
    const strings = await seeded(learner.token, 'Strings attached');
    const path = `${CHALLENGES}?challenge=${strings.id}`;
    await replayed(path, cookie);
    const form = new FormData();
    form.set('intent', 'submit');
    form.set('challenge', String(strings.id));
    form.set('value', 'CTF{strings_are_cheap}');
    form.set('writeup', new File(['steps'], 'writeup.txt', { type: 'text/plain' }));
    const posted = await fetch(`${base()}${path}`, { method: 'POST', body: form, headers: { Cookie: cookie, Origin: base() }, redirect: 'manual' });
    expect(posted.status).toBe(302);
    const flashCookie = posted.headers.getSetCookie().find((c) => c.startsWith('ctf_flash='))!.split(';')[0];
    const shown = await get(posted.headers.get('location')!, `${cookie}; ${flashCookie}`);
    expect(shown.hit).toBe(false);
    expect(shown.html).toContain('Your flag and writeup were submitted successfully.');
  });

  it('leaves client navigations (.data) and Bearer requests to React Router', async () => {
    const learner = await activeLearner();
    const cookie = await sessionCookie(learner);
    await replayed(SCOREBOARD, cookie);
    const data = await fetch(`${base()}${SCOREBOARD}.data`, { headers: { Cookie: cookie } });
    expect(data.status).toBe(200);
    expect(data.headers.get('x-page-cache')).toBeNull();
    expect(data.headers.get('content-type')).not.toMatch(/text\/html/);
    const bearer = await fetch(`${base()}${SCOREBOARD}`, { headers: { Cookie: cookie, Authorization: `Bearer ${learner.token}` } });
    // Never a replay of a session's page; it may be finished from a render shared with other viewers.
    expect(bearer.headers.get('x-page-cache')).not.toBe('hit');
  });
});
