// Contract tests of the team calls (SPEC §3 Team, §7 Teams, §8): statuses, shapes and messages, on
// the real server with the demo seed (its running online event has three teams; alice leads one).
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, call, superuserToken } from '../support/api-client';

const ALREADY = 'You already have an active group. You cannot have multiple active groups.';
const MISMATCH = "This two password field didn't match";
const NO_TEAM = 'Currently you are not a member of any active groups.';
const DEMO_PASSWORD = 'demo-learner-2026';

type Learner = Awaited<ReturnType<typeof activeLearner>>;
const events: Record<'online' | 'upcoming' | 'ended' | 'blackFriday', number> = { online: 0, upcoming: 0, ended: 0, blackFriday: 0 };
let root: string;
let alice: string;

async function login(email: string, password: string): Promise<string> {
  const res = await call('POST', '/api/auth/jwt/create/', { json: { email, password } });
  expect(res.status).toBe(200);
  return res.body.access;
}

const teamBody = (name: string, password = 'team-password-1') => ({ name, password, re_password: password });
const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function createTeam(learner: Learner, eventId = events.online, name = unique('Team')) {
  const res = await call('POST', `/api/events/${eventId}/teams/`, { token: learner.token, json: teamBody(name) });
  expect(res.status).toBe(201);
  return res.body;
}

beforeAll(async () => {
  root = await superuserToken();
  alice = await login('alice@example.com', DEMO_PASSWORD);
  // The seed's events, found through their warm-up challenges.
  for (let id = 1; id < 200 && Object.values(events).some((v) => v === 0); id++) {
    const res = await call('GET', `/api/challenges/${id}/`, { token: root });
    const name = res.status === 200 ? (res.body.name as string) : '';
    if (name.startsWith('Cyber Week Online CTF')) events.online = res.body.event;
    if (name.startsWith('Cotonou On-site CTF')) events.upcoming = res.body.event;
    if (name.startsWith('Spring CTF 2026')) events.ended = res.body.event;
    if (name.startsWith('Black Friday CTF')) events.blackFriday = res.body.event;
  }
  expect(Object.values(events).every((v) => v > 0)).toBe(true);
});

describe('POST /api/events/{id}/teams/', () => {
  it('creates the team with its creator as owner and first member: 201 with SPEC §3 Team, code included', async () => {
    const learner = await activeLearner();
    const name = unique('Red');
    const res = await call('POST', `/api/events/${events.online}/teams/`, { token: learner.token, json: { ...teamBody(name), event: events.online } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name,
      score: 0,
      learners: [{ id: learner.id, username: learner.username, country: 'BJ', score: 0, number_of_solved_challenges: 0, is_owner: true }],
      owner: learner.id,
      is_staff: false,
      event: events.online,
      code_invitation: expect.stringMatching(/^\w{50}$/),
    });
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("refuses a second team in the same event with SPEC §8's 403, and works in an upcoming event", async () => {
    const learner = await activeLearner();
    await createTeam(learner);
    const again = await call('POST', `/api/events/${events.online}/teams/`, { token: learner.token, json: teamBody(unique('Again')) });
    expect(again).toMatchObject({ status: 403, body: { detail: ALREADY } });
    await createTeam(learner, events.upcoming);
  });

  it('answers 400 with field errors: missing fields, passwords that differ, a name taken whatever its case', async () => {
    const learner = await activeLearner();
    const empty = await call('POST', `/api/events/${events.online}/teams/`, { token: learner.token, json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['name', 'password', 're_password']);
    const mismatch = await call('POST', `/api/events/${events.online}/teams/`, { token: learner.token, json: { name: unique('M'), password: 'team-password-1', re_password: 'team-password-2' } });
    expect(mismatch).toMatchObject({ status: 400, body: { re_password: [MISMATCH] } });
    const taken = await call('POST', `/api/events/${events.online}/teams/`, { token: learner.token, json: teamBody('COTONOU crackers') });
    expect(taken).toMatchObject({ status: 400, body: { name: ['A team with this name already exists in this event.'] } });
    const otherEvent = await call('POST', `/api/events/${events.online}/teams/`, { token: learner.token, json: { ...teamBody(unique('E')), event: events.upcoming } });
    expect(otherEvent.status).toBe(400);
    expect(otherEvent.body).toHaveProperty('event');
  });

  it('refuses events without teams or that have ended (400 on event), anonymous (401), staff (403) and unknown events (404)', async () => {
    const learner = await activeLearner();
    const friday = await call('POST', `/api/events/${events.blackFriday}/teams/`, { token: learner.token, json: teamBody(unique('F')) });
    expect(friday).toMatchObject({ status: 400, body: { event: ['This event is not played in teams.'] } });
    const ended = await call('POST', `/api/events/${events.ended}/teams/`, { token: learner.token, json: teamBody(unique('E')) });
    expect(ended).toMatchObject({ status: 400, body: { event: ['This event has ended: its teams can no longer be created or joined.'] } });
    expect((await call('POST', `/api/events/${events.online}/teams/`, { json: teamBody(unique('A')) })).status).toBe(401);
    expect(await call('POST', `/api/events/${events.online}/teams/`, { token: root, json: teamBody(unique('S')) })).toMatchObject({ status: 403, body: { detail: 'Staff accounts do not play in teams.' } });
    expect((await call('POST', '/api/events/999999/teams/', { token: learner.token, json: teamBody(unique('U')) })).status).toBe(404);
  });
});

describe('GET /api/events/{id}/teams/', () => {
  it('lists the teams ranked by points, 10 per page, with members count and no code', async () => {
    const res = await call('GET', `/api/events/${events.online}/teams/`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ count: expect.any(Number), previous: null, results: expect.any(Array) });
    expect(res.body.results.length).toBeLessThanOrEqual(10);
    const crackers = res.body.results.find((t: { name: string }) => t.name === 'Cotonou Crackers');
    expect(crackers).toEqual({
      id: expect.any(Number),
      rank: expect.any(Number),
      name: 'Cotonou Crackers',
      score: 50,
      number_of_solved_challenges: 1,
      members_count: 2,
      learners: [expect.objectContaining({ username: 'alice', country: 'BJ' }), expect.objectContaining({ username: 'carol' })],
      owner: expect.any(Number),
      is_staff: false,
      event: events.online,
    });
    const scores = res.body.results.map((t: { score: number }) => t.score);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(JSON.stringify(res.body)).not.toContain('code_invitation');
    if (res.body.count > 10) expect(res.body.next).toMatch(/\/api\/events\/\d+\/teams\/\?page=2$/);
  });

  it('is 401 anonymous and 404 for an event without teams or an unknown one', async () => {
    expect((await call('GET', `/api/events/${events.online}/teams/`)).status).toBe(401);
    expect((await call('GET', `/api/events/${events.blackFriday}/teams/`, { token: alice })).status).toBe(404);
    expect((await call('GET', '/api/events/999999/teams/', { token: alice })).status).toBe(404);
  });
});

describe('POST /api/teams/join/', () => {
  it('joins by invitation code or by name and password, answering with the team', async () => {
    const [owner, second, third] = [await activeLearner(), await activeLearner(), await activeLearner()];
    const name = unique('Join');
    const team = await createTeam(owner, events.online, name);
    const byCode = await call('POST', '/api/teams/join/', { token: second.token, json: { code_invitation: team.code_invitation } });
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({ id: team.id, code_invitation: team.code_invitation });
    const byName = await call('POST', '/api/teams/join/', { token: third.token, json: { name: name.toUpperCase(), password: 'team-password-1' } });
    expect(byName.status).toBe(200);
    expect(byName.body.learners.map((l: { id: number }) => l.id)).toEqual([owner.id, second.id, third.id]);
  });

  it('shows the detail of every refusal', async () => {
    const [owner, other, learner] = [await activeLearner(), await activeLearner(), await activeLearner()];
    const name = unique('Refuse');
    const team = await createTeam(owner, events.online, name);
    const second = await createTeam(other);
    expect(await call('POST', '/api/teams/join/', { token: learner.token, json: { name, password: 'wrong-password' } })).toMatchObject({ status: 400, body: { detail: 'No team of an open event has this name and password.' } });
    const missing = await call('POST', '/api/teams/join/', { token: learner.token, json: {} });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body).sort()).toEqual(['name', 'password']);
    expect((await call('POST', '/api/teams/join/', { token: learner.token, json: { code_invitation: 'x'.repeat(50) } })).status).toBe(404);
    expect((await call('POST', '/api/teams/join/', { token: learner.token, json: { code_invitation: 'not a code!' } })).status).toBe(400);
    expect((await call('POST', '/api/teams/join/', { token: learner.token, json: { code_invitation: team.code_invitation } })).status).toBe(200);
    expect(await call('POST', '/api/teams/join/', { token: learner.token, json: { code_invitation: team.code_invitation } })).toMatchObject({ status: 400, body: { detail: 'You are already a member of this team.' } });
    expect(await call('POST', '/api/teams/join/', { token: learner.token, json: { code_invitation: second.code_invitation } })).toMatchObject({ status: 403, body: { detail: ALREADY } });
    expect(await call('POST', '/api/teams/join/', { token: root, json: { code_invitation: team.code_invitation } })).toMatchObject({ status: 403, body: { detail: 'Staff accounts do not play in teams.' } });
    expect((await call('POST', '/api/teams/join/', { json: { code_invitation: team.code_invitation } })).status).toBe(401);
    expect((await call('GET', '/api/teams/join/', { token: learner.token })).status).toBe(405);
  });
});

describe('GET /api/teams/me/ and GET /api/teams/{id}/', () => {
  it("gives a member their team with its code, and others the team without it", async () => {
    const me = await call('GET', '/api/teams/me/', { token: alice });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ name: 'Cotonou Crackers', event: events.online, score: 50, code_invitation: expect.stringMatching(/^\w{50}$/) });
    expect(me.body.teams).toEqual([{ id: me.body.id, name: 'Cotonou Crackers', event: events.online, event_name: 'Cyber Week Online CTF' }]);
    expect(me.body.learners.find((l: { username: string }) => l.username === 'carol')).toMatchObject({ score: 50, number_of_solved_challenges: 1, is_owner: false });

    const outsider = await activeLearner();
    const seen = await call('GET', `/api/teams/${me.body.id}/`, { token: outsider.token });
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ id: me.body.id, name: 'Cotonou Crackers', score: 50, owner: me.body.owner, is_staff: false, event: events.online });
    expect(seen.body).not.toHaveProperty('code_invitation');
    expect(JSON.stringify(seen.body)).not.toMatch(/password/i);
    expect((await call('GET', `/api/teams/${me.body.id}/`, { token: root })).body).not.toHaveProperty('code_invitation');
  });

  it("is 404 with SPEC §2's sentence without a team, 403 for staff, 401 anonymous; unknown or malformed ids are 404", async () => {
    const learner = await activeLearner();
    expect(await call('GET', '/api/teams/me/', { token: learner.token })).toMatchObject({ status: 404, body: { detail: NO_TEAM } });
    expect((await call('GET', '/api/teams/me/', { token: root })).status).toBe(403);
    expect((await call('GET', '/api/teams/me/')).status).toBe(401);
    expect((await call('GET', '/api/teams/999999/', { token: learner.token })).status).toBe(404);
    expect((await call('GET', '/api/teams/abc/', { token: learner.token })).status).toBe(404);
  });
});

describe('PUT /api/teams/{id}/', () => {
  it('lets the owner rename the team and change its password with the current one; members get 403', async () => {
    const [owner, member, newcomer] = [await activeLearner(), await activeLearner(), await activeLearner()];
    const team = await createTeam(owner);
    await call('POST', '/api/teams/join/', { token: member.token, json: { code_invitation: team.code_invitation } });
    const path = `/api/teams/${team.id}/`;
    const renamed = unique('Renamed');
    expect(await call('PUT', path, { token: member.token, json: { name: renamed } })).toMatchObject({ status: 403, body: { detail: 'Only the team leader can modify the team.' } });
    const ok = await call('PUT', path, { token: owner.token, json: { name: renamed } });
    expect(ok).toMatchObject({ status: 200, body: { id: team.id, name: renamed, code_invitation: team.code_invitation } });

    expect(await call('PUT', path, { token: owner.token, json: { name: renamed, password: 'new-password-1', re_password: 'new-password-1' } })).toMatchObject({ status: 400, body: { current_password: [expect.any(String)] } });
    expect(await call('PUT', path, { token: owner.token, json: { name: renamed, password: 'new-password-1', re_password: 'new-password-1', current_password: 'wrong-one-1' } })).toMatchObject({ status: 400, body: { current_password: ['The current password is not correct.'] } });
    expect(await call('PUT', path, { token: owner.token, json: { name: renamed, password: 'new-password-1', re_password: 'other-password-1', current_password: 'team-password-1' } })).toMatchObject({ status: 400, body: { re_password: [MISMATCH] } });
    expect((await call('PUT', path, { token: owner.token, json: {} })).body).toEqual({ name: ['This field is required.'] });
    expect((await call('PUT', path, { token: owner.token, json: { name: renamed, password: 'new-password-1', re_password: 'new-password-1', current_password: 'team-password-1' } })).status).toBe(200);
    expect((await call('POST', '/api/teams/join/', { token: newcomer.token, json: { name: renamed, password: 'team-password-1' } })).status).toBe(400);
    expect((await call('POST', '/api/teams/join/', { token: newcomer.token, json: { name: renamed, password: 'new-password-1' } })).status).toBe(200);
    expect((await call('PUT', path, { json: { name: 'x' } })).status).toBe(401);
    expect((await call('POST', path, { token: owner.token, json: { name: 'x' } })).status).toBe(405);
  });
});

describe('GET /api/teams/{id}/submissions/', () => {
  it("lists the team's submissions, newest first, as SPEC §3 Submission", async () => {
    const me = await call('GET', '/api/teams/me/', { token: alice });
    const res = await call('GET', `/api/teams/${me.body.id}/submissions/?page=1`, { token: alice });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      count: 1,
      next: null,
      previous: null,
      results: [
        {
          id: expect.any(Number),
          score: 50,
          is_correct: true,
          is_validated: true,
          learner: { id: expect.any(Number), username: 'carol' },
          team_data: { id: me.body.id, name: 'Cotonou Crackers' },
          challenge: { id: expect.any(Number), name: 'Cyber Week Online CTF: warm-up', category_name: 'Web', initial_value: 50 },
          created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        },
      ],
    });
    expect((await call('GET', `/api/teams/${me.body.id}/submissions/?page=9`, { token: alice })).body).toMatchObject({ count: 1, results: [] });
    expect((await call('GET', `/api/teams/${me.body.id}/submissions/`)).status).toBe(401);
    expect((await call('GET', '/api/teams/999999/submissions/', { token: alice })).status).toBe(404);
  });

  it("shows outsiders only what counts: a pending solve stays among the team's own", async () => {
    const bob = await login('bob@example.com', DEMO_PASSWORD);
    const team = (await call('GET', '/api/teams/me/', { token: bob })).body;
    expect(team.name).toBe('Gold Coast Hackers');
    expect((await call('GET', `/api/teams/${team.id}/submissions/`, { token: bob })).body.results).toEqual([expect.objectContaining({ is_validated: null })]);
    const outsider = await activeLearner();
    expect((await call('GET', `/api/teams/${team.id}/submissions/`, { token: outsider.token })).body).toMatchObject({ count: 0, results: [] });
  });
});
