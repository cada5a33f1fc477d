// Contract of the notification calls (SPEC §7 "Notifications", issue 10 §5): lists, counts, staff
// writing, the live stream, and reading that leaves other viewers' cached pages alone.
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, superuserToken, sessionCookie } from '../support/api-client';
import { openStream } from '../support/live-stream';


const counts = async (token: string) => (await call('GET', '/api/notifications/count-new-notification', { token })).body as { general: number; admin: number };

describe('POST /api/notifications/', () => {
  it('staff send one: 201 with the notification and the message; bad input 400 per field; learners 403; anonymous 401', async () => {
    const staff = await superuserToken();
    const learner = await activeLearner();
    expect((await call('POST', '/api/notifications/', { json: { title: 't', description: 'd' } })).status).toBe(401);
    expect((await call('POST', '/api/notifications/', { token: learner.token, json: { title: 't', description: 'd' } })).status).toBe(403);

    const empty = await call('POST', '/api/notifications/', { token: staff, json: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ title: ['This field is required.'], description: ['This field is required.'] });
    const scriptOnly = await call('POST', '/api/notifications/', { token: staff, json: { title: 'x', description: '<script>alert(1)</script>' } });
    expect(scriptOnly.status).toBe(400);
    expect(scriptOnly.body).toEqual({ description: ['This field is required.'] });
    const unknown = await call('POST', '/api/notifications/', { token: staff, json: { title: 'x', description: 'y', event: 999999 } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ event: ['Invalid pk "999999" - object does not exist.'] });
    const badType = await call('POST', '/api/notifications/', { token: staff, json: { title: 'x', description: 'y', event: 'abc' } });
    expect(badType.body).toEqual({ event: ['A valid integer is required.'] });

    const sent = await call('POST', '/api/notifications/', { token: staff, json: { title: 'Contract notice', description: '**Bold** move', event: null } });
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ title: 'Contract notice', description: expect.stringMatching(/^<p><strong>Bold<\/strong> move<\/p>\s*$/), event: null, type: 'admin', detail: 'Notification sent successfully!' });
    expect(new Date(sent.body.created_at).toString()).not.toBe('Invalid Date');
    expect((await call('GET', '/api/notifications/admin/', { token: learner.token })).body.results.map((n: { title: string }) => n.title)).toContain('Contract notice');
  });
});

describe('GET /api/notifications/[general|admin]/ and the counts', () => {
  it('pages of 10 in the list shape, newest first; reading through the API marks nothing; unknown list 404; anonymous 401', async () => {
    const staff = await superuserToken();
    const learner = await activeLearner();
    for (let i = 0; i < 11; i++) expect((await call('POST', '/api/notifications/', { token: staff, json: { title: `Paged ${i}`, description: 'x' } })).status).toBe(201);
    const before = await counts(learner.token);
    expect(before.admin).toBeGreaterThanOrEqual(11);

    const first = await call('GET', '/api/notifications/admin/', { token: learner.token });
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(['count', 'next', 'previous', 'results']);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/\/api\/notifications\/admin\/\?page=2$/);
    const mine = first.body.results.filter((n: { title: string }) => n.title.startsWith('Paged '));
    expect(mine[0]).toMatchObject({ title: 'Paged 10', is_new: true, type: 'admin', event: null });
    const times = first.body.results.map((n: { created_at: string }) => Date.parse(n.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect((await call('GET', '/api/notifications/admin/?page=2', { token: learner.token })).body.previous).toMatch(/page=1$/);

    const all = await call('GET', '/api/notifications/', { token: learner.token });
    expect(all.body.count).toBe(first.body.count + (await call('GET', '/api/notifications/general/', { token: learner.token })).body.count);
    expect(await counts(learner.token)).toEqual(before);

    expect((await call('GET', '/api/notifications/other/', { token: learner.token })).status).toBe(404);
    expect((await call('GET', '/api/notifications/')).status).toBe(401);
    expect((await call('GET', '/api/notifications/count-new-notification')).status).toBe(401);
    expect((await call('POST', '/api/notifications/general/', { token: staff, json: {} })).status).toBe(405);
  });

  it('opening the Admin list page marks what it showed as read: the count drops by it, and the page says "New" once', async () => {
    const staff = await superuserToken();
    const learner = await activeLearner();
    expect((await call('POST', '/api/notifications/', { token: staff, json: { title: 'Read me', description: 'x' } })).status).toBe(201);
    const cookie = await sessionCookie(learner);
    const before = await counts(learner.token);
    expect(before.admin).toBeGreaterThanOrEqual(1);
    const page = await fetch(`${base()}/notifications/admin`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get('x-page-cache')).toBeNull();
    const html = await page.text();
    expect(html).toContain('Read me');
    expect(html).toMatch(/>New</);
    expect((await counts(learner.token)).admin).toBe(Math.max(0, before.admin - 10));
    const again = await (await fetch(`${base()}/notifications/admin`, { headers: { Cookie: cookie } })).text();
    expect(again).toContain('Read me');
    expect(again).not.toMatch(/>New</);
    const anonymous = await fetch(`${base()}/notifications`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toMatch(/^\/login/);
  });
});

describe('a platform notice in the reader\'s language', () => {
  /** The demo seed's running online event, found through its warm-up challenge. */
  async function onlineEvent(token: string): Promise<number> {
    for (let id = 1; id < 200; id++) {
      const res = await call('GET', `/api/challenges/${id}/`, { token });
      if (res.status === 200 && String(res.body.name).startsWith('Cyber Week Online CTF')) return res.body.event;
    }
    throw new Error('no online event in the seed');
  }
  /** The language switch's cookie (`ctf_lng`), as the switch sets it. */
  async function languageCookie(language: 'en' | 'fr'): Promise<string> {
    const res = await fetch(`${base()}/language/${language}?back=%2F`, { redirect: 'manual' });
    return res.headers.getSetCookie().find((c) => c.startsWith('ctf_lng='))!.split(';')[0];
  }

  it('the general list writes "New team member" in French on a French page, in English on an English one; the API keeps the English', async () => {
    const [owner, newcomer] = await Promise.all([activeLearner(), activeLearner()]);
    const eventId = await onlineEvent(await superuserToken());
    const name = `Blue <&> ${Date.now().toString(36)}`;
    const team = await call('POST', `/api/events/${eventId}/teams/`, { token: owner.token, json: { name, password: 'team-password-1', re_password: 'team-password-1' } });
    expect(team.status).toBe(201);
    expect((await call('POST', '/api/teams/join/', { token: newcomer.token, json: { code_invitation: team.body.code_invitation } })).status).toBe(200);

    const api = await call('GET', '/api/notifications/general/', { token: owner.token });
    const escapedName = name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(api.body.results[0]).toMatchObject({ title: 'New team member', description: `<p>${newcomer.username} joined your team ${escapedName}.</p>` });

    const session = await sessionCookie(owner);
    const page = async (language: 'en' | 'fr') =>
      (await fetch(`${base()}/notifications/general`, { headers: { Cookie: `${session}; ${await languageCookie(language)}`, Accept: 'text/html' } })).text();
    const french = await page('fr');
    expect(french).toContain('Nouveau membre d&#x27;équipe');
    expect(french).toContain(`${newcomer.username} a rejoint votre équipe ${escapedName}.`);
    expect(french).not.toContain('New team member');
    const english = await page('en');
    expect(english).toContain('New team member');
    expect(english).toContain(`${newcomer.username} joined your team ${escapedName}.`);
  });
});

describe('GET /api/notifications/count-new-notification', () => {
  it('answers alike in the direct lane (Bearer, no cookie) and through the stack, 401 included', async () => {
    const { token } = await activeLearner();
    const path = '/api/notifications/count-new-notification';
    const direct = await call('GET', path, { token, origin: null });
    const stack = await call('GET', path, { token, cookie: 'unrelated=1', origin: null });
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual({ general: expect.any(Number), admin: expect.any(Number) });
    expect(direct.body).toEqual(stack.body);
    // The direct lane says so: both lanes were taken.
    expect(direct.headers.get('x-lane')).toBe('direct');
    expect(stack.headers.get('x-lane')).toBeNull();
    expect(direct.headers.get('content-security-policy')).toMatch(/nonce-/);
    const anonymous = await call('GET', `${path}/`, { origin: null });
    expect(anonymous).toMatchObject({ status: 401, body: (await call('GET', `${path}/`, { cookie: 'unrelated=1', origin: null })).body });
  });
});

describe('GET /api/notifications/stream', () => {
  it('refuses anonymous callers; sends the counts at once, then again when they change', async () => {
    expect((await fetch(`${base()}/api/notifications/stream`)).status).toBe(401);
    const staff = await superuserToken();
    const learner = await activeLearner();
    const stream = await openStream(base(), learner.token);
    try {
      expect(stream.res.status).toBe(200);
      expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.res.headers.get('content-encoding')).toBeNull();
      const first = await stream.next();
      expect(first).toMatch(/^retry: \d+\n/);
      expect(stream.data(first)).toEqual(await counts(learner.token));
      const sent = await call('POST', '/api/notifications/', { token: staff, json: { title: 'Live one', description: 'x' } });
      expect(sent.status).toBe(201);
      // Other files write too: wait for the frame that counts this one.
      let latest = stream.data(first);
      while (latest.admin <= stream.data(first).admin) latest = stream.data(await stream.next(5_000));
      expect(latest.admin).toBeGreaterThan(stream.data(first).admin);
    } finally {
      stream.close();
    }
  });
});

describe('page cache', () => {
  it("reading notifications keeps another viewer's cached page", async () => {
    const staff = await superuserToken();
    const [reader, viewer] = await Promise.all([activeLearner(), activeLearner()]);
    const [readerCookie, viewerCookie] = await Promise.all([sessionCookie(reader), sessionCookie(viewer)]);
    const get = async (path: string, cookie: string) => {
      const res = await fetch(`${base()}${path}`, { headers: { Cookie: cookie, Accept: 'text/html' } });
      await res.text();
      return res.headers.get('x-page-cache') === 'hit';
    };
    // Other files write to the same server meanwhile, and any write of theirs ends every entry: try
    // until one round is quiet. Were reads a page-cache table, no round could ever pass.
    let kept = false;
    for (let round = 0; round < 20 && !kept; round++) {
      expect((await call('POST', '/api/notifications/', { token: staff, json: { title: `Unread ${round}`, description: 'x' } })).status).toBe(201);
      await get('/practices/scoreboard', viewerCookie);
      if (!(await get('/practices/scoreboard', viewerCookie))) continue;
      const before = (await counts(reader.token)).admin;
      expect(await get('/notifications/admin', readerCookie)).toBe(false);
      expect((await counts(reader.token)).admin).toBeLessThan(before);
      kept = await get('/practices/scoreboard', viewerCookie);
    }
    expect(kept).toBe(true);
  });
});
