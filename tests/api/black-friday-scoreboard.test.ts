// The general Black Friday scoreboard calls (SPEC §7 Events "Black Friday"): staff only, players over
// every black-friday event, asked both ways the server answers (Bearer token: server.ts's direct lane
// for API clients; session cookie: the whole stack, as a browser).
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, superuserToken } from '../support/api-client';
import { SUPERUSER } from '../support/test-server';

const TOP = '/api/events/blacks-fridays/top-players/';
const TOTAL = '/api/events/blacks-fridays/total-points/';

async function seededFriday(token: string): Promise<{ eventId: number; warmUpId: number }> {
  const list = await call('GET', '/api/events/?type=black-friday&page_size=100');
  const event = list.body.results.find((e: { name: string }) => e.name === 'Black Friday CTF');
  const board = await call('GET', `/api/events/${event.id}/challenges/?page_size=100`, { token });
  return { eventId: event.id, warmUpId: board.body.results.find((c: { name: string }) => c.name.endsWith('warm-up')).id };
}

async function cookieOf(email: string, password: string): Promise<string> {
  const res = await fetch(`${base()}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base() }, body: JSON.stringify({ email, password }) });
  return res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0]!;
}

/** The entry of `id` on any page of the general board, following `next`. */
async function entryOf(id: number, auth: { token?: string; cookie?: string }) {
  let url: string | null = TOP;
  while (url) {
    const res = await call('GET', url.replace(/^https?:\/\/[^/]+/, ''), auth);
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeLessThanOrEqual(10);
    const found = res.body.results.find((e: { id: number }) => e.id === id);
    if (found) return found;
    url = res.body.next;
  }
  return null;
}

describe('GET /api/events/blacks-fridays/top-players/ and total-points/', () => {
  it('answers anonymous callers 401 and learners 403, by token and by cookie', async () => {
    const learner = await activeLearner();
    for (const path of [TOP, TOTAL, `${TOP}?page=2`]) {
      expect((await call('GET', path)).status).toBe(401);
      const byToken = await call('GET', path, { token: learner.token });
      expect(byToken.status).toBe(403);
      expect(byToken.body).toEqual({ detail: 'You do not have permission to perform this action.' });
      expect((await call('GET', path, { cookie: await cookieOf(learner.email, learner.password) })).status).toBe(403);
    }
  });

  it('ranks a black-friday solve for staff, with the entry of SPEC §3 and the leader total', async () => {
    const staff = await superuserToken();
    const player = await activeLearner();
    const { eventId, warmUpId } = await seededFriday(player.token);
    expect((await call('POST', `/api/events/${eventId}/register-user/`, { token: player.token })).status).toBe(200);
    expect(await entryOf(player.id, { token: staff })).toBeNull();

    expect((await call('POST', `/api/challenges/${warmUpId}/verify-submitted-flag/`, { token: player.token, json: { flag: 'CTF{warm_up}' } })).status).toBe(200);
    const form = new FormData();
    form.set('value', 'CTF{warm_up}');
    expect((await call('POST', `/api/challenges/${warmUpId}/submissions/`, { token: player.token, form })).status).toBe(201);

    const entry = await entryOf(player.id, { token: staff });
    expect(Object.keys(entry).sort()).toEqual(['coin', 'country', 'id', 'name', 'number_of_solved_challenges', 'score', 'submissions', 'username']);
    expect(entry).toMatchObject({ id: player.id, username: player.username, name: player.username, country: 'BJ', score: 50, number_of_solved_challenges: 1 });
    expect(entry.coin).toBe((await call('GET', '/api/auth/users/me/', { token: player.token })).body.coin);
    expect(entry.submissions).toEqual([{ score: 50, date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) }]);
    // The same answer through the whole stack (a browser's cookie).
    expect(await entryOf(player.id, { cookie: await cookieOf(SUPERUSER.email, SUPERUSER.password) })).toEqual(entry);

    const first = await call('GET', TOP, { token: staff });
    expect(first.body).toMatchObject({ previous: null, count: expect.any(Number) });
    expect(first.body.results.map((e: { score: number }) => e.score)).toEqual([...first.body.results.map((e: { score: number }) => e.score)].sort((a, b) => b - a));
    const total = await call('GET', TOTAL, { token: staff });
    expect(total.status).toBe(200);
    expect(total.body).toEqual({ total_points: first.body.results[0].score });
  });

  it('takes any page number without failing, and refuses other methods', async () => {
    const staff = await superuserToken();
    for (const page of ['abc', '-1', '0', '1e308', '999999999999']) {
      const res = await call('GET', `${TOP}?page=${page}`, { token: staff });
      expect(res.status).toBe(200);
      expect(Array.isArray(res.body.results)).toBe(true);
    }
    expect((await call('GET', `${TOP}?page=100000`, { token: staff })).body.results).toEqual([]);
    expect((await call('POST', TOP, { token: staff, json: {} })).status).toBe(405);
  });
});
