// Contract tests of the event play calls (SPEC §7 Events): /api/events/{id}/challenges/,
// /submissions/, /top-players/, /total-points/ and /players/, on the seeded events. Other test files
// play the same seeded events at the same time, so assertions look at this file's own teams and players.
import { describe, expect, it } from 'vitest';
import { activeLearner, call, submitSolve, superuserToken } from '../support/api-client';

async function seededEvent(type: string, name: string): Promise<number> {
  const list = await call('GET', `/api/events/?type=${type}&page_size=100`);
  expect(list.status).toBe(200);
  const found = list.body.results.find((e: { name: string }) => e.name === name);
  if (!found) throw new Error(`seeded event ${name} not found`);
  return found.id;
}

async function warmUp(eventId: number, token: string): Promise<number> {
  const board = await call('GET', `/api/events/${eventId}/challenges/?page_size=100`, { token });
  expect(board.status).toBe(200);
  const found = board.body.results.find((c: { name: string }) => c.name.endsWith('warm-up'));
  return found.id;
}

describe('a team event over the API', () => {
  it('one solve per team, counted once validated, ranked on top-players with its learners', async () => {
    const eventId = await seededEvent('online', 'Cyber Week Online CTF');
    const staff = await superuserToken();
    const [owner, member] = [await activeLearner(), await activeLearner()];
    const name = `Team ${owner.username}`;
    expect((await call('GET', '/api/auth/users/me/', { token: owner.token })).body.has_active_team).toBe(false);
    const created = await call('POST', `/api/events/${eventId}/teams/`, { token: owner.token, json: { name, password: 'team-pass-123', re_password: 'team-pass-123' } });
    expect(created.status).toBe(201);
    const teamId = created.body.id as number;
    expect((await call('POST', '/api/teams/join/', { token: member.token, json: { name, password: 'team-pass-123', event: eventId } })).status).toBe(200);

    for (const who of [owner, member]) expect((await call('GET', '/api/auth/users/me/', { token: who.token })).body.has_active_team).toBe(true);

    const challenge = await warmUp(eventId, member.token);
    const first = await submitSolve(member.token, challenge, 'CTF{warm_up}');
    expect(first.status).toBe(201);
    // The team has solved it: the owner cannot score it again.
    const again = await submitSolve(owner.token, challenge, 'CTF{warm_up}');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ detail: 'You have already solved this challenge.' });

    const entryOf = async () => {
      let url: string | null = `/api/events/${eventId}/top-players/`;
      while (url) {
        const res = await call('GET', url.replace(/^https?:\/\/[^/]+/, ''), { token: owner.token });
        expect(res.status).toBe(200);
        const found = res.body.results.find((e: { id: number }) => e.id === teamId);
        if (found) return found;
        url = res.body.next;
      }
      return null;
    };
    // Pending review: listed without points.
    expect((await entryOf()).score).toBe(0);

    // Staff see it in the event's review list, with its team, and validate it.
    const review = await call('GET', `/api/events/${eventId}/submissions/?is_validated=null`, { token: staff });
    expect(review.status).toBe(200);
    const row = review.body.results.find((s: { id: number }) => s.id === first.body.id);
    expect(row.team_data).toEqual({ id: teamId, name });
    expect((await call('PUT', `/api/submissions/${first.body.id}/validate/`, { token: staff })).status).toBe(200);

    const entry = await entryOf();
    expect(Object.keys(entry).sort()).toEqual(['id', 'learners', 'name', 'number_of_solved_challenges', 'score', 'submissions']);
    expect(entry).toMatchObject({ name, score: 50, number_of_solved_challenges: 1 });
    expect(entry.learners.map((l: { id: number }) => l.id)).toEqual([owner.id, member.id]);
    expect(entry.submissions).toHaveLength(1);
    expect(entry.submissions[0].score).toBe(50);

    const total = await call('GET', `/api/events/${eventId}/total-points/`, { token: owner.token });
    expect(total.status).toBe(200);
    expect(total.body.total_points).toBeGreaterThanOrEqual(50);
  });

  it('refuses the review list to learners, and to everyone in black-friday (not reviewed)', async () => {
    const learner = await activeLearner();
    const online = await seededEvent('online', 'Cyber Week Online CTF');
    const friday = await seededEvent('black-friday', 'Black Friday CTF');
    expect((await call('GET', `/api/events/${online}/submissions/`, { token: learner.token })).status).toBe(403);
    expect((await call('GET', `/api/events/${friday}/submissions/`, { token: await superuserToken() })).status).toBe(404);
  });
});

describe('a black-friday event over the API', () => {
  it('lists registered players, then ranks them by their solves, counted at once', async () => {
    const eventId = await seededEvent('black-friday', 'Black Friday CTF');
    const player = await activeLearner();
    expect((await call('POST', `/api/events/${eventId}/register-user/`, { token: player.token })).status).toBe(200);

    const find = async () => {
      let url: string | null = `/api/events/${eventId}/players/`;
      while (url) {
        const res = await call('GET', url.replace(/^https?:\/\/[^/]+/, ''), { token: player.token });
        expect(res.status).toBe(200);
        expect(res.body.results.length).toBeLessThanOrEqual(10);
        const found = res.body.results.find((p: { id: number }) => p.id === player.id);
        if (found) return found;
        url = res.body.next;
      }
      return null;
    };
    expect(await find()).toEqual({ id: player.id, username: player.username, country: player.country, total_points: 0 });

    // No writeup in black-friday, and no review: it counts at once.
    const solved = await submitSolve(player.token, await warmUp(eventId, player.token), 'CTF{warm_up}', { writeup: false });
    expect(solved.status).toBe(201);
    expect((await find()).total_points).toBe(50);

    const top = await call('GET', `/api/events/${eventId}/top-players/`, { token: player.token });
    const entry = top.body.results.find((e: { id: number }) => e.id === player.id);
    expect(Object.keys(entry).sort()).toEqual(['coin', 'country', 'id', 'name', 'number_of_solved_challenges', 'score', 'submissions', 'username']);
    expect(entry).toMatchObject({ username: player.username, score: 50 });
  });
});

describe('the event board over the API', () => {
  it('filters a training event by week, for validated learners only', async () => {
    const eventId = await seededEvent('training-platform', 'Training Platform — Cohort 1');
    const learner = await activeLearner();
    const refused = await call('GET', `/api/events/${eventId}/challenges/`, { token: learner.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: 'This event is reserved for learners enrolled in our training offer.' });

    expect((await call('PUT', `/api/auth/users/${learner.id}/validate/`, { token: await superuserToken() })).status).toBe(200);
    const week1 = await call('GET', `/api/events/${eventId}/challenges/?training_week=1`, { token: learner.token });
    expect(week1.status).toBe(200);
    expect(week1.body.count).toBeGreaterThanOrEqual(1);
    expect(week1.body.results.every((c: { training_week: number }) => c.training_week === 1)).toBe(true);
    const week19 = await call('GET', `/api/events/${eventId}/challenges/?training_week=19`, { token: learner.token });
    expect(week19.body.results.every((c: { training_week: number }) => c.training_week === 19)).toBe(true);
  });

  it('answers 404 for an unknown event and 401 without credentials', async () => {
    const learner = await activeLearner();
    for (const path of ['challenges', 'submissions', 'players', 'top-players', 'total-points']) {
      expect((await call('GET', `/api/events/999999/${path}/`, { token: learner.token })).status).toBe(404);
    }
    const eventId = await seededEvent('online', 'Cyber Week Online CTF');
    for (const path of ['challenges', 'players', 'top-players', 'total-points']) {
      expect((await call('GET', `/api/events/${eventId}/${path}/`)).status).toBe(401);
    }
  });
});
