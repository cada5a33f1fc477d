// The one access rule on the real server, with the seed's event challenges: every path answers
// 404 for a wrong scope and 403 with the reason for a closed door.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, call, superuserToken } from '../support/api-client';

const FLAG = 'CTF{warm_up}';
let learner: Awaited<ReturnType<typeof activeLearner>>;
const ids: Record<string, number> = {};

beforeAll(async () => {
  const root = await superuserToken();
  learner = await activeLearner(); // active, not validated, in no team
  // The seed's warm-up challenge of each event, found by name.
  for (let id = 1; Object.keys(ids).length < 5 && id < 200; id++) {
    const res = await call('GET', `/api/challenges/${id}/`, { token: root });
    const name = res.status === 200 ? (res.body.name as string) : '';
    if (name.startsWith('Cyber Week Online CTF')) ids.online = id;
    if (name.startsWith('Cotonou On-site CTF')) ids.upcoming = id;
    if (name.startsWith('Training Platform')) ids.training = id;
    if (name.startsWith('Black Friday CTF')) ids.blackFriday = id;
    if (name.startsWith('Spring CTF 2026')) ids.ended = id;
  }
  expect(Object.keys(ids).sort()).toEqual(['blackFriday', 'ended', 'online', 'training', 'upcoming']);
});

const verify = (id: number) => call('POST', `/api/challenges/${id}/verify-submitted-flag/`, { token: learner.token, json: { flag: FLAG } });

describe('one access rule, on every path', () => {
  it('practice URLs never open or play an event challenge (404)', async () => {
    for (const id of [ids.online, ids.blackFriday]) {
      expect((await call('GET', `/practices/challenges?challenge=${id}`, { token: learner.token })).status).toBe(404);
      const form = new FormData();
      form.set('intent', 'check');
      form.set('challenge', String(id));
      form.set('flag', FLAG);
      expect((await call('POST', `/practices/challenges?challenge=${id}`, { token: learner.token, form })).status).toBe(404);
    }
  });

  it('an event that has not started is closed to learners (403), dialog, API, files and flags alike', async () => {
    for (const path of [`/api/challenges/${ids.upcoming}/`, `/api/challenges/${ids.upcoming}/files/`]) {
      const res = await call('GET', path, { token: learner.token });
      expect(res.status).toBe(403);
      expect(res.body.detail).toMatch(/^This event has not started yet: it starts on /);
    }
    expect((await verify(ids.upcoming)).status).toBe(403);
  });

  it('an event that ended can be read, not played', async () => {
    expect((await call('GET', `/api/challenges/${ids.ended}/`, { token: learner.token })).status).toBe(200);
    const res = await verify(ids.ended);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'This event has ended: flags are no longer accepted.' });
  });

  it('training-platform events refuse learners who are not validated', async () => {
    const res = await call('GET', `/api/challenges/${ids.training}/`, { token: learner.token });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ detail: 'This event is reserved for learners enrolled in our training offer.' });
  });

  it('a team event needs a team to play; black-friday needs no writeup and counts at once', async () => {
    const team = await verify(ids.online);
    expect(team.status).toBe(403);
    expect(team.body).toEqual({ detail: 'You need a team to play this event: create or join one first.' });

    const form = new FormData();
    form.set('value', FLAG);
    const solve = await call('POST', `/api/challenges/${ids.blackFriday}/submissions/`, { token: learner.token, form });
    expect(solve.status).toBe(201);
    expect(solve.body).toMatchObject({ is_correct: true, is_validated: true });
  });
});
