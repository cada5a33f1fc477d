// Contract tests of SPEC §7 "Submissions" (practice review) against the real production server.
// Challenges come from the authoring API and submissions from the players' own submit call, so the
// review sees exactly what production data looks like.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, base, call, superuserToken } from '../support/api-client';

let root: string;
let category: number;
let n = 0;
const tag = () => `rv${Date.now().toString(36)}${++n}`;

beforeAll(async () => {
  root = await superuserToken();
  const created = await call('POST', '/api/categories/', { token: root, json: { name: `Review ${tag()}` } });
  expect(created.status).toBe(201);
  category = created.body.id;
});

/** A practice challenge whose flag is CTF{<flag>}. */
async function newChallenge(flag: string) {
  const res = await call('POST', '/api/challenges/', {
    token: root,
    json: { name: `Review ${flag}`, category, description: 'Find it.', initial_value: 120, flag: { value: `CTF{${flag}}`, collation: 'plain_text' } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id as number, name: `Review ${flag}`, flag };
}

async function submit(token: string, challenge: { id: number; flag: string }, writeup = '# Steps\n1. looked\n2. found') {
  const form = new FormData();
  form.set('value', `CTF{${challenge.flag}}`);
  form.set('writeup', new File([writeup], 'my writeup.md', { type: 'text/markdown' }));
  return call('POST', `/api/challenges/${challenge.id}/submissions/`, { token, form });
}

/** A learner with one correct, pending practice submission. */
async function pendingSubmission() {
  const learner = await activeLearner();
  const challenge = await newChallenge(tag());
  const res = await submit(learner.token, challenge);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { learner, challenge, id: res.body.id as number };
}

const listFor = async (query: string) => call('GET', `/api/submissions/practices?${query}`, { token: root });

describe('GET /api/submissions/practices', () => {
  it('lists submissions in the SPEC shape, filtered by is_validated', async () => {
    const { learner, challenge, id } = await pendingSubmission();
    const res = await listFor(`search=${learner.username}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id,
          score: 120,
          is_correct: true,
          is_validated: null,
          writeup: `${base()}/api/submissions/${id}/download-writeup/`,
          comment: null,
          learner: { id: learner.id, username: learner.username },
          team_data: null,
          challenge: { id: challenge.id, name: challenge.name, category_name: expect.stringMatching(/^Review /), initial_value: 120 },
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    expect((await listFor(`search=${learner.username}&is_validated=null`)).body.count).toBe(1);
    expect((await listFor(`search=${learner.username}&is_validated=true`)).body.count).toBe(0);
    expect((await listFor(`search=${learner.username}&is_validated=false`)).body.count).toBe(0);
    // Trailing slash works too, and pages hold 10.
    const all = await call('GET', '/api/submissions/practices/', { token: root });
    expect(all.status).toBe(200);
    expect(all.body.results.length).toBeLessThanOrEqual(10);
  });

  it('refuses learners (403) and anonymous callers (401), and a malformed filter (400)', async () => {
    const learner = await activeLearner();
    expect(await call('GET', '/api/submissions/practices', { token: learner.token })).toMatchObject({ status: 403, body: { detail: 'You do not have permission to perform this action.' } });
    expect((await call('GET', '/api/submissions/practices')).status).toBe(401);
    expect(await listFor('is_validated=maybe')).toMatchObject({ status: 400, body: { is_validated: ['Select a valid choice. Use true, false or null.'] } });
  });
});

describe('PUT /api/submissions/{id}/validate/ and /dismiss/', () => {
  it('validates a pending submission once; a second decision is refused with 400', async () => {
    const { learner, id } = await pendingSubmission();
    const res = await call('PUT', `/api/submissions/${id}/validate/`, { token: root });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, is_validated: true, detail: 'Submission validation completed successfully!' });
    expect((await listFor(`search=${learner.username}&is_validated=true`)).body.results.map((r: { id: number }) => r.id)).toEqual([id]);
    for (const [path, json] of [['validate', undefined], ['dismiss', { description: 'late' }]] as const) {
      const again = await call('PUT', `/api/submissions/${id}/${path}/`, { token: root, json });
      expect(again.status).toBe(400);
      expect(again.body).toEqual({ detail: 'Only a correct submission that is still pending can be validated or invalidated.' });
    }
  });

  it('dismiss requires a description (400), then rejects, keeps the comment and lets the learner submit again', async () => {
    const { learner, challenge, id } = await pendingSubmission();
    for (const json of [{}, { description: '  ' }]) {
      const empty = await call('PUT', `/api/submissions/${id}/dismiss/`, { token: root, json });
      expect(empty.status).toBe(400);
      expect(empty.body).toEqual({ description: ['This field is required.'] });
    }
    // Solved once: a second submission is refused while the first one counts.
    expect((await submit(learner.token, challenge)).status).toBe(400);

    const res = await call('PUT', `/api/submissions/${id}/dismiss/`, { token: root, json: { description: 'The writeup is empty.' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id, is_validated: false, comment: 'The writeup is empty.', detail: 'Submission invalidation completed successfully!' });
    const rejected = (await listFor(`search=${learner.username}&is_validated=false`)).body.results;
    expect(rejected).toMatchObject([{ id, is_validated: false, comment: 'The writeup is empty.' }]);

    const again = await submit(learner.token, challenge);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.body).toMatchObject({ is_correct: true, is_validated: null });
  });

  it('answers 404 for an unknown submission and 403 for a learner, changing nothing', async () => {
    const { learner, id } = await pendingSubmission();
    expect(await call('PUT', '/api/submissions/999999/validate/', { token: root })).toMatchObject({ status: 404, body: { detail: 'No Submission matches the given query.' } });
    expect((await call('PUT', '/api/submissions/999999/dismiss/', { token: root, json: { description: 'x' } })).status).toBe(404);
    expect((await call('PUT', `/api/submissions/${id}/validate/`, { token: learner.token })).status).toBe(403);
    expect((await call('PUT', `/api/submissions/${id}/dismiss/`, { token: learner.token, json: { description: 'x' } })).status).toBe(403);
    expect((await call('PUT', `/api/submissions/${id}/validate/`)).status).toBe(401);
    expect((await call('GET', `/api/submissions/${id}/validate/`, { token: root })).status).toBe(405);
    expect((await listFor(`search=${learner.username}&is_validated=null`)).body.count).toBe(1);
  });
});

describe('PUT /api/submissions/bulk-validate/', () => {
  it('validates every listed submission in one go', async () => {
    const a = await pendingSubmission();
    const b = await pendingSubmission();
    const res = await call('PUT', '/api/submissions/bulk-validate/', { token: root, json: { ids: [a.id, b.id] } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Submission validation completed successfully! 2 submissions validated.', validated: 2 });
    for (const s of [a, b]) expect((await listFor(`search=${s.learner.username}&is_validated=true`)).body.count).toBe(1);
  });

  it('is all-or-nothing, and validates its input', async () => {
    const pending = await pendingSubmission();
    const done = await pendingSubmission();
    await call('PUT', `/api/submissions/${done.id}/validate/`, { token: root });
    const mixed = await call('PUT', '/api/submissions/bulk-validate/', { token: root, json: { ids: [pending.id, done.id] } });
    expect(mixed.status).toBe(400);
    expect(mixed.body).toEqual({ detail: `Only a correct submission that is still pending can be validated or invalidated. Not pending: ${done.id}.` });
    expect((await listFor(`search=${pending.learner.username}&is_validated=null`)).body.count).toBe(1);
    expect(await call('PUT', '/api/submissions/bulk-validate/', { token: root, json: { ids: [] } })).toMatchObject({ status: 400, body: { ids: ['Select at least one submission.'] } });
    expect(await call('PUT', '/api/submissions/bulk-validate/', { token: root, json: { ids: ['x'] } })).toMatchObject({ status: 400, body: { ids: ['A valid integer is required.'] } });
    expect((await call('PUT', '/api/submissions/bulk-validate/', { token: root, json: { ids: [pending.id, 999999] } })).status).toBe(404);
    expect((await call('PUT', '/api/submissions/bulk-validate/', { token: pending.learner.token, json: { ids: [pending.id] } })).status).toBe(403);
  });
});

describe('GET /api/submissions/{id}/download-writeup/', () => {
  it('sends the writeup as an attachment to staff and to its author, not to another learner', async () => {
    const { learner, id } = await pendingSubmission();
    for (const token of [root, learner.token]) {
      const res = await fetch(`${base()}/api/submissions/${id}/download-writeup/`, { headers: { Authorization: `Bearer ${token}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="my writeup.md"; filename*=UTF-8''my%20writeup.md`);
      expect(res.headers.get('x-content-type-options')).toMatch(/nosniff/);
      expect(await res.text()).toBe('# Steps\n1. looked\n2. found');
    }
    const stranger = await activeLearner();
    expect((await call('GET', `/api/submissions/${id}/download-writeup/`, { token: stranger.token })).status).toBe(403);
    expect((await call('GET', `/api/submissions/${id}/download-writeup/`)).status).toBe(401);
    expect(await call('GET', '/api/submissions/999999/download-writeup/', { token: root })).toMatchObject({ status: 404, body: { detail: 'No Submission matches the given query.' } });
  });
});
