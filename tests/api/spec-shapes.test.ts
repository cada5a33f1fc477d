// Contract tests of the shapes SPEC §3 and §7 give, where the API once said less: collaborator
// creation through POST /api/auth/users/, PUT /api/auth/users/me/ answering like GET, a single
// challenge carrying its solvers like the list, and list links built from PUBLIC_URL.
import { request as httpRequest } from 'node:http';
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, mailDir, newLearner, resetFromMail, superuserToken } from '../support/api-client';
import { waitForMail } from '../support/mailbox';

const COLLABORATOR_CREATED = 'A new collaborator account has been successfully created! The collaborator can check their inbox for a confirmation email';

describe('POST /api/auth/users/: sign-up or collaborator, decided by who calls', () => {
  it('the superuser creates a staff collaborator without passwords, who gets the welcome e-mail and can set one', async () => {
    const su = await superuserToken();
    const { password: _p, re_password: _r, ...profile } = newLearner();
    const started = Date.now();
    const res = await call('POST', '/api/auth/users/', { token: su, json: profile });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), username: profile.username, email: profile.email, is_staff: true, is_superuser: false, is_active: false, type: 'Collaborater', detail: COLLABORATOR_CREATED });
    // The welcome e-mail is a link to set a password; then the collaborator signs in as staff.
    expect((await waitForMail(mailDir(), profile.email, { after: started })).link).toMatch(/^http:\/\/localhost:\d+\//);
    const link = await resetFromMail(profile.email, started);
    expect((await call('POST', '/api/auth/users/reset_password_confirm/', { json: { ...link, new_password: 'collab-password-1', re_new_password: 'collab-password-1' } })).status).toBe(204);
    const login = await call('POST', '/api/auth/jwt/create/', { json: { email: profile.email, password: 'collab-password-1' } });
    expect(login.status).toBe(200);
    expect((await call('GET', '/api/auth/users/me/', { token: login.body.access })).body).toMatchObject({ id: res.body.id, is_staff: true, is_active: true });
  });

  it('the collaborator form\'s rules apply: missing fields and a taken username are 400; a body with passwords is a sign-up', async () => {
    const su = await superuserToken();
    const empty = await call('POST', '/api/auth/users/', { token: su, json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['country', 'email', 'fullname', 'username']);
    const learner = await activeLearner();
    const taken = await call('POST', '/api/auth/users/', { token: su, json: { ...newLearner(), username: learner.username } });
    expect(taken.status).toBe(400);
    expect(taken.body).toHaveProperty('username');
    // With passwords it is a learner's sign-up, even from a staff session (a browser signed in as staff
    // that signs someone up must not make them a collaborator).
    const mismatch = await call('POST', '/api/auth/users/', { token: su, json: { ...newLearner(), re_password: 'does-not-match' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toHaveProperty('re_password');
    const withPasswords = await call('POST', '/api/auth/users/', { token: su, json: newLearner() });
    expect(withPasswords).toMatchObject({ status: 201, body: { is_staff: false, is_active: false } });
    expect(withPasswords.body).not.toHaveProperty('detail');
  });

  it('anyone else signs up a learner, as before (a learner\'s token changes nothing)', async () => {
    const learner = await activeLearner();
    const other = newLearner();
    const res = await call('POST', '/api/auth/users/', { token: learner.token, json: other });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: other.username, is_staff: false, is_active: false });
    expect(res.body).not.toHaveProperty('detail');
    const { password: _p, re_password: _r, ...noPasswords } = newLearner();
    const refused = await call('POST', '/api/auth/users/', { token: learner.token, json: noPasswords });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body).sort()).toEqual(['password', 're_password']);
  });
});

describe('PUT /api/auth/users/me/', () => {
  it('answers with the same shape as GET, has_active_team included', async () => {
    const learner = await activeLearner();
    const before = await call('GET', '/api/auth/users/me/', { token: learner.token });
    expect(before.body).toHaveProperty('has_active_team', false);
    const put = await call('PUT', '/api/auth/users/me/', { token: learner.token, json: { username: learner.username, fullname: 'Same Shape', email: learner.email, gender: 'F', country: 'SN' } });
    expect(put.status).toBe(200);
    expect(Object.keys(put.body).sort()).toEqual(Object.keys(before.body).sort());
    const after = await call('GET', '/api/auth/users/me/', { token: learner.token });
    expect(put.body).toEqual(after.body);
    expect(put.body).toMatchObject({ fullname: 'Same Shape', gender: 'F', country: 'SN', has_active_team: false });
  });
});

describe('GET /api/challenges/{id}/', () => {
  it('carries `submissions` (the first solvers) exactly as the board list does', async () => {
    const learner = await activeLearner();
    const list = await call('GET', '/api/challenges/practices/?page_size=100', { token: learner.token });
    const caesar = list.body.results.find((c: { name: string }) => c.name === 'Caesar salad');
    const verified = await call('POST', `/api/challenges/${caesar.id}/verify-submitted-flag/`, { token: learner.token, json: { flag: 'CTF{rot_thirteen}' } });
    expect(verified.status).toBe(200);
    const form = new FormData();
    form.set('value', 'CTF{rot_thirteen}');
    form.set('writeup', new File(['steps'], 'writeup.txt', { type: 'text/plain' }));
    expect((await call('POST', `/api/challenges/${caesar.id}/submissions/`, { token: learner.token, form })).status).toBe(201);

    const again = await call('GET', '/api/challenges/practices/?page_size=100', { token: learner.token });
    const inList = again.body.results.find((c: { id: number }) => c.id === caesar.id);
    const one = await call('GET', `/api/challenges/${caesar.id}/`, { token: learner.token });
    expect(one.status).toBe(200);
    expect(one.body.submissions).toEqual(inList.submissions);
    expect(one.body.submissions.length).toBeGreaterThan(0);
    expect(one.body.submissions[0]).toEqual({ score: expect.any(Number), team_data: null, learner: { id: expect.any(Number), username: expect.any(String) } });
    // Staff read the same, with the flag besides.
    const staff = await call('GET', `/api/challenges/${caesar.id}/`, { token: await superuserToken() });
    expect(staff.body.submissions).toEqual(inList.submissions);
  });
});

/** A GET with a forged Host header (fetch would not send one): node:http sends what it is given. */
function getWithHost(path: string, host: string, token: string): Promise<{ status: number; body: any }> {
  const target = new URL(base());
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: target.hostname, port: target.port, path, method: 'GET', headers: { Host: host, Authorization: `Bearer ${token}` } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('list links (next, previous)', () => {
  it('come from PUBLIC_URL, never the Host header, with the path\'s trailing slash whether the caller wrote it or not', async () => {
    const learner = await activeLearner();
    const su = await superuserToken();
    const origin = base(); // the test server's PUBLIC_URL
    for (const path of ['/api/auth/users/?page=3', '/api/auth/users?page=3']) {
      const res = await getWithHost(path, 'evil.example', learner.token);
      expect(res.status).toBe(200);
      expect(res.body.previous).toBe(`${origin}/api/auth/users/?page=2`);
    }
    // Other query parameters are kept; next and previous agree.
    const categories = await getWithHost('/api/categories?page_size=1&page=2', 'evil.example:8080', su);
    expect(categories.status).toBe(200);
    expect(categories.body.count).toBeGreaterThan(2);
    expect(categories.body.previous).toBe(`${origin}/api/categories/?page_size=1&page=1`);
    expect(categories.body.next).toBe(`${origin}/api/categories/?page_size=1&page=3`);
    // The scoreboard, answered by the direct lane for Bearer calls and kept serialized per page.
    for (const path of ['/api/auth/users/top-players/?page=400', '/api/auth/users/top-players?page=400']) {
      const res = await getWithHost(path, 'attacker.example', learner.token);
      expect(res.status).toBe(200);
      expect(res.body.previous).toBe(`${origin}/api/auth/users/top-players/?page=399`);
    }
    const first = await getWithHost('/api/auth/users/top-players/?page=1', 'attacker.example', learner.token);
    if (first.body.next) expect(first.body.next).toBe(`${origin}/api/auth/users/top-players/?page=2`);
    const mixed = await call('GET', '/api/challenges/practices?page_size=1&page=2', { token: learner.token });
    expect(mixed.body.previous).toBe(`${origin}/api/challenges/practices/?page_size=1&page=1`);
    expect(mixed.body.next).toBe(`${origin}/api/challenges/practices/?page_size=1&page=3`);
  });
});
