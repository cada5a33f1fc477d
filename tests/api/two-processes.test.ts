// Two server processes on one database (issue 22 §2 and §4): what one process wrote or counted, the
// other knows within 100 ms. Each keeps its caches in memory and learns which tables the other wrote from
// the database (SQLite: lib/sql.server.ts "Change counters", within 50 ms; PostgreSQL: its
// notifications, lib/changes-postgresql.server.ts). Login limits were counted in each process's
// memory, so a guesser alternating between two processes never met a 429 (14 wrong passwords), and
// are counted in the database now (lib/rate-limit.server.ts); wrong flags are counted from the shared
// attempt log. RATE_LIMIT_FACTOR=1: the production numbers (10 wrong passwords per account and IP in
// 15 minutes, 10 wrong flags per player and challenge in a minute).
//
// The `api` project runs this file on one SQLite file, `api-postgresql` on one PostgreSQL database.
import { join } from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { newLearner, uidToken } from '../support/api-client';
import { freshDatabase } from '../support/postgres-cluster';
import { openStream } from '../support/live-stream';
import { linkPath, waitForMail } from '../support/mailbox';
import { startTestServer, SUPERUSER, type TestServer } from '../support/test-server';

let first: TestServer;
let second: TestServer;
beforeAll(async () => {
  const postgres = inject('postgresUrl');
  const name = postgres ? 'two-processes-postgresql' : 'two-processes';
  first = await startTestServer(name, { RATE_LIMIT_FACTOR: '1', ...(postgres ? { DATABASE_URL: await freshDatabase(postgres) } : {}) });
  second = await startTestServer(`${name}-second`, {
    RATE_LIMIT_FACTOR: '1',
    DATABASE_URL: postgres ? first.databaseUrl : `file:${join(first.dataDir, 'ctf.db')}`,
    UPLOAD_DIR: join(first.dataDir, 'uploads'),
  });
}, 90_000);
afterAll(async () => {
  await Promise.all([second?.stop(), first?.stop()]);
}, 30_000);

// On SQLite a process learns of the other's commits by reading data_version, at most every 50 ms
// (lib/sql.server.ts EXTERNAL_CHECK_MS); on PostgreSQL by a notification, within milliseconds. A
// request to the other process sooner than that after a write may still meet what it kept from
// before. Waiting longer makes each test certain.
const seenByTheOther = () => new Promise((r) => setTimeout(r, 100));

const login = (server: TestServer, password: string, email = 'bob@example.com') =>
  fetch(`${server.url}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password }) });

/** A JSON (or form) call to one of the two servers, as a same-origin client; the answer's status and parsed body. */
async function call(server: TestServer, method: string, path: string, opts: { json?: unknown; form?: FormData; token?: string; cookie?: string } = {}) {
  const headers: Record<string, string> = { Origin: server.url };
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.Cookie = opts.cookie;
  const res = await fetch(`${server.url}${path}`, { method, headers, body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

async function token(server: TestServer, email: string, password: string): Promise<string> {
  const res = await call(server, 'POST', '/api/auth/jwt/create/', { json: { email, password } });
  expect(res.status).toBe(200);
  return res.body.access;
}

const DEMO_PASSWORD = 'demo-learner-2026';

let made = 0;
/** A practice challenge's creation form, with its flag. */
function challengeForm(flag: string): FormData {
  const form = new FormData();
  const fields = { name: `Shared ${Date.now().toString(36)}${++made}`, category: '1', type: 'standard', description: 'Two processes.', level: 'easy', is_active: 'true', initial_value: '100', flag: JSON.stringify({ value: flag, collation: 'plain_text' }) };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

it('wrong passwords alternating between two processes meet one limit, then both refuse', { timeout: 60_000 }, async () => {
  const answers: number[] = [];
  for (let i = 0; i < 10; i++) answers.push((await login(i % 2 ? second : first, `wrong-password-${i}`)).status);
  expect(answers).toEqual(Array(10).fill(401));

  for (const server of [first, second]) {
    const refused = await login(server, 'wrong-password-more');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});

it('a session ended on one process is refused by the other within 100 ms', async () => {
  const res = await login(first, DEMO_PASSWORD, 'alice@example.com');
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
  // The other process has seen the session (and may keep what it read of it).
  expect((await call(second, 'GET', '/api/auth/users/me/', { cookie })).status).toBe(200);
  expect((await call(first, 'POST', '/api/auth/jwt/destroy/', { cookie })).status).toBe(204);
  await seenByTheOther();
  expect((await call(second, 'GET', '/api/auth/users/me/', { cookie })).status).toBe(401);
});

it('a flag changed on one process is the one the other checks within 100 ms', async () => {
  const staff = await token(first, SUPERUSER.email, SUPERUSER.password);
  const created = await call(first, 'POST', '/api/challenges/', { token: staff, form: challengeForm('CTF{first_flag}') });
  expect(created.status).toBe(201);
  const learner = await token(second, 'carol@example.com', DEMO_PASSWORD);
  const verify = (flag: string) => call(second, 'POST', `/api/challenges/${created.body.id}/verify-submitted-flag/`, { token: learner, json: { flag } });
  expect((await verify('CTF{first_flag}')).status).toBe(200);

  const changed = await call(first, 'PUT', `/api/challenges/${created.body.id}/flags/${created.body.flag_id}/`, { token: staff, json: { value: 'CTF{second_flag}', collation: 'plain_text' } });
  expect(changed.status).toBe(200);
  await seenByTheOther();
  expect((await verify('CTF{second_flag}')).status).toBe(200);
  expect((await verify('CTF{first_flag}')).body).toEqual({ flag: ['Your flag is incorrect.'] });
});

it('wrong flags alternating between two processes meet one limit, then both refuse', { timeout: 60_000 }, async () => {
  const staff = await token(first, SUPERUSER.email, SUPERUSER.password);
  const created = await call(first, 'POST', '/api/challenges/', { token: staff, form: challengeForm('CTF{limited}') });
  expect(created.status).toBe(201);
  const learner = await token(first, 'alice@example.com', DEMO_PASSWORD);
  const verify = (server: TestServer, flag: string) => call(server, 'POST', `/api/challenges/${created.body.id}/verify-submitted-flag/`, { token: learner, json: { flag } });
  const answers: number[] = [];
  for (let i = 0; i < 10; i++) {
    answers.push((await verify(i % 2 ? second : first, `CTF{guess-${i}}`)).status);
    await seenByTheOther(); // each process writes its attempts to the shared log within 50 ms
  }
  expect(answers).toEqual(Array(10).fill(400));
  for (const server of [first, second]) {
    const refused = await verify(server, 'CTF{limited}');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }
});

it('the same solve sent to both processes at once is scored once', async () => {
  const staff = await token(first, SUPERUSER.email, SUPERUSER.password);
  const created = await call(first, 'POST', '/api/challenges/', { token: staff, form: challengeForm('CTF{raced_flag}') });
  expect(created.status).toBe(201);
  const learner = await token(first, 'erin@example.com', DEMO_PASSWORD);
  const submit = (server: TestServer) => {
    const form = new FormData();
    form.set('value', 'CTF{raced_flag}');
    form.set('writeup', new File(['steps'], 'writeup.txt', { type: 'text/plain' }));
    return call(server, 'POST', `/api/challenges/${created.body.id}/submissions/`, { token: learner, form });
  };
  const answers = await Promise.all([first, second, first, second].map(submit));
  expect(answers.map((a) => a.status).sort()).toEqual([201, 400, 400, 400]);
  for (const refused of answers.filter((a) => a.status === 400)) expect(refused.body).toEqual({ detail: 'You have already solved this challenge.' });
});

// Each process learns which tables the other wrote (SQLite: TableWrites; PostgreSQL: each
// notification names its table), not only that it wrote: a flag attempt, which no page shows, leaves
// the other's cached pages in place.
it("wrong flags sent to one process keep the other's cached pages; a solve there drops them", async () => {
  const staff = await token(first, SUPERUSER.email, SUPERUSER.password);
  const created = await call(first, 'POST', '/api/challenges/', { token: staff, form: challengeForm('CTF{kept_pages}') });
  expect(created.status).toBe(201);
  const viewer = await login(second, DEMO_PASSWORD, 'alice@example.com');
  const cookie = viewer.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
  const player = await token(first, 'carol@example.com', DEMO_PASSWORD);
  const scoreboard = async () => {
    const res = await fetch(`${second.url}/practices/scoreboard`, { headers: { Cookie: cookie, Accept: 'text/html' } });
    await res.text();
    return res.headers.get('x-page-cache') === 'hit';
  };
  await scoreboard();
  expect(await scoreboard()).toBe(true);
  for (let i = 0; i < 3; i++) {
    const wrong = await call(first, 'POST', `/api/challenges/${created.body.id}/verify-submitted-flag/`, { token: player, json: { flag: `CTF{wrong_${i}}` } });
    expect(wrong.status).toBe(400);
  }
  // The attempt log is written behind, within 50 ms, then seen by the other within 50 ms.
  await new Promise((r) => setTimeout(r, 200));
  expect(await scoreboard()).toBe(true);

  const form = new FormData();
  form.set('value', 'CTF{kept_pages}');
  form.set('writeup', new File(['steps'], 'writeup.txt', { type: 'text/plain' }));
  expect((await call(first, 'POST', `/api/challenges/${created.body.id}/submissions/`, { token: player, form })).status).toBe(201);
  await seenByTheOther();
  expect(await scoreboard()).toBe(false);
});

it('a notification sent through one process reaches a live stream held by the other within a second', async () => {
  const staff = await token(first, SUPERUSER.email, SUPERUSER.password);
  const learner = await token(second, 'dave@example.com', DEMO_PASSWORD);
  const stream = await openStream(second.url, learner);
  expect(stream.res.status).toBe(200);
  try {
    const before = stream.data(await stream.next(5_000));
    const sent = await call(first, 'POST', '/api/notifications/', { token: staff, json: { title: 'From the other process', description: 'x' } });
    expect(sent.status).toBe(201);
    const after = stream.data(await stream.next(1_000));
    expect(after.admin).toBe(before.admin + 1);
  } finally {
    stream.close();
  }
});

/** A new learner, signed up and activated through `server` (its mail), logged in: token and id. */
async function learnerOn(server: TestServer) {
  const learner = newLearner();
  const asked = Date.now();
  const created = await call(server, 'POST', '/api/auth/users/', { json: learner });
  expect(created.status).toBe(201);
  const link = uidToken(linkPath(await waitForMail(server.mailDir, learner.email, { subject: /Activate/, after: asked })));
  expect((await call(server, 'POST', '/api/auth/users/activation/', { json: link })).status).toBe(204);
  return { id: created.body.id as number, token: await token(server, learner.email, learner.password) };
}

it('one player joining two teams of one event through both processes at once is in one team', async () => {
  const events = await call(first, 'GET', '/api/events/?type=online&page_size=100');
  const event = events.body.results.find((e: { name: string }) => e.name === 'Cyber Week Online CTF') as { id: number };
  const [ownerA, ownerB, player] = [await learnerOn(first), await learnerOn(second), await learnerOn(first)];
  const team = async (server: TestServer, owner: { token: string }, name: string) => {
    const created = await call(server, 'POST', `/api/events/${event.id}/teams/`, { token: owner.token, json: { name, password: 'team-password-1', re_password: 'team-password-1' } });
    expect(created.status).toBe(201);
    return created.body.code_invitation as string;
  };
  const codes = [await team(first, ownerA, `Raced A ${Date.now()}`), await team(second, ownerB, `Raced B ${Date.now()}`)];
  const joins = await Promise.all([first, second, first, second].map((server, i) => call(server, 'POST', '/api/teams/join/', { token: player.token, json: { code_invitation: codes[i % 2] } })));
  expect(joins.filter((j) => j.status === 200)).toHaveLength(1);
  await seenByTheOther(); // the join that went through may have been the first process's
  const mine = await call(second, 'GET', '/api/teams/me/', { token: player.token });
  expect(mine.status).toBe(200);
  expect(mine.body.learners.map((l: { id: number }) => l.id)).toContain(player.id);
});

it('purchases sent to both processes at once never spend the same coins twice', async () => {
  const staff = await token(first, SUPERUSER.email, SUPERUSER.password);
  const player = await learnerOn(second);
  expect((await call(first, 'POST', `/api/auth/users/${player.id}/coins/`, { token: staff, json: { amount: 150, reason: 'Raced purchases' } })).status).toBe(201);
  const reward = await call(first, 'POST', '/api/rewards/', { token: staff, json: { title: `Raced ${Date.now()}`, coin: 100, is_ctf_certification_reward: false } });
  expect(reward.status).toBe(201);
  const bought = await Promise.all([first, second, first, second].map((server) => call(server, 'POST', `/api/rewards/${reward.body.id}/purchase/`, { token: player.token })));
  expect(bought.map((b) => b.status).sort()).toEqual([201, 400, 400, 400]);
  await seenByTheOther(); // the purchase that went through may have been the first process's
  expect((await call(second, 'GET', '/api/auth/users/me/', { token: player.token })).body.coin).toBe(50);
});

// Last: it changes erin's password.
it("a password reset on one process ends the account's sessions on the other within 100 ms", async () => {
  const res = await login(second, DEMO_PASSWORD, 'erin@example.com');
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
  expect((await call(second, 'GET', '/api/auth/users/me/', { cookie })).status).toBe(200);
  const asked = Date.now();
  expect((await call(first, 'POST', '/api/auth/users/reset_password/', { json: { email: 'erin@example.com' } })).status).toBe(204);
  const link = uidToken(linkPath(await waitForMail(first.mailDir, 'erin@example.com', { subject: /Reset/, after: asked })));
  const reset = await call(first, 'POST', '/api/auth/users/reset_password_confirm/', { json: { ...link, new_password: 'a-new-password-1', re_new_password: 'a-new-password-1' } });
  expect(reset.status).toBe(204);
  await seenByTheOther();
  expect((await call(second, 'GET', '/api/auth/users/me/', { cookie })).status).toBe(401);
});
