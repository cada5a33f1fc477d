// Contract tests of the practice scoreboard calls (SPEC §7): top-players, practices-total-points and
// a player's submissions, on the seeded practice set. Other test files solve challenges on the same
// server at the same time, so assertions look at this file's players, not at absolute ranks.
import { describe, expect, it } from 'vitest';
import { activeLearner, call, solve, superuserToken } from '../support/api-client';

async function seeded(token: string, name: string) {
  const list = await call('GET', '/api/challenges/practices/?page_size=100', { token });
  const found = list.body.results.find((c: { name: string }) => c.name === name);
  if (!found) throw new Error(`seeded challenge ${name} not found`);
  return found as { id: number; name: string; initial_value: number; category_name: string };
}

/** Every row of the scoreboard, following `next` from page 1. */
async function allRows(token: string) {
  const rows: any[] = [];
  let url: string | null = '/api/auth/users/top-players/';
  let count = 0;
  while (url) {
    const res = await call('GET', url.replace(/^https?:\/\/[^/]+/, ''), { token });
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeLessThanOrEqual(10);
    count = res.body.count;
    rows.push(...res.body.results);
    url = res.body.next;
  }
  expect(rows).toHaveLength(count);
  return rows;
}

describe('GET /api/auth/users/top-players/', () => {
  it('ranks players by points, ties going to who reached the score first, with their submissions', async () => {
    const first = await activeLearner();
    const second = await activeLearner();
    const caesar = await seeded(first.token, 'Caesar salad');
    const strings = await seeded(first.token, 'Strings attached');
    const osint = await seeded(first.token, 'Where was this taken?');
    // first reaches 200 (50 + 150) before second reaches 200 with one solve.
    await solve(first.token, caesar.id, 'CTF{rot_thirteen}');
    await solve(first.token, strings.id, 'CTF{strings_are_cheap}');
    await solve(second.token, osint.id, 'CTF{cotonou}');

    const rows = await allRows(first.token);
    const a = rows.findIndex((r) => r.id === first.id);
    const b = rows.findIndex((r) => r.id === second.id);
    expect(a).toBeGreaterThanOrEqual(0);
    expect(b).toBe(a + 1);
    const row = rows[a];
    expect(Object.keys(row).sort()).toEqual(['coin', 'country', 'id', 'name', 'number_of_solved_challenges', 'score', 'submissions', 'username']);
    // SPEC §3 Scoreboard entry: coin is the player's balance, name the chart label (the username).
    const me = await call('GET', '/api/auth/users/me/', { token: first.token });
    expect(row).toMatchObject({ id: first.id, username: first.username, name: first.username, coin: me.body.coin, country: 'BJ', score: 200, number_of_solved_challenges: 2 });
    expect(row.coin).toEqual(expect.any(Number));
    expect(row.submissions.map((s: { score: number }) => s.score)).toEqual([50, 150]);
    expect(new Date(row.submissions[0].date).getTime()).toBeLessThanOrEqual(new Date(row.submissions[1].date).getTime());
    expect(rows[b]).toMatchObject({ score: 200, number_of_solved_challenges: 1 });
    // Sorted by score throughout, and nobody without points.
    for (let i = 1; i < rows.length; i++) expect(rows[i - 1].score).toBeGreaterThanOrEqual(rows[i].score);
    expect(rows.every((r) => r.score > 0)).toBe(true);
  });

  it('shows a new solve at once (the cache is dropped when points change)', async () => {
    const learner = await activeLearner();
    await allRows(learner.token); // warm
    expect((await allRows(learner.token)).some((r) => r.id === learner.id)).toBe(false);
    const logs = await seeded(learner.token, 'Lost in the logs');
    await solve(learner.token, logs.id, 'CTF{grep_is_your_friend}');
    expect((await allRows(learner.token)).find((r) => r.id === learner.id)).toMatchObject({ score: 100, number_of_solved_challenges: 1 });
  });

  it('pages by 10 with absolute next and previous links; 401 anonymous, 405 other methods', async () => {
    const learner = await activeLearner();
    const page = await call('GET', '/api/auth/users/top-players/?page=1', { token: learner.token });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^application\/json/);
    expect(page.body).toMatchObject({ count: expect.any(Number), previous: null });
    if (page.body.count > 10) expect(page.body.next).toMatch(/^http:\/\/.+\/api\/auth\/users\/top-players\/\?page=2$/);
    else expect(page.body.next).toBeNull();
    const beyond = await call('GET', '/api/auth/users/top-players/?page=500', { token: learner.token });
    expect(beyond.body).toMatchObject({ count: page.body.count, next: null, results: [] });
    expect(beyond.body.previous).toMatch(/\?page=499$/);
    // Without the trailing slash too, and the same answer twice (the second one from memory).
    const again = await call('GET', '/api/auth/users/top-players', { token: learner.token });
    expect(again.body.results).toEqual(page.body.results);

    expect(await call('GET', '/api/auth/users/top-players/')).toMatchObject({ status: 401, body: { detail: expect.any(String) } });
    expect((await call('GET', '/api/auth/users/top-players/', { token: 'not-a-session' })).status).toBe(401);
    expect((await call('POST', '/api/auth/users/top-players/', { token: learner.token, json: {} })).status).toBe(405);
  });

  it('answers a token that was logged out with 401, even with the scoreboard in memory', async () => {
    const learner = await activeLearner();
    expect((await call('GET', '/api/auth/users/top-players/', { token: learner.token })).status).toBe(200);
    expect((await call('POST', '/api/auth/jwt/destroy/', { token: learner.token })).status).toBeLessThan(300);
    expect((await call('GET', '/api/auth/users/top-players/', { token: learner.token })).status).toBe(401);
  });
});

describe('GET /api/challenges/practices-total-points/', () => {
  it("is the top player's total: the chart's maximum", async () => {
    const learner = await activeLearner();
    const total = await call('GET', '/api/challenges/practices-total-points/', { token: learner.token });
    expect(total.status).toBe(200);
    expect(Object.keys(total.body)).toEqual(['total_points']);
    const top = await call('GET', '/api/auth/users/top-players/', { token: learner.token });
    expect(total.body.total_points).toBe(top.body.results[0]?.score ?? 0);
    expect((await call('GET', '/api/challenges/practices-total-points/')).status).toBe(401);
  });
});

describe('GET /api/auth/users/{id}/submissions/', () => {
  it("lists the player's counted practice submissions with their challenge and review state", async () => {
    const learner = await activeLearner();
    const viewer = await activeLearner();
    const hidden = await seeded(learner.token, 'Hidden in plain sight');
    const made = await solve(learner.token, hidden.id, 'CTF{view_source_first}');

    const res = await call('GET', `/api/auth/users/${learner.id}/submissions/`, { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: made.id,
        score: 100,
        is_correct: true,
        is_validated: null,
        challenge: { id: hidden.id, name: 'Hidden in plain sight', initial_value: 100, category_name: 'Web' },
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // Accepted by staff: the row says so (a rejected one is no longer counted, so not listed).
    expect((await call('PUT', `/api/submissions/${made.id}/validate/`, { token: await superuserToken() })).status).toBe(200);
    const after = await call('GET', `/api/auth/users/${learner.id}/submissions/`, { token: viewer.token });
    expect(after.body).toMatchObject([{ id: made.id, is_correct: true, is_validated: true }]);
    expect((await call('GET', `/api/auth/users/${viewer.id}/submissions/`, { token: viewer.token })).body).toEqual([]);
  });

  it('is 404 for an unknown player or the superuser (to others), 401 anonymous', async () => {
    const learner = await activeLearner();
    expect(await call('GET', '/api/auth/users/99999999/submissions/', { token: learner.token })).toMatchObject({ status: 404, body: { detail: 'No User matches the given query.' } });
    const su = await superuserToken();
    const me = await call('GET', '/api/auth/users/me/', { token: su });
    expect((await call('GET', `/api/auth/users/${me.body.id}/submissions/`, { token: learner.token })).status).toBe(404);
    expect((await call('GET', `/api/auth/users/${me.body.id}/submissions/`, { token: su })).status).toBe(200);
    expect((await call('GET', `/api/auth/users/${learner.id}/submissions/`)).status).toBe(401);
  });
});
