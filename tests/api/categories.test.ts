// Contract tests of SPEC §7 "Categories" against the real production server.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, call, solve, superuserToken } from '../support/api-client';

let root: string;
let learner: Awaited<ReturnType<typeof activeLearner>>;
let n = 0;
const uniqueName = (prefix: string) => `${prefix} ${Date.now().toString(36)}${++n}`;

beforeAll(async () => {
  root = await superuserToken();
  learner = await activeLearner();
});

async function newCategory(name = uniqueName('Cat')) {
  const res = await call('POST', '/api/categories/', { token: root, json: { name } });
  expect(res.status).toBe(201);
  return res.body as { id: number; name: string; submissions_percentage: number };
}

/** A practice challenge through the authoring API; its flag is CTF{<tag>}. */
async function newChallenge(category: number, tag: string, over: Record<string, unknown> = {}) {
  const res = await call('POST', '/api/challenges/', {
    token: root,
    json: { name: uniqueName(`Chal ${tag}`), category, description: 'Find it.', initial_value: 100, flag: { value: `CTF{${tag}}`, collation: 'plain_text' }, ...over },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number };
}

describe('create, read, update, delete', () => {
  it('POST creates (201) and GET /{id}/ reads {id, name, submissions_percentage}', async () => {
    const name = uniqueName('Web');
    const created = await call('POST', '/api/categories/', { token: root, json: { name: `  ${name}  ` } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name, submissions_percentage: 0 });
    const read = await call('GET', `/api/categories/${created.body.id}/`, { token: learner.token });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    // Without the trailing slash too.
    expect((await call('GET', `/api/categories/${created.body.id}`, { token: learner.token })).status).toBe(200);
  });

  it('answers a missing or duplicate name with 400 and the field message', async () => {
    const empty = await call('POST', '/api/categories/', { token: root, json: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ name: ['This field is required.'] });
    expect((await call('POST', '/api/categories/', { token: root, json: {} })).body).toEqual({ name: ['This field is required.'] });
    const existing = await newCategory();
    const duplicate = await call('POST', '/api/categories/', { token: root, json: { name: existing.name.toUpperCase() } });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body).toEqual({ name: ['Category with this name already exists.'] });
    const form = new FormData();
    form.set('name', '');
    expect((await call('POST', '/api/categories/', { token: root, form })).body).toEqual({ name: ['This field is required.'] });
  });

  it('PUT renames (200), refuses a taken name (400), and 404s an unknown id', async () => {
    const a = await newCategory();
    const b = await newCategory();
    const renamed = await call('PUT', `/api/categories/${a.id}/`, { token: root, json: { name: `${a.name} renamed` } });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toEqual({ id: a.id, name: `${a.name} renamed`, submissions_percentage: 0 });
    const taken = await call('PUT', `/api/categories/${a.id}/`, { token: root, json: { name: b.name } });
    expect(taken.status).toBe(400);
    expect(taken.body).toEqual({ name: ['Category with this name already exists.'] });
    const missing = await call('PUT', '/api/categories/999999/', { token: root, json: { name: uniqueName('x') } });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'No Category matches the given query.' });
    expect((await call('GET', '/api/categories/abc/', { token: root })).status).toBe(404);
  });

  it('DELETE removes an empty category (204) and refuses one with challenges (400 {detail})', async () => {
    const empty = await newCategory();
    const del = await call('DELETE', `/api/categories/${empty.id}/`, { token: root });
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect((await call('GET', `/api/categories/${empty.id}/`, { token: root })).status).toBe(404);

    const used = await newCategory();
    await newChallenge(used.id, `del${Date.now()}`);
    const refused = await call('DELETE', `/api/categories/${used.id}/`, { token: root });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ detail: 'This category cannot be deleted: it still has 1 challenge. Move or delete it first.' });
    expect((await call('GET', `/api/categories/${used.id}/`, { token: root })).status).toBe(200);
  });

  it('lets only staff write: 401 anonymous, 403 learner; reading needs an account', async () => {
    const category = await newCategory();
    expect(await call('POST', '/api/categories/', { json: { name: uniqueName('x') } })).toMatchObject({ status: 401, body: { detail: 'Authentication credentials were not provided.' } });
    expect(await call('POST', '/api/categories/', { token: learner.token, json: { name: '' } })).toMatchObject({ status: 403, body: { detail: 'You do not have permission to perform this action.' } });
    expect((await call('PUT', `/api/categories/${category.id}/`, { token: learner.token, json: { name: uniqueName('x') } })).status).toBe(403);
    expect((await call('DELETE', `/api/categories/${category.id}/`, { token: learner.token })).status).toBe(403);
    expect((await call('GET', '/api/categories/')).status).toBe(401);
    expect((await call('GET', `/api/categories/${category.id}/`)).status).toBe(401);
    expect((await call('PATCH', `/api/categories/${category.id}/`, { token: root, json: {} })).status).toBe(405);
  });
});

describe('list', () => {
  it('is paginated {count, next, previous, results}, 5 by default, page_size at most 100', async () => {
    for (let i = 0; i < 6; i++) await newCategory();
    const first = await call('GET', '/api/categories/', { token: learner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: expect.any(Number), previous: null, next: expect.stringContaining('page=2') });
    expect(first.body.results).toHaveLength(5);
    expect(first.body.results[0]).toEqual({ id: expect.any(Number), name: expect.any(String), submissions_percentage: expect.any(Number) });
    const big = await call('GET', '/api/categories/?page_size=1000', { token: learner.token });
    expect(big.body.results).toHaveLength(Math.min(100, big.body.count));
    const second = await call('GET', '/api/categories/?page=2&page_size=3', { token: learner.token });
    expect(second.body.previous).toContain('page=1');
    expect(second.body.results.map((c: { id: number }) => c.id)).toEqual(big.body.results.slice(3, 6).map((c: { id: number }) => c.id));
  });

  it('filters with_practice_challenges and reports the player’s submissions_percentage', async () => {
    const tag = `pct${Date.now()}`;
    const category = await newCategory();
    const empty = await newCategory();
    const a = await newChallenge(category.id, `${tag}a`);
    await newChallenge(category.id, `${tag}b`);
    await newChallenge(category.id, `${tag}c`);
    await newChallenge(category.id, `${tag}hidden`, { is_active: false });
    await solve(learner.token, a.id, `CTF{${tag}a}`);

    const list = await call('GET', '/api/categories/?with_practice_challenges=true&page_size=100', { token: learner.token });
    expect(list.status).toBe(200);
    const ids = list.body.results.map((c: { id: number }) => c.id);
    expect(ids).toContain(category.id);
    expect(ids).not.toContain(empty.id);
    expect(list.body.results.find((c: { id: number }) => c.id === category.id)).toEqual({ id: category.id, name: category.name, submissions_percentage: 33 });
    expect((await call('GET', `/api/categories/${category.id}/`, { token: learner.token })).body.submissions_percentage).toBe(33);
    const other = await activeLearner();
    expect((await call('GET', `/api/categories/${category.id}/`, { token: other.token })).body.submissions_percentage).toBe(0);
  });

  it('filters by event_id and training_week, and answers malformed filters with 400', async () => {
    const unknownEvent = await call('GET', '/api/categories/?event_id=999999', { token: learner.token });
    expect(unknownEvent.status).toBe(200);
    expect(unknownEvent.body).toEqual({ count: 0, next: null, previous: null, results: [] });
    const bad = await call('GET', '/api/categories/?event_id=abc&training_week=40&with_practice_challenges=maybe', { token: learner.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      event_id: ['A valid integer is required.'],
      training_week: ['Ensure this value is less than or equal to 20.'],
      with_practice_challenges: ['Must be a valid boolean.'],
    });
    // The demo data's third event is the training-platform one (seeded in this order on a fresh database).
    const training = 3;
    const category = await newCategory();
    await newChallenge(category.id, `wk${Date.now()}`, { event: training, training_week: 2 });
    // A training-platform event's categories are for validated learners (the access rule).
    const refused = await call('GET', `/api/categories/?event_id=${training}`, { token: learner.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'This event is reserved for learners enrolled in our training offer.' });
    expect((await call('PUT', `/api/auth/users/${learner.id}/validate/`, { token: root })).status).toBe(200);
    const ids = async (query: string) => (await call('GET', `/api/categories/?page_size=100&${query}`, { token: learner.token })).body.results.map((c: { id: number }) => c.id);
    expect(await ids(`event_id=${training}`)).toContain(category.id);
    expect(await ids(`event_id=${training}&training_week=2`)).toContain(category.id);
    expect(await ids(`event_id=${training}&training_week=1`)).not.toContain(category.id);
    expect(await ids('with_practice_challenges=true')).not.toContain(category.id);
    expect(await ids('event_id=')).toContain(category.id);
  });
});
