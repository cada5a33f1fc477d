// Contract tests of SPEC §7 "Auth and users" against the real production server.
import { describe, expect, it } from 'vitest';
import { activationFromMail, activeLearner, base, call, newLearner, resetFromMail, superuserToken } from '../support/api-client';
import { xlsx } from '../support/xlsx';

describe('sign-up and activation', () => {
  it('POST /api/auth/users/ creates an inactive account (201) and sends an activation link', async () => {
    const learner = newLearner();
    const res = await call('POST', '/api/auth/users/', { json: { ...learner, email: learner.email.toUpperCase() } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), username: learner.username, email: learner.email, is_active: false, country: 'BJ', gender: 'M' });
    expect(res.body).not.toHaveProperty('password');

    const login = await call('POST', '/api/auth/jwt/create/', { json: { email: learner.email, password: learner.password } });
    expect(login.status).toBe(401);

    const activation = await call('POST', '/api/auth/users/activation/', { json: await activationFromMail(learner.email) });
    expect(activation.status).toBe(204);
    const again = await call('POST', '/api/auth/users/activation/', { json: await activationFromMail(learner.email) });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ token: ['Stale token for given user.'] });
  });

  it('answers invalid sign-up input with 400 and per-field messages', async () => {
    const res = await call('POST', '/api/auth/users/', { json: { ...newLearner(), email: 'nope', re_password: 'different-1', country: 'XX' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      email: ['Enter a valid email address.'],
      country: ['Select a valid country.'],
      re_password: ["The two password fields didn't match."],
    });
    const empty = await call('POST', '/api/auth/users/', { json: {} });
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body).sort()).toEqual(['country', 'email', 'fullname', 'password', 're_password', 'username']);
  });

  it('names a taken username and e-mail in the same answer as the fields the schema refused, by API and by the page', async () => {
    const taken = await activeLearner();
    const refused = { ...newLearner(), username: taken.username.toUpperCase(), email: taken.email, password: 'short', re_password: 'short' };
    const res = await call('POST', '/api/auth/users/', { json: refused });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      username: ['A user with that username already exists.'],
      email: ['user with this email already exists.'],
      password: ['This password is too short. It must contain at least 8 characters.'],
    });
    // A value the schema refused is not looked up: its own message stands.
    const bad = await call('POST', '/api/auth/users/', { json: { ...refused, email: 'nope' } });
    expect(bad.body).toMatchObject({ username: ['A user with that username already exists.'], email: ['Enter a valid email address.'] });

    const page = await fetch(`${base()}/sign-up`, { method: 'POST', headers: { Origin: base(), Accept: 'text/html' }, body: new URLSearchParams(Object.entries(refused)) });
    expect(page.status).toBe(400);
    const html = await page.text();
    for (const message of ['A user with that username already exists.', 'user with this email already exists.', 'This password is too short.']) expect(html).toContain(message);
  });

  it('answers a malformed JSON body with 400, not 500', async () => {
    const res = await fetch(`${base()}/api/auth/users/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base() }, body: '{' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ non_field_errors: ['JSON parse error.'] });
  });

  it('activation with a bad uid names the uid', async () => {
    const res = await call('POST', '/api/auth/users/activation/', { json: { uid: 'zz', token: 'x-y' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ uid: ["Invalid user id or user doesn't exist."] });
  });
});

describe('sessions', () => {
  it('jwt/create returns {access, refresh} and the session cookie; Bearer and cookie both authenticate; destroy revokes', async () => {
    const learner = await activeLearner();
    const login = await call('POST', '/api/auth/jwt/create/', { json: { email: learner.email, password: learner.password } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ access: expect.any(String), refresh: expect.any(String) });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    expect(login.headers.get('set-cookie')).toMatch(/HttpOnly/i);

    const viaBearer = await call('GET', '/api/auth/users/me/', { token: login.body.access });
    expect(viaBearer.status).toBe(200);
    expect(viaBearer.body).toMatchObject({ username: learner.username, email: learner.email, coin: 0, is_staff: false });
    expect((await call('GET', '/api/auth/users/me/', { cookie })).status).toBe(200);

    expect((await call('POST', '/api/auth/jwt/destroy/', { cookie })).status).toBe(204);
    const after = await call('GET', '/api/auth/users/me/', { cookie });
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ detail: 'Authentication credentials were not provided.' });
    // The Bearer token of the other session still works: sessions are revoked one by one.
    expect((await call('GET', '/api/auth/users/me/', { token: learner.token })).status).toBe(200);
  });

  it('jwt/create refuses bad credentials with 401 {detail, code} and missing fields with 400', async () => {
    const bad = await call('POST', '/api/auth/jwt/create/', { json: { email: 'nobody@example.com', password: 'whatever-1' } });
    expect(bad.status).toBe(401);
    expect(bad.body).toEqual({ detail: 'No active account found with the given credentials', code: 'no_active_account' });
    const missing = await call('POST', '/api/auth/jwt/create/', { json: { email: 'x@example.com' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ password: ['This field is required.'] });
  });

  it('refuses a cookie-authenticated state change from another origin, but not a Bearer-only call', async () => {
    const learner = await activeLearner();
    const login = await call('POST', '/api/auth/jwt/create/', { json: { email: learner.email, password: learner.password } });
    const cookie = login.headers.get('set-cookie')!.split(';')[0];
    const forged = await call('POST', '/api/auth/jwt/destroy/', { cookie, origin: 'https://evil.example' });
    expect(forged.status).toBe(403);
    expect(forged.body).toEqual({ detail: 'Cross-origin request refused.' });
    expect((await call('GET', '/api/auth/users/me/', { cookie })).status).toBe(200);
    const bearer = await call('PUT', '/api/auth/users/me/', { token: learner.token, origin: 'https://tool.example', json: { username: learner.username, fullname: 'Renamed', email: learner.email, gender: 'M', country: 'BJ' } });
    expect(bearer.status).toBe(200);
    expect(bearer.body.fullname).toBe('Renamed');
  });
});

describe('profile', () => {
  it('PUT /api/auth/users/me/ with a new e-mail deactivates the account: the next call gets 401 user_inactive', async () => {
    const learner = await activeLearner();
    const form = new FormData();
    for (const [k, v] of Object.entries({ username: learner.username, fullname: learner.fullname, email: `moved-${learner.email}`, gender: 'F', country: 'GH' })) form.set(k, v);
    const put = await call('PUT', '/api/auth/users/me/', { token: learner.token, form });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ email: `moved-${learner.email}`, is_active: false, gender: 'F', country: 'GH' });
    const next = await call('GET', '/api/auth/users/me/', { token: learner.token });
    expect(next.status).toBe(401);
    expect(next.body).toEqual({ detail: 'User account is disabled.', code: 'user_inactive' });
    expect((await call('POST', '/api/auth/users/activation/', { json: await activationFromMail(`moved-${learner.email}`) })).status).toBe(204);
  });

  it('rejects a non-image profile picture with a profile error', async () => {
    const learner = await activeLearner();
    const form = new FormData();
    for (const [k, v] of Object.entries({ username: learner.username, fullname: learner.fullname, email: learner.email, gender: 'M', country: 'BJ' })) form.set(k, v);
    form.set('profile', new File(['MZ not an image'], 'evil.png', { type: 'image/png' }));
    const put = await call('PUT', '/api/auth/users/me/', { token: learner.token, form });
    expect(put.status).toBe(400);
    expect(put.body).toEqual({ profile: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] });
  });
});

describe('password reset', () => {
  it('reset_password answers 204, or 400 for an unknown e-mail', async () => {
    const learner = await activeLearner();
    expect((await call('POST', '/api/auth/users/reset_password/', { json: { email: learner.email } })).status).toBe(204);
    const unknown = await call('POST', '/api/auth/users/reset_password/', { json: { email: 'ghost@example.com' } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ email: ['No users found with this email address.'] });
  });

  it('reset_password_confirm sets the password once', async () => {
    const learner = await activeLearner();
    const before = Date.now();
    await call('POST', '/api/auth/users/reset_password/', { json: { email: learner.email } });
    const link = await resetFromMail(learner.email, before);
    const mismatch = await call('POST', '/api/auth/users/reset_password_confirm/', { json: { ...link, new_password: 'new-password-1', re_new_password: 'other-password-1' } });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body).toEqual({ re_new_password: ["The two password fields didn't match."] });
    const ok = await call('POST', '/api/auth/users/reset_password_confirm/', { json: { ...link, new_password: 'new-password-1', re_new_password: 'new-password-1' } });
    expect(ok.status).toBe(204);
    const reused = await call('POST', '/api/auth/users/reset_password_confirm/', { json: { ...link, new_password: 'new-password-2', re_new_password: 'new-password-2' } });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ token: ['Invalid token for given user.'] });
    expect((await call('POST', '/api/auth/jwt/create/', { json: { email: learner.email, password: 'new-password-1' } })).status).toBe(200);
  });
});

describe('learners', () => {
  it('GET /api/auth/users/ is a paginated list; learners see no e-mails; anonymous gets 401', async () => {
    const learner = await activeLearner();
    const list = await call('GET', `/api/auth/users/?learnerSearchInput=${learner.username}&page=1`, { token: learner.token });
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ count: 1, next: null, previous: null });
    expect(list.body.results[0]).toMatchObject({ id: learner.id, username: learner.username, total_points: 0 });
    const page = await call('GET', '/api/auth/users/?page=1', { token: learner.token });
    const other = page.body.results.find((u: { id: number }) => u.id !== learner.id);
    expect(other).not.toHaveProperty('email');
    expect((await call('GET', '/api/auth/users/')).status).toBe(401);
  });

  it('GET /api/auth/users/{id}/ and 404 for an unknown id', async () => {
    const learner = await activeLearner();
    const one = await call('GET', `/api/auth/users/${learner.id}/`, { token: learner.token });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: learner.id, username: learner.username, email: learner.email });
    const missing = await call('GET', '/api/auth/users/999999/', { token: learner.token });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'No User matches the given query.' });
  });

  it('validate / invalidate: 403 for learners, 200 with the message for staff, bulk in one call', async () => {
    const a = await activeLearner();
    const b = await activeLearner();
    const forbidden = await call('PUT', `/api/auth/users/${b.id}/validate/`, { token: a.token });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: 'You do not have permission to perform this action.' });
    const su = await superuserToken();
    const one = await call('PUT', `/api/auth/users/${a.id}/validate/`, { token: su });
    expect(one).toMatchObject({ status: 200, body: { detail: 'Account validation completed successfully!', changed: 1 } });
    const bulk = await call('PUT', '/api/auth/users/bulk-invalidate/', { token: su, json: { ids: [a.id, b.id] } });
    expect(bulk).toMatchObject({ status: 200, body: { detail: 'Account invalidation completed successfully! 1 account invalidated.', changed: 1 } });
    const empty = await call('PUT', '/api/auth/users/bulk-validate/', { token: su, json: { ids: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ ids: ['Select at least one learner.'] });
  });

  it('upload-users: superuser only; a report per row; 400 {file} without a file', async () => {
    const su = await superuserToken();
    const learner = await activeLearner();
    const name = `xl${Date.now().toString(36)}`;
    const form = new FormData();
    form.set('file', new File([await xlsx([[name, 'Imported One', `${name}@example.com`, 'F', 'SN']])], 'learners.xlsx'));
    expect((await call('POST', '/api/auth/users/upload-users/', { token: learner.token, form })).status).toBe(403);
    const res = await call('POST', '/api/auth/users/upload-users/', { token: su, form });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ detail: 'Learner exportation completed successfully', report: [{ row: 2, username: name, email: `${name}@example.com`, outcome: 'created' }] });
    const missing = await call('POST', '/api/auth/users/upload-users/', { token: su, form: new FormData() });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ file: ['No file was submitted.'] });
  });
});

describe('other calls', () => {
  it('GET /api/countries/ lists ISO codes and names', async () => {
    const res = await call('GET', '/api/countries/');
    expect(res.status).toBe(200);
    expect(res.body.length).toBeGreaterThan(240);
    expect(res.body).toContainEqual({ code: 'BJ', name: 'Benin' });
  });

  it('notification and reward-request counts', async () => {
    const learner = await activeLearner();
    const counts = await call('GET', '/api/notifications/count-new-notification', { token: learner.token });
    expect(counts.status).toBe(200);
    expect(counts.body).toEqual({ general: expect.any(Number), admin: expect.any(Number) });
    expect(counts.body.general).toBeGreaterThanOrEqual(1); // the seeded welcome notification
    expect((await call('GET', '/api/reward-requests/count-unprocessed', { token: learner.token })).status).toBe(403);
    const staff = await call('GET', '/api/reward-requests/count-unprocessed', { token: await superuserToken() });
    expect(staff.body).toEqual({ count: expect.any(Number) });
    expect(staff.body.count).toBeGreaterThanOrEqual(1); // the seed's pending Black Friday request
  });

  it('unknown /api paths are JSON 404; oversized bodies 413; /healthz 200', async () => {
    const res = await call('GET', '/api/nothing-here/');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ detail: 'Not found.' });
    const big = await fetch(`${base()}/api/auth/users/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base() }, body: 'x'.repeat(13 * 1024 * 1024) }).catch(() => null);
    expect(big?.status).toBe(413);
    expect((await fetch(`${base()}/healthz`)).status).toBe(200);
  });
});
