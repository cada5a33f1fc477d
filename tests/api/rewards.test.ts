// Contract tests of SPEC §7 "Rewards" and "Notifications and reward requests" (the processing half)
// against the real production server. Players get coins and make their requests the way the site
// does it (a ledger entry, then purchaseReward), written into the server's own database.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, call, superuserToken } from '../support/api-client';
import { balances, makeRequest, makeReward, pendingCount, useServerDatabase } from '../support/reward-factories';

useServerDatabase('api');

let root: string;
let learner: Awaited<ReturnType<typeof activeLearner>>;
let n = 0;
const title = () => `Reward ${Date.now().toString(36)}${++n}`;

beforeAll(async () => {
  root = await superuserToken();
  learner = await activeLearner();
});

const FORBIDDEN = { detail: 'You do not have permission to perform this action.' };
const ANONYMOUS = { detail: 'Authentication credentials were not provided.' };

/** A pending request made by a new learner; returns the learner and the request. */
async function pendingRequest(coin = 50, over: { isCtfCertificationReward?: boolean } = {}) {
  const player = await activeLearner();
  const reward = await makeReward({ coin, ...over });
  const request = await makeRequest(player.id, reward.id);
  return { player, reward, request };
}

describe('POST /api/rewards/', () => {
  it('creates a reward from JSON (201) in the SPEC §3 shape', async () => {
    const t = title();
    const res = await call('POST', '/api/rewards/', { token: root, json: { title: t, coin: 300, is_ctf_certification_reward: true } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.any(Number), title: t, coin: 300, is_ctf_certification_reward: true });
    expect((await call('GET', `/api/rewards/${res.body.id}/`, { token: learner.token })).body).toEqual(res.body);
  });

  it('creates a reward from multipart (201)', async () => {
    const form = new FormData();
    const t = title();
    form.set('title', t);
    form.set('coin', '10');
    form.set('is_ctf_certification_reward', 'false');
    const res = await call('POST', '/api/rewards/', { token: root, form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ title: t, coin: 10, is_ctf_certification_reward: false });
  });

  it('answers 400 {field: [messages]} for each rule of SPEC §5 and writes nothing', async () => {
    const missing = await call('POST', '/api/rewards/', { token: root, json: {} });
    expect(missing).toMatchObject({
      status: 400,
      body: { title: ['This field is required.'], coin: ['This field is required.'], is_ctf_certification_reward: ['This field is required.'] },
    });
    const t = title();
    const bad = await call('POST', '/api/rewards/', { token: root, json: { title: t, coin: 9, is_ctf_certification_reward: 'perhaps' } });
    expect(bad).toMatchObject({ status: 400, body: { coin: ['Ensure this value is greater than or equal to 10.'], is_ctf_certification_reward: ['Must be a valid boolean.'] } });
    expect((await call('POST', '/api/rewards/', { token: root, json: { title: t, coin: 2001, is_ctf_certification_reward: false } })).body).toEqual({
      coin: ['Ensure this value is less than or equal to 2000.'],
    });
    expect((await call('POST', '/api/rewards/', { token: root, json: { title: t, coin: 'ten', is_ctf_certification_reward: false } })).body).toEqual({
      coin: ['A valid integer is required.'],
    });
    const all = await call('GET', '/api/rewards/?page_size=100', { token: root });
    expect(all.body.results.map((r: { title: string }) => r.title)).not.toContain(t);
  });

  it('lets only staff create: 401 anonymous, 403 learner (before judging the body)', async () => {
    expect(await call('POST', '/api/rewards/', { json: { title: title(), coin: 50, is_ctf_certification_reward: false } })).toMatchObject({ status: 401, body: ANONYMOUS });
    expect(await call('POST', '/api/rewards/', { token: learner.token, json: {} })).toMatchObject({ status: 403, body: FORBIDDEN });
  });
});

describe('GET /api/rewards/ and /api/rewards/{id}/', () => {
  it('lists the rewards on sale to signed-in users, paginated, without hidden ones', async () => {
    const shown = await makeReward({ coin: 11 });
    const hidden = await makeReward({ coin: 11, hidden: true });
    const res = await call('GET', '/api/rewards/?page_size=100', { token: learner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), next: null, previous: null });
    const ids = res.body.results.map((r: { id: number }) => r.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(res.body.results.find((r: { id: number }) => r.id === shown.id)).toEqual({ id: shown.id, title: shown.title, coin: 11, is_ctf_certification_reward: false });

    const paged = await call('GET', '/api/rewards/?page_size=1', { token: learner.token });
    expect(paged.body.results).toHaveLength(1);
    expect(paged.body.next).toMatch(/\/api\/rewards\/\?page_size=1&page=2$/);
  });

  it('needs an account, and answers 404 for unknown, malformed and hidden ids', async () => {
    expect(await call('GET', '/api/rewards/')).toMatchObject({ status: 401, body: ANONYMOUS });
    const hidden = await makeReward({ hidden: true });
    for (const id of ['999999', String(hidden.id)]) {
      expect(await call('GET', `/api/rewards/${id}/`, { token: learner.token })).toMatchObject({ status: 404, body: { detail: 'No Reward matches the given query.' } });
    }
    // A malformed id is refused before the route runs (docs/rules.md "Errors").
    expect((await call('GET', '/api/rewards/abc/', { token: learner.token })).status).toBe(404);
  });
});

describe('PUT and DELETE /api/rewards/{id}/', () => {
  it('updates a reward (200, same shape as GET) and judges the body like POST', async () => {
    const reward = await makeReward({ coin: 100 });
    const t = title();
    const res = await call('PUT', `/api/rewards/${reward.id}/`, { token: root, json: { title: t, coin: 150, is_ctf_certification_reward: true } });
    expect(res).toMatchObject({ status: 200, body: { id: reward.id, title: t, coin: 150, is_ctf_certification_reward: true } });
    expect((await call('GET', `/api/rewards/${reward.id}/`, { token: root })).body).toEqual(res.body);
    expect(await call('PUT', `/api/rewards/${reward.id}/`, { token: root, json: { title: '', coin: 150, is_ctf_certification_reward: true } })).toMatchObject({
      status: 400,
      body: { title: ['This field is required.'] },
    });
    expect(await call('PUT', '/api/rewards/999999/', { token: root, json: { title: t, coin: 150, is_ctf_certification_reward: true } })).toMatchObject({ status: 404 });
    expect(await call('PUT', `/api/rewards/${reward.id}/`, { token: learner.token, json: { title: t, coin: 150, is_ctf_certification_reward: true } })).toMatchObject({ status: 403, body: FORBIDDEN });
  });

  it('deletes a reward nobody requested (204, then 404)', async () => {
    const reward = await makeReward();
    expect(await call('DELETE', `/api/rewards/${reward.id}/`, { token: learner.token })).toMatchObject({ status: 403 });
    expect((await call('DELETE', `/api/rewards/${reward.id}/`, { token: root })).status).toBe(204);
    expect((await call('GET', `/api/rewards/${reward.id}/`, { token: root })).status).toBe(404);
    expect((await call('DELETE', `/api/rewards/${reward.id}/`, { token: root })).status).toBe(404);
  });

  it('hides a requested reward instead (204): gone from the API, still on its request', async () => {
    const { reward, request } = await pendingRequest(40);
    expect((await call('DELETE', `/api/rewards/${reward.id}/`, { token: root })).status).toBe(204);
    expect((await call('GET', `/api/rewards/${reward.id}/`, { token: root })).status).toBe(404);
    const list = await call('GET', '/api/reward-requests/?is_processed=false', { token: root });
    expect(list.body.results.find((r: { id: number }) => r.id === request.id)).toMatchObject({ reward: { id: reward.id, title: reward.title, coin: 40 } });
  });
});

describe('GET /api/reward-requests/', () => {
  it('lists pending requests newest first in the SPEC shape, and processed ones apart', async () => {
    const older = await pendingRequest(20);
    const newer = await pendingRequest(30, { isCtfCertificationReward: true });
    const res = await call('GET', '/api/reward-requests/?is_processed=false', { token: root });
    expect(res.status).toBe(200);
    const ids = res.body.results.map((r: { id: number }) => r.id);
    expect(ids.indexOf(newer.request.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(newer.request.id)).toBeLessThan(ids.indexOf(older.request.id));
    expect(res.body.results.find((r: { id: number }) => r.id === newer.request.id)).toEqual({
      id: newer.request.id,
      player: { id: newer.player.id, username: newer.player.username },
      reward: { id: newer.reward.id, title: newer.reward.title, coin: 30, is_ctf_certification_reward: true },
      coin: 30,
      status: 'pending',
      is_validated: null,
      is_processed: false,
      created_at: expect.any(String),
      processed_at: null,
      processed_by: null,
    });
    const processed = await call('GET', '/api/reward-requests/?is_processed=true', { token: root });
    expect(processed.body.results.every((r: { is_processed: boolean }) => r.is_processed)).toBe(true);
    expect(processed.body.results.map((r: { id: number }) => r.id)).not.toContain(newer.request.id);
  });

  it('pages by 10 with absolute next and previous links', async () => {
    for (let i = 0; i < 11; i++) await pendingRequest(10);
    const first = await call('GET', '/api/reward-requests/?is_processed=false', { token: root });
    expect(first.body.results).toHaveLength(10);
    expect(first.body.count).toBeGreaterThanOrEqual(11);
    expect(first.body.next).toMatch(/^http:\/\/localhost:\d+\/api\/reward-requests\/\?is_processed=false&page=2$/);
    const second = await call('GET', '/api/reward-requests/?is_processed=false&page=2', { token: root });
    expect(second.body.previous).toMatch(/\/api\/reward-requests\/\?is_processed=false&page=1$/);
  });

  it('is for staff only, and refuses a malformed is_processed', async () => {
    expect(await call('GET', '/api/reward-requests/?is_processed=false')).toMatchObject({ status: 401, body: ANONYMOUS });
    expect(await call('GET', '/api/reward-requests/?is_processed=false', { token: learner.token })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await call('GET', '/api/reward-requests/?is_processed=perhaps', { token: root })).toMatchObject({ status: 400, body: { is_processed: ['Must be a valid boolean.'] } });
  });
});

describe('PUT /api/reward-requests/{id}/validate/ and /dismiss/', () => {
  /** count-unprocessed says what the database holds (polled: other test files may add requests meanwhile). */
  const expectCountToFollow = () =>
    expect
      .poll(async () => (await call('GET', '/api/reward-requests/count-unprocessed', { token: root })).body.count - (await pendingCount()), { timeout: 5_000 })
      .toBe(0);

  const pendingIn = async (id: number) =>
    (await call('GET', '/api/reward-requests/?is_processed=false&page_size=100', { token: root })).body.results.some((r: { id: number }) => r.id === id);

  it('validates a pending request (200 with the message), then refuses a second decision (400)', async () => {
    const { player, request } = await pendingRequest(60);
    await expectCountToFollow();
    const res = await call('PUT', `/api/reward-requests/${request.id}/validate/`, { token: root });
    expect(res).toMatchObject({ status: 200, body: { id: request.id, status: 'validated', is_validated: true, is_processed: true, detail: 'Reward request validated successfully!', processed_by: { username: 'root' } } });
    expect(await balances(player.id)).toEqual({ coin: 0, ledger: 0 });
    const again = await call('PUT', `/api/reward-requests/${request.id}/dismiss/`, { token: root });
    expect(again).toMatchObject({ status: 400, body: { detail: 'This reward request has already been processed.' } });
    expect(await balances(player.id)).toEqual({ coin: 0, ledger: 0 });
    expect(await pendingIn(request.id)).toBe(false);
    await expectCountToFollow();
  });

  it('dismisses a pending request (200 with SPEC §8 message) and gives the coins back', async () => {
    const { player, request } = await pendingRequest(75);
    const res = await call('PUT', `/api/reward-requests/${request.id}/dismiss/`, { token: root });
    expect(res).toMatchObject({ status: 200, body: { id: request.id, status: 'dismissed', is_validated: false, detail: 'Reward request dismiss successfully!' } });
    expect(await balances(player.id)).toEqual({ coin: 75, ledger: 75 });
    const me = await call('GET', '/api/auth/users/me/', { token: player.token });
    expect(me.body.coin).toBe(75);
    expect((await call('PUT', `/api/reward-requests/${request.id}/validate/`, { token: root })).status).toBe(400);
  });

  it('refunds once when two dismissals of the same request arrive together', async () => {
    const { player, request } = await pendingRequest(90);
    const both = await Promise.all([
      call('PUT', `/api/reward-requests/${request.id}/dismiss/`, { token: root }),
      call('PUT', `/api/reward-requests/${request.id}/dismiss/`, { token: root }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(await balances(player.id)).toEqual({ coin: 90, ledger: 90 });
  });

  it('answers 404 for unknown ids, 403 to learners, 401 anonymous, 405 for GET', async () => {
    const { request } = await pendingRequest(10);
    expect(await call('PUT', '/api/reward-requests/999999/validate/', { token: root })).toMatchObject({ status: 404, body: { detail: 'No RewardRequest matches the given query.' } });
    expect((await call('PUT', '/api/reward-requests/abc/dismiss/', { token: root })).status).toBe(404);
    expect(await call('PUT', `/api/reward-requests/${request.id}/validate/`, { token: learner.token })).toMatchObject({ status: 403, body: FORBIDDEN });
    expect(await call('PUT', `/api/reward-requests/${request.id}/dismiss/`)).toMatchObject({ status: 401 });
    expect((await call('GET', `/api/reward-requests/${request.id}/validate/`, { token: root })).status).toBe(405);
    expect(await pendingIn(request.id)).toBe(true);
  });
});
