// server.ts answers the hottest API calls (scoreboard JSON, flag check, solve) in a direct lane that
// skips Express and React Router's routing but calls the same route module. A request with a cookie
// takes the ordinary stack, so sending each call both ways shows the two lanes answer alike. The
// lanes are told apart by the direct lane's X-Lane header; both answers leave through one finisher.
import { describe, expect, it } from 'vitest';
import { activeLearner, call, type Call } from '../support/api-client';

const BROWSERLESS = { origin: null } as const;
const STACK = { cookie: 'unrelated=1', origin: null } as const;

function expectSameHeaders(direct: Call, stack: Call) {
  expect(direct.headers.get('x-lane')).toBe('direct');
  expect(stack.headers.get('x-lane')).toBeNull();
  for (const call of [direct, stack]) {
    expect(call.headers.get('x-request-id')).toMatch(/\S/);
    expect(call.headers.get('content-security-policy')).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(call.headers.get('x-content-type-options')).toBe('nosniff');
    expect(call.headers.get('content-type')).toMatch(/^application\/json/);
  }
  expect(direct.headers.get('content-security-policy')!.replace(/'nonce-[^']+'/, '')).toBe(stack.headers.get('content-security-policy')!.replace(/'nonce-[^']+'/, ''));
}

async function practiceChallenge(token: string, name: string) {
  const list = await call('GET', '/api/challenges/practices/?page_size=100', { token });
  return list.body.results.find((c: { name: string }) => c.name === name) as { id: number };
}

function writeup(flag: string) {
  const form = new FormData();
  form.set('value', flag);
  form.set('writeup', new File(['# steps'], 'writeup.md', { type: 'text/markdown' }));
  return form;
}

describe('direct lane', () => {
  it('answers the scoreboard JSON as the stack does, 401 included', async () => {
    const { token } = await activeLearner();
    const direct = await call('GET', '/api/auth/users/top-players/?page=1', { token, ...BROWSERLESS });
    const stack = await call('GET', '/api/auth/users/top-players/?page=1', { token, ...STACK });
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual(stack.body);
    expectSameHeaders(direct, stack);
    const anonymous = await call('GET', '/api/auth/users/top-players/', BROWSERLESS);
    expect(anonymous).toMatchObject({ status: 401, body: (await call('GET', '/api/auth/users/top-players/', STACK)).body });
  });

  it("answers an event's scoreboard JSON as the stack does, 401 and 404 included", async () => {
    const { token } = await activeLearner();
    const events = await call('GET', '/api/events/?type=online&page_size=100');
    const event = events.body.results.find((e: { name: string }) => e.name === 'Cyber Week Online CTF') as { id: number };
    const path = `/api/events/${event.id}/top-players/?page=1`;
    const direct = await call('GET', path, { token, ...BROWSERLESS });
    const stack = await call('GET', path, { token, ...STACK });
    expect(direct.status).toBe(200);
    expect(direct.body).toEqual(stack.body);
    expectSameHeaders(direct, stack);
    expect(await call('GET', path, BROWSERLESS)).toMatchObject({ status: 401, body: (await call('GET', path, STACK)).body });
    const missing = await call('GET', '/api/events/999999/top-players/', { token, ...BROWSERLESS });
    expect(missing).toMatchObject({ status: 404, body: (await call('GET', '/api/events/999999/top-players/', { token, ...STACK })).body });
  });

  it('checks flags as the stack does: wrong, malformed, unknown challenge, right', async () => {
    const { token } = await activeLearner();
    const caesar = await practiceChallenge(token, 'Caesar salad');
    const path = `/api/challenges/${caesar.id}/verify-submitted-flag/`;
    for (const json of [{ flag: 'CTF{nope}' }, { flag: 'no braces' }, {}]) {
      const direct = await call('POST', path, { token, json, ...BROWSERLESS });
      const stack = await call('POST', path, { token, json, ...STACK });
      expect(direct.status).toBe(400);
      expect(direct.body).toEqual(stack.body);
      expectSameHeaders(direct, stack);
    }
    const unknown = [await call('POST', '/api/challenges/999999/verify-submitted-flag/', { token, json: { flag: 'CTF{x}' }, ...BROWSERLESS }), await call('POST', '/api/challenges/999999/verify-submitted-flag/', { token, json: { flag: 'CTF{x}' }, ...STACK })];
    expect(unknown.map((u) => u.status)).toEqual([404, 404]);
    expect(unknown[0].body).toEqual(unknown[1].body);
    const right = await call('POST', path, { token, json: { flag: 'CTF{rot_thirteen}' }, ...BROWSERLESS });
    expect(right).toMatchObject({ status: 200, body: { detail: 'Your flag is correct.' } });
  });

  it('scores a multipart solve once, whichever lane the second try takes', async () => {
    const { token } = await activeLearner();
    const caesar = await practiceChallenge(token, 'Caesar salad');
    const path = `/api/challenges/${caesar.id}/submissions/`;
    const first = await call('POST', path, { token, form: writeup('CTF{rot_thirteen}'), ...BROWSERLESS });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: expect.any(Number), score: expect.any(Number), is_correct: true, is_validated: null });
    const direct = await call('POST', path, { token, form: writeup('CTF{rot_thirteen}'), ...BROWSERLESS });
    const stack = await call('POST', path, { token, form: writeup('CTF{rot_thirteen}'), ...STACK });
    expect(direct.status).toBe(400);
    expect(direct.body).toEqual(stack.body);
    expectSameHeaders(direct, stack);
    const missing = [await call('POST', path, { token, form: new FormData(), ...BROWSERLESS }), await call('POST', path, { token, form: new FormData(), ...STACK })];
    expect(missing[0].status).toBe(400);
    expect(missing[0].body).toEqual(missing[1].body);
  });
});
