// Contract tests of coins and purchases (issue 10 §1, §3): a black-friday solve earns its score in
// coins, POST /api/rewards/{id}/purchase/ (201, 400 with the missing count, 403 staff, 404, 401), and
// the staff ledger GET/POST /api/auth/users/{id}/coins/. Everything is made by this file (its own
// event, challenge and rewards), so other files playing the seeded events do not disturb it.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, call, superuserToken } from '../support/api-client';
import { eventForm } from '../support/event-factories';

const FLAG = 'CTF{coins_api}';
const PURCHASE_SUCCESS = 'Reward request sent successfully, wait for the admin platform to approve your request';
let root: string;
let challengeId: number;
let reward: { id: number; title: string; coin: number };

async function makeReward(coin: number) {
  const created = await call('POST', '/api/rewards/', { token: root, json: { title: `Coins API ${Date.now()} ${coin}`, coin, is_ctf_certification_reward: false } });
  expect(created.status).toBe(201);
  return created.body as { id: number; title: string; coin: number };
}

async function balanceOf(token: string): Promise<number> {
  const me = await call('GET', '/api/auth/users/me/', { token });
  expect(me.status).toBe(200);
  return me.body.coin;
}

beforeAll(async () => {
  root = await superuserToken();
  const event = await call('POST', '/api/events/', { token: root, form: eventForm({ type: 'black-friday' }) });
  expect(event.status).toBe(201);
  const category = await call('POST', '/api/categories/', { token: root, json: { name: `Coins ${Date.now()}` } });
  expect(category.status).toBe(201);
  const challenge = await call('POST', '/api/challenges/', {
    token: root,
    json: { name: `Coins task ${Date.now()}`, category: category.body.id, event: event.body.id, description: 'Earn coins.', initial_value: 150, flag: { value: FLAG, collation: 'plain_text' } },
  });
  expect(challenge.status).toBe(201);
  challengeId = challenge.body.id;
  reward = await makeReward(100);
});

describe('POST /api/rewards/{id}/purchase/', () => {
  it('buys with coins earned by a black-friday solve: 201, then 400 saying how many coins are missing', async () => {
    const player = await activeLearner();
    expect(await balanceOf(player.token)).toBe(0);

    const refused = await call('POST', `/api/rewards/${reward.id}/purchase/`, { token: player.token });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'You do not have enough coins: 100 more coins are needed.' });

    const form = new FormData();
    form.set('value', FLAG); // no writeup in black-friday
    const solved = await call('POST', `/api/challenges/${challengeId}/submissions/`, { token: player.token, form });
    expect(solved.status).toBe(201);
    expect(solved.body.score).toBe(150);
    expect(await balanceOf(player.token)).toBe(150);

    const bought = await call('POST', `/api/rewards/${reward.id}/purchase`, { token: player.token });
    expect(bought.status).toBe(201);
    expect(bought.body).toEqual({ detail: PURCHASE_SUCCESS, id: expect.any(Number), reward: { id: reward.id, title: reward.title, coin: 100 }, coin: 50 });
    expect(await balanceOf(player.token)).toBe(50);

    const again = await call('POST', `/api/rewards/${reward.id}/purchase/`, { token: player.token });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'You do not have enough coins: 50 more coins are needed.' });

  });

  it('refuses staff (403), unknown and hidden rewards (404) and anonymous callers (401)', async () => {
    const staff = await call('POST', `/api/rewards/${reward.id}/purchase/`, { token: root });
    expect(staff.status).toBe(403);
    expect(staff.body).toEqual({ detail: 'Staff accounts cannot purchase rewards.' });

    const player = await activeLearner();
    const unknown = await call('POST', '/api/rewards/99999999/purchase/', { token: player.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ detail: 'No Reward matches the given query.' });

    // A reward with requests is hidden when deleted: off sale.
    const doomed = await makeReward(10);
    expect((await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: 10, reason: 'Stand prize' } })).status).toBe(201);
    expect((await call('POST', `/api/rewards/${doomed.id}/purchase/`, { token: player.token })).status).toBe(201);
    expect((await call('DELETE', `/api/rewards/${doomed.id}/`, { token: root })).status).toBeLessThan(300);
    expect((await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: 10, reason: 'Stand prize' } })).status).toBe(201);
    const hidden = await call('POST', `/api/rewards/${doomed.id}/purchase/`, { token: player.token });
    expect(hidden.status).toBe(404);
    expect(await balanceOf(player.token)).toBe(10);

    const anonymous = await call('POST', `/api/rewards/${reward.id}/purchase/`);
    expect(anonymous.status).toBe(401);
    expect((await call('GET', `/api/rewards/${reward.id}/purchase/`, { token: player.token })).status).toBe(405);
  });
});

describe('/api/auth/users/{id}/coins/ (staff)', () => {
  it('shows the balance and the ledger newest first, and books adjustments with a reason', async () => {
    const player = await activeLearner();
    const up = await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: 120, reason: 'Workshop winner' } });
    expect(up.status).toBe(201);
    expect(up.body).toEqual({ balance: 120 });
    expect((await call('POST', `/api/rewards/${reward.id}/purchase/`, { token: player.token })).status).toBe(201);

    const tooMuch = await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: -21, reason: 'Oops' } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ amount: ['You do not have enough coins: 1 more coin is needed.'] });
    const down = await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: -20, reason: 'Returned a prize' } });
    expect(down.body).toEqual({ balance: 0 });

    const ledger = await call('GET', `/api/auth/users/${player.id}/coins/`, { token: root });
    expect(ledger.status).toBe(200);
    expect(ledger.body).toMatchObject({ balance: 0, count: 3, next: null, previous: null });
    expect(ledger.body.results.map((r: { reason: string; amount: number; what: string; by: string | null }) => [r.reason, r.amount, r.what, r.by])).toEqual([
      ['adjustment', -20, 'Returned a prize', 'root'],
      ['purchase', -100, reward.title, null],
      ['adjustment', 120, 'Workshop winner', 'root'],
    ]);
    expect(Object.keys(ledger.body.results[0]).sort()).toEqual(['amount', 'by', 'created_at', 'id', 'reason', 'what']);
    const paged = await call('GET', `/api/auth/users/${player.id}/coins/?page_size=2&page=2`, { token: root });
    expect(paged.body.results.map((r: { amount: number }) => r.amount)).toEqual([120]);
    expect(paged.body.previous).toMatch(/\/api\/auth\/users\/\d+\/coins\/\?page_size=2&page=1$/);
  });

  it('checks the input and who asks', async () => {
    const player = await activeLearner();
    const bad = await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: 0, reason: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body).sort()).toEqual(['amount', 'reason']);
    const huge = await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: 100001, reason: 'x' } });
    expect(huge.body).toEqual({ amount: ['Ensure this value is less than or equal to 100000.'] });
    expect((await call('POST', `/api/auth/users/${player.id}/coins/`, { token: root, json: { amount: '12.5', reason: 'x' } })).body).toEqual({ amount: ['A valid integer is required.'] });

    expect((await call('GET', `/api/auth/users/${player.id}/coins/`, { token: player.token })).status).toBe(403);
    expect((await call('POST', `/api/auth/users/${player.id}/coins/`, { token: player.token, json: { amount: 5, reason: 'me' } })).status).toBe(403);
    expect((await call('GET', `/api/auth/users/${player.id}/coins/`)).status).toBe(401);
    expect((await call('GET', '/api/auth/users/99999999/coins/', { token: root })).status).toBe(404);
    expect(await balanceOf(player.token)).toBe(0);
  });
});
