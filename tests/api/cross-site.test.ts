// No state change from another site, whatever the method (docs/rules.md "Security"): a learner's
// GET of /api/challenges/{id}/hints/{hint_id}/ unlocks the hint and costs points, so a page on
// another site that navigates a signed-in learner there must be refused, like a forged POST.
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, solve } from '../support/api-client';

async function hintOf(token: string) {
  const list = await call('GET', '/api/challenges/practices/?page_size=100', { token });
  const c = list.body.results.find((r: { name: string }) => r.name === 'Hidden in plain sight');
  if (!c?.hint_id) throw new Error('seeded challenge with a hint not found');
  return { id: c.id as number, hintId: c.hint_id as number, value: c.new_value as number, path: `/api/challenges/${c.id}/hints/${c.hint_id}/` };
}

async function signedIn() {
  const learner = await activeLearner();
  const login = await call('POST', '/api/auth/jwt/create/', { json: { email: learner.email, password: learner.password } });
  const cookie = login.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
  return { ...learner, cookie, hint: await hintOf(learner.token) };
}

/** A GET as a browser sends it: the given headers only (no Origin unless named). */
async function get(path: string, headers: Record<string, string>) {
  const res = await fetch(`${base()}${path}`, { headers, redirect: 'manual' });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

const REFUSED = { status: 403, body: { detail: 'Cross-origin request refused.' } };

describe('state-changing GET from another site', () => {
  it('a cookie GET that would unlock a hint is refused from another site, and the hint stays locked', async () => {
    const learner = await signedIn();
    const { path } = learner.hint;
    const cookie = { Cookie: learner.cookie };
    // A navigation from another site (the browser says so), and an Origin naming another host.
    expect(await get(path, { ...cookie, 'Sec-Fetch-Site': 'cross-site' })).toEqual(REFUSED);
    expect(await get(path, { ...cookie, 'Sec-Fetch-Site': 'same-site' })).toEqual(REFUSED);
    expect(await get(path, { ...cookie, Origin: 'http://evil.example' })).toEqual(REFUSED);
    // A browser without Sec-Fetch-Site sends no Origin on a navigation: only a Referer of the site vouches for it.
    expect(await get(path, { ...cookie, Referer: 'http://evil.example/trap' })).toEqual(REFUSED);
    expect(await get(path, cookie)).toEqual(REFUSED);
    // The same route however React Router would match it: other case, escaped letters, a client navigation.
    const { id, hintId } = learner.hint;
    for (const variant of [`/API/Challenges/${id}/HINTS/${hintId}`, `/api/challenges/${id}/%68ints/${hintId}/`, `/api/challenges/${id}/hints/${hintId}.data`]) {
      expect(await get(variant, { ...cookie, 'Sec-Fetch-Site': 'cross-site' })).toEqual(REFUSED);
    }
    // A cookie next to a Bearer token is still a browser's request.
    expect(await get(path, { ...cookie, Authorization: `Bearer ${learner.token}`, 'Sec-Fetch-Site': 'cross-site' })).toEqual(REFUSED);
    // The board's unlock is a POST form: refused from another site too.
    const form = new URLSearchParams({ intent: 'unlock-hint', challenge: String(id), hint: String(hintId) });
    const board = await fetch(`${base()}/practices/challenges`, { method: 'POST', headers: { ...cookie, 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' }, body: form, redirect: 'manual' });
    expect(board.status).toBe(403);

    // Nothing was unlocked: the solve is worth the challenge's full value.
    expect((await solve(learner.token, id, 'CTF{view_source_first}')).score).toBe(learner.hint.value);
  });

  it('the same GET from the site itself, typed in the address bar, or with a Bearer token alone unlocks the hint', async () => {
    const sameOrigin = await signedIn();
    const opened = await get(sameOrigin.hint.path, { Cookie: sameOrigin.cookie, 'Sec-Fetch-Site': 'same-origin' });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ id: sameOrigin.hint.hintId, score: 20 });
    expect((await solve(sameOrigin.token, sameOrigin.hint.id, 'CTF{view_source_first}')).score).toBe(sameOrigin.hint.value - 20);

    const typed = await signedIn();
    expect((await get(typed.hint.path, { Cookie: typed.cookie, 'Sec-Fetch-Site': 'none' })).status).toBe(200);
    const oldBrowser = await signedIn();
    expect((await get(oldBrowser.hint.path, { Cookie: oldBrowser.cookie, Referer: `${base()}/practices/challenges` })).status).toBe(200);

    // An API client: a Bearer token and no cookie, whatever site it names.
    const client = await signedIn();
    const viaToken = await get(client.hint.path, { Authorization: `Bearer ${client.token}`, 'Sec-Fetch-Site': 'cross-site', Origin: 'http://tool.example' });
    expect(viaToken.status).toBe(200);
    expect((await solve(client.token, client.hint.id, 'CTF{view_source_first}')).score).toBe(client.hint.value - 20);
  });

  it('GETs that change nothing still pass from another site (links to the site keep working)', async () => {
    const learner = await signedIn();
    const me = await get('/api/auth/users/me/', { Cookie: learner.cookie, 'Sec-Fetch-Site': 'cross-site' });
    expect(me.status).toBe(200);
    const page = await fetch(`${base()}/practices/challenges`, { headers: { Cookie: learner.cookie, 'Sec-Fetch-Site': 'cross-site' }, redirect: 'manual' });
    expect(page.status).toBe(200);
  });
});
