// Contract tests of the authoring calls of SPEC §7 "Challenges" against the real production server.
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, superuserToken } from '../support/api-client';

const HINT_TOO_EXPENSIVE = 'Hint score should be less than or equal to half of the initial challenge value';
const NOT_FOUND = { detail: 'No Challenge matches the given query.' };
// The seeded database always holds category 1 (and it keeps challenges, so nobody may delete it).
const CATEGORY = 1;

let n = 0;
function challengeForm(over: Record<string, string> = {}, files: File[] = []) {
  const form = new FormData();
  const fields = {
    name: `Authored ${Date.now().toString(36)}${++n}`,
    category: String(CATEGORY),
    type: 'dynamic',
    description: 'Find it <script>alert(1)</script><a href="javascript:alert(2)" onclick="x()">here</a>',
    level: 'medium',
    is_active: 'true',
    initial_value: '500',
    minimal_value: '100',
    decay_value: '50',
    flag: JSON.stringify({ value: 'CTF{api_authored}', collation: 'plain_text' }),
    ...over,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const f of files) form.append('files[]', f);
  return form;
}

async function created(token: string, over: Record<string, string> = {}, files: File[] = []) {
  const res = await call('POST', '/api/challenges/', { token, form: challengeForm(over, files) });
  if (res.status !== 201) throw new Error(`create failed: ${JSON.stringify(res.body)}`);
  return res.body;
}

describe('POST /api/challenges/', () => {
  it('creates the challenge with its flag and files (201) and sanitizes the description', async () => {
    const root = await superuserToken();
    const res = await call('POST', '/api/challenges/', { token: root, form: challengeForm({}, [new File(['one'], 'one.txt'), new File(['two'], 'two.bin')]) });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      category: CATEGORY,
      category_name: expect.any(String),
      type: 'dynamic',
      level: 'medium',
      initial_value: 500,
      new_value: 500,
      minimal_value: 100,
      decay_value: 50,
      is_active: true,
      next: null,
      training_week: null,
      event: null,
      files: [{ id: expect.any(Number), name: 'one.txt' }, { id: expect.any(Number), name: 'two.bin' }],
      flag_id: expect.any(Number),
      hint_id: null,
      flag: { id: expect.any(Number), value: 'CTF{api_authored}', collation: 'plain_text', warning: null },
    });
    expect(res.body.description).toContain('Find it');
    expect(res.body.description).not.toMatch(/<script|onclick|javascript:/i);
  });

  it('accepts JSON with the flag as an object', async () => {
    const root = await superuserToken();
    const res = await call('POST', '/api/challenges/', {
      token: root,
      json: { name: `Json ${Date.now()}`, category: CATEGORY, description: 'Plain **markdown**', initial_value: 100, flag: { value: 'CTF\\{\\d+\\}', collation: 'regex' } },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ type: 'standard', level: 'easy', is_active: true, minimal_value: null, decay_value: null, description: '<p>Plain <strong>markdown</strong></p>\n', flag: { collation: 'regex' } });
  });

  it('answers bad input with 400 and per-field messages', async () => {
    const root = await superuserToken();
    const empty = await call('POST', '/api/challenges/', { token: root, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      name: ['This field is required.'],
      category: ['This field is required.'],
      description: ['This field is required.'],
      initial_value: ['This field is required.'],
    });
    const noFlag = await call('POST', '/api/challenges/', { token: root, form: challengeForm({ flag: '' }) });
    expect(noFlag.status).toBe(400);
    expect(noFlag.body).toEqual({ flag: ['This field is required.'] });
    const badFlag = await call('POST', '/api/challenges/', { token: root, form: challengeForm({ flag: JSON.stringify({ value: 'CTF{(}', collation: 'regex' }), minimal_value: '600' }) });
    expect(badFlag.status).toBe(400);
    expect(badFlag.body).toEqual({ minimal_value: ['Minimal value should be less than or equal to the initial value'], value: [expect.stringMatching(/^Invalid regular expression/)] });
    const flagFields = await call('POST', '/api/challenges/', { token: root, form: challengeForm({ flag: JSON.stringify({}) }) });
    expect(flagFields.body).toEqual({ value: ['This field is required.'], collation: ['This field is required.'] });
    const notJson = await call('POST', '/api/challenges/', { token: root, form: challengeForm({ flag: '{nope' }) });
    expect(notJson.body).toEqual({ flag: ['Value must be valid JSON.'] });
    const noEvent = await call('POST', '/api/challenges/', { token: root, form: challengeForm({ event: '999999' }) });
    expect(noEvent.status).toBe(400);
    expect(noEvent.body).toEqual({ event: ['Invalid pk "999999" - object does not exist.'] });
    const numbers = await call('POST', '/api/challenges/', { token: root, form: challengeForm({ initial_value: 'lots', decay_value: '-1', type: 'wild' }) });
    expect(numbers.body).toEqual({ initial_value: ['A valid integer is required.'], decay_value: ['Ensure this value is greater than or equal to 0.'], type: ['Select a valid choice.'] });
  });

  it('is for staff: 401 anonymous, 403 learner; other methods 405', async () => {
    const learner = await activeLearner();
    expect((await call('POST', '/api/challenges/', { form: challengeForm() })).status).toBe(401);
    const forbidden = await call('POST', '/api/challenges/', { token: learner.token, form: challengeForm() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    expect((await call('GET', '/api/challenges/', { token: learner.token })).status).toBe(405);
  });
});

describe('GET, PUT, DELETE /api/challenges/{id}/', () => {
  it('shows a challenge to learners without its flag, and hides inactive ones', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root);
    const res = await call('GET', `/api/challenges/${c.id}/`, { token: learner.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, name: c.name, flag_id: c.flag_id, new_value: 500 });
    expect(res.body).not.toHaveProperty('flag');
    expect(JSON.stringify(res.body)).not.toContain('CTF{api_authored}');
    // Without the trailing slash too.
    expect((await call('GET', `/api/challenges/${c.id}`, { token: learner.token })).status).toBe(200);

    const hidden = await created(root, { is_active: 'false' });
    const notFound = await call('GET', `/api/challenges/${hidden.id}/`, { token: learner.token });
    expect(notFound.status).toBe(404);
    expect(notFound.body).toEqual(NOT_FOUND);
    expect((await call('GET', `/api/challenges/${hidden.id}/`, { token: root })).body.is_active).toBe(false);
    expect((await call('GET', `/api/challenges/${c.id}/`)).status).toBe(401);
    expect((await call('GET', '/api/challenges/abc/', { token: root })).status).toBe(404);
  });

  it('PUT edits the fields sent; switching to standard blanks minimal and decay values', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root);
    const res = await call('PUT', `/api/challenges/${c.id}/`, { token: root, json: { type: 'standard', name: 'Renamed by API' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: c.id, name: 'Renamed by API', type: 'standard', minimal_value: null, decay_value: null, initial_value: 500, description: c.description });
    const bad = await call('PUT', `/api/challenges/${c.id}/`, { token: root, json: { type: 'dynamic', minimal_value: 10 } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ decay_value: ['This field is required.'] });
    const self = await call('PUT', `/api/challenges/${c.id}/`, { token: root, json: { next: c.id } });
    expect(self.body).toEqual({ next: ['A challenge cannot recommend itself.'] });
    expect((await call('PUT', `/api/challenges/${c.id}/`, { token: learner.token, json: { name: 'x' } })).status).toBe(403);
  });

  it('DELETE is for the superuser (204), after which the challenge is gone', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root);
    expect((await call('DELETE', `/api/challenges/${c.id}/`, { token: learner.token })).status).toBe(403);
    const res = await call('DELETE', `/api/challenges/${c.id}/`, { token: root });
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await call('GET', `/api/challenges/${c.id}/`, { token: root })).status).toBe(404);
    expect((await call('DELETE', `/api/challenges/${c.id}/`, { token: root })).status).toBe(404);
  });
});

describe('flags and hints', () => {
  it('GET and PUT /api/challenges/{id}/flags/{flag_id}/ for staff', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root);
    const path = `/api/challenges/${c.id}/flags/${c.flag_id}/`;
    expect((await call('GET', path, { token: root })).body).toEqual({ id: c.flag_id, value: 'CTF{api_authored}', collation: 'plain_text', warning: null });
    expect((await call('GET', path, { token: learner.token })).status).toBe(403);
    const bad = await call('PUT', path, { token: root, json: { value: '[', collation: 'regex' } });
    expect(bad.status).toBe(400);
    expect(bad.body.value[0]).toMatch(/^Invalid regular expression/);
    const missing = await call('PUT', path, { token: root, json: {} });
    expect(missing.body).toEqual({ value: ['This field is required.'], collation: ['This field is required.'] });
    const ok = await call('PUT', path, { token: root, json: { value: 'CTF{new}', collation: 'plain_text' } });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ id: c.flag_id, value: 'CTF{new}', collation: 'plain_text', warning: null });
    expect((await call('GET', `/api/challenges/${c.id}/flags/${c.flag_id + 100000}/`, { token: root })).status).toBe(404);
  });

  it('POST a hint (at most half the initial value), GET unlocks it for a learner, PUT edits it', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root, { initial_value: '100', minimal_value: '50' });
    const tooMuch = await call('POST', `/api/challenges/${c.id}/hints/`, { token: root, json: { description: 'Look', score: 51 } });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body).toEqual({ score: [HINT_TOO_EXPENSIVE] });
    expect((await call('POST', `/api/challenges/${c.id}/hints/`, { token: root, json: { score: 5 } })).body).toEqual({ description: ['This field is required.'] });
    expect((await call('POST', `/api/challenges/${c.id}/hints/`, { token: learner.token, json: { description: 'x', score: 1 } })).status).toBe(403);

    const hint = await call('POST', `/api/challenges/${c.id}/hints/`, { token: root, json: { description: 'Look closer', score: 50 } });
    expect(hint.status).toBe(201);
    expect(hint.body).toEqual({ id: expect.any(Number), description: 'Look closer', score: 50 });
    const again = await call('POST', `/api/challenges/${c.id}/hints/`, { token: root, json: { description: 'Again', score: 1 } });
    expect(again.body).toEqual({ non_field_errors: ['This challenge already has a hint.'] });
    expect((await call('GET', `/api/challenges/${c.id}/`, { token: learner.token })).body.hint_id).toBe(hint.body.id);

    const path = `/api/challenges/${c.id}/hints/${hint.body.id}/`;
    const unlocked = await call('GET', path, { token: learner.token });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ id: hint.body.id, description: 'Look closer', score: 50 });
    expect((await call('GET', path, { token: learner.token })).status).toBe(200); // once unlocked, read again freely
    expect((await call('PUT', path, { token: learner.token, json: { description: 'x', score: 1 } })).status).toBe(403);
    const edited = await call('PUT', path, { token: root, json: { description: 'Closer', score: 10 } });
    expect(edited.body).toEqual({ id: hint.body.id, description: 'Closer', score: 10 });
    expect((await call('PUT', path, { token: root, json: { description: 'Closer', score: 60 } })).body).toEqual({ score: [HINT_TOO_EXPENSIVE] });
    expect((await call('GET', `/api/challenges/${c.id}/hints/${hint.body.id + 100000}/`, { token: learner.token })).status).toBe(404);
  });
});

describe('files', () => {
  it('lists, adds, downloads as an attachment and deletes challenge files', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root, {}, [new File(['first'], 'first.txt')]);
    const listPath = `/api/challenges/${c.id}/files/`;

    const list = await call('GET', listPath, { token: learner.token });
    expect(list.status).toBe(200);
    expect(list.body).toEqual({ count: 1, next: null, previous: null, results: [{ id: c.files[0].id, name: 'first.txt' }] });

    const form = new FormData();
    form.append('files', new File(['second file'], 'dump.pcap'));
    expect((await call('POST', listPath, { token: learner.token, form })).status).toBe(403);
    const added = await call('POST', listPath, { token: root, form });
    expect(added.status).toBe(201);
    expect(added.body).toEqual([{ id: expect.any(Number), name: 'dump.pcap' }]);
    const empty = await call('POST', listPath, { token: root, form: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ files: ['No file was submitted.'] });

    const download = await fetch(`${base()}${listPath}${added.body[0].id}/download/`, { headers: { Authorization: `Bearer ${learner.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="dump\.pcap"/);
    expect(download.headers.get('x-content-type-options')).toMatch(/nosniff/);
    expect(await download.text()).toBe('second file');
    expect((await call('GET', `${listPath}${added.body[0].id}/download/`)).status).toBe(401);

    expect((await call('DELETE', `${listPath}${added.body[0].id}/`, { token: learner.token })).status).toBe(403);
    const deleted = await call('DELETE', `${listPath}${added.body[0].id}/`, { token: root });
    expect(deleted.status).toBe(204);
    expect((await call('GET', `${listPath}${added.body[0].id}/download/`, { token: root })).status).toBe(404);
    expect((await call('GET', listPath, { token: root })).body.count).toBe(1);
  });

  it('keeps the files of an inactive challenge from learners', async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    const c = await created(root, { is_active: 'false' }, [new File(['s'], 'secret.txt')]);
    expect((await call('GET', `/api/challenges/${c.id}/files/`, { token: learner.token })).status).toBe(404);
    expect((await call('GET', `/api/challenges/${c.id}/files/${c.files[0].id}/download/`, { token: learner.token })).status).toBe(404);
  });
});
