// Every /api route of app/routes.ts gets malformed input and must answer it (4xx), never 5xx:
// ids in the path that are words, negative, 1e308 or past 2^53; query values of the same kind; bodies
// that are bad JSON, JSON of the wrong shape, objects whose every field has a wrong type (numbers,
// huge numbers, arrays, objects, null, booleans), multipart bodies with missing or wrong parts, and
// none at all; as an anonymous visitor, a learner and the superuser (Bearer tokens, so the
// same-origin rule does not stand in the way). Routes added to app/routes.ts are fuzzed without a
// change here. The records the valid ids point at are this file's own (other test files share the
// server), and the calls that destroy (DELETE, jwt/destroy) go last.
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { RETURN_PARAM } from '../../app/lib/return-to';
import routeTree from '../../app/routes';
import { activeLearner, base, call, newLearner, superuserToken } from '../support/api-client';
import { eventForm } from '../support/event-factories';
import { SUPERUSER } from '../support/test-server';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Role = 'anonymous' | 'learner' | 'superuser';

/** Every /api path of the route tree, with its :params (the catch-all `api/*` gets two samples). */
const API_PATHS = [...readFileSync('app/routes.ts', 'utf8').matchAll(/route\(\s*'(api\/[^']*)'/g)]
  .map((m) => m[1])
  .flatMap((path) => (path.endsWith('*') ? ['api/no-such-thing', 'api/no/such/thing/at/all'] : [path]));

/** Values for a record id in the path that name no record. */
const BAD_IDS = ['abc', '-1', '1e308', '99999999999999999999', '999999999'];
/** Values for query parameters. */
const BAD_QUERY = ['1e308', '99999999999999999999', '-1', 'abc', '', '0x10', '%00', 'true'];
const QUERY_KEYS = ['page', 'page_size', 'category_id', 'event_id', 'training_week', 'is_validated', 'is_processed', 'search', 'learnerSearchInput', 'with_practice_challenges', 'next', 'type'];
/** Field names the API reads anywhere; each wrong-type body sets all of them. */
const FIELDS = [
  'username', 'fullname', 'email', 'gender', 'country', 'password', 're_password', 'uid', 'token', 'new_password', 're_new_password',
  'current_password', 'ids', 'name', 'category', 'type', 'description', 'level', 'initial_value', 'minimal_value', 'decay_value',
  'is_active', 'training_week', 'next', 'event', 'flag', 'value', 'collation', 'score', 'comment', 'title', 'coin', 'code_invitation',
  'register_link', 'pictures_link', 'place', 'start_date', 'end_date', 'writeup', 'files', 'file', 'profile', 'image',
];
/** JSON texts of wrong types, written raw so that 1e999 (Infinity) and 2^66 reach the server as such. */
const WRONG_TYPES = ['123', '-1', '1.5', '99999999999999999999', '1e999', 'true', 'null', '[]', '["x"]', '[1e308]', '{}', '{"a":{"b":[1]}}', '""'];

interface Body { name: string; type?: string; body?: string | FormData }
const fieldsOf = (raw: string) => `{${FIELDS.map((f) => `"${f}":${raw}`).join(',')}}`;
function multipart(fill: (form: FormData, field: string) => void): FormData {
  const form = new FormData();
  for (const field of FIELDS) fill(form, field);
  return form;
}
const BODIES: Body[] = [
  { name: 'none' },
  { name: 'empty JSON', type: 'application/json', body: '' },
  { name: 'bad JSON', type: 'application/json', body: '{"name": ' },
  { name: 'JSON array', type: 'application/json', body: '[{"name":"x"},2]' },
  { name: 'JSON null', type: 'application/json', body: 'null' },
  { name: 'JSON string', type: 'application/json', body: '"text"' },
  { name: 'JSON huge number', type: 'application/json', body: '1e999' },
  ...WRONG_TYPES.map((raw) => ({ name: `every field ${raw}`, type: 'application/json', body: fieldsOf(raw) })),
  { name: 'multipart with no parts', body: new FormData() },
  { name: 'multipart with files for every field', body: multipart((form, field) => form.append(field, new File(['x'], 'x.txt'))) },
  { name: 'multipart with fields twice', body: multipart((form, field) => (form.append(field, '1e308'), form.append(field, '-1'))) },
  { name: 'multipart garbage', type: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nContent-Disposition: form-data\r\n\r\nno end' },
  { name: 'multipart without boundary', type: 'multipart/form-data', body: 'x' },
  { name: 'urlencoded garbage', type: 'application/x-www-form-urlencoded', body: '%%%&&==a=%ZZ&ids=1e308&ids=abc' },
];
/** For routes that refuse a caller without a body: the few bodies that might be read before that. */
const FEW_BODIES = BODIES.filter((b) => ['bad JSON', 'JSON array', 'multipart garbage', 'every field []'].includes(b.name));

const tokens: Record<Role, string | undefined> = { anonymous: undefined, learner: undefined, superuser: undefined };
/** Valid ids of this file's own records, by what a route's :param names. */
const own = { user: 0, challenge: 0, category: 0, submission: 0, flag: 0, hint: 0, file: 0 };

/** The id that a route's parameter takes when it should name a real record of ours. */
function validId(path: string, param: string): string {
  const of: Record<string, number> = { flagId: own.flag, hintId: own.hint, fileId: own.file };
  if (of[param]) return String(of[param]);
  if (param === 'id') {
    if (path.startsWith('api/auth/users')) return String(own.user);
    if (path.startsWith('api/challenges')) return String(own.challenge);
    if (path.startsWith('api/categories')) return String(own.category);
    if (path.startsWith('api/submissions')) return String(own.submission);
  }
  return '999999999'; // a kind of record this file does not create: a well-formed id of none
}

function fill(path: string, override?: [string, string]): string {
  return `/${path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(override?.[0] === param ? override[1] : validId(path, param)))}/`;
}

interface Failure { role: Role; method: Method; url: string; body: string; status: number; answer: string }
const failures: Failure[] = [];
let sent = 0;

async function send(role: Role, method: Method, url: string, body: Body = { name: 'none' }): Promise<number> {
  const headers: Record<string, string> = {};
  const token = tokens[role];
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body.type) headers['Content-Type'] = body.type;
  sent++;
  const res = await fetch(`${base()}${url}`, { method, headers, body: method === 'GET' ? undefined : body.body, redirect: 'manual' });
  // A live stream (the notification badge's) never ends: its status is the answer.
  if (res.headers.get('content-type')?.startsWith('text/event-stream')) {
    await res.body?.cancel();
    return res.status;
  }
  const text = await res.text();
  if (res.status >= 500) failures.push({ role, method, url, body: body.name, status: res.status, answer: text.slice(0, 200) });
  return res.status;
}

/** Runs the calls `width` at a time. */
async function all(calls: (() => Promise<unknown>)[], width = 12) {
  for (let i = 0; i < calls.length; i += width) await Promise.all(calls.slice(i, i + width).map((c) => c()));
}

beforeAll(async () => {
  const learner = await activeLearner();
  tokens.learner = learner.token;
  own.user = learner.id;
  const root = await superuserToken();
  tokens.superuser = root;

  const category = await call('POST', '/api/categories/', { token: root, json: { name: `Fuzz ${Date.now().toString(36)}` } });
  expect(category.status).toBe(201);
  own.category = category.body.id;
  const form = new FormData();
  for (const [k, v] of Object.entries({ name: `Fuzz ${Date.now().toString(36)}`, category: String(own.category), description: 'Fuzzed.', initial_value: '100', flag: JSON.stringify({ value: 'CTF{fuzz}', collation: 'plain_text' }) })) form.set(k, v);
  form.append('files[]', new File(['data'], 'data.txt'));
  const challenge = await call('POST', '/api/challenges/', { token: root, form });
  expect(challenge.status).toBe(201);
  own.challenge = challenge.body.id;
  own.flag = challenge.body.flag_id;
  own.file = challenge.body.files[0].id;
  const hint = await call('POST', `/api/challenges/${own.challenge}/hints/`, { token: root, json: { description: 'Look closer.', score: 10 } });
  expect(hint.status).toBe(201);
  own.hint = hint.body.id;

  expect((await call('POST', `/api/challenges/${own.challenge}/verify-submitted-flag/`, { token: learner.token, json: { flag: 'CTF{fuzz}' } })).status).toBe(200);
  const solve = new FormData();
  solve.set('value', 'CTF{fuzz}');
  solve.set('writeup', new File(['steps'], 'writeup.md'));
  const submission = await call('POST', `/api/challenges/${own.challenge}/submissions/`, { token: learner.token, form: solve });
  expect(submission.status).toBe(201);
  own.submission = submission.body.id;
});

describe('wrong JSON types', () => {
  it('get a message that says what is wrong, not that the field is missing', async () => {
    const signUp = await call('POST', '/api/auth/users/', { json: { ...newLearner(), username: 123, fullname: ['Ada'], gender: 7 } });
    expect(signUp.status).toBe(400);
    expect(signUp.body).toEqual({ username: ['Not a valid string.'], fullname: ['Not a valid string.'], gender: ['Select a valid choice.'] });

    const login = await call('POST', '/api/auth/jwt/create/', { json: { email: { address: 'a@b.c' }, password: 12345678 } });
    expect(login.status).toBe(400);
    expect(login.body).toEqual({ email: ['Not a valid string.'], password: ['Not a valid string.'] });

    const root = await superuserToken();
    const category = await call('POST', '/api/categories/', { token: root, json: { name: 42 } });
    expect(category.body).toEqual({ name: ['Not a valid string.'] });
    const hint = await call('POST', `/api/challenges/${own.challenge}/hints/`, { token: root, json: { description: 'x', score: 'ten' } });
    expect(hint.status).toBe(400);
    expect(hint.body).toEqual({ score: ['A valid integer is required.'] });

    const missing = await call('POST', '/api/categories/', { token: root, json: { name: null } });
    expect(missing.body).toEqual({ name: ['This field is required.'] });
  });
});

describe('malformed input to every /api route', () => {
  it('is answered, never with a 5xx', { timeout: 300_000 }, async () => {
    expect(API_PATHS.length).toBeGreaterThan(30);
    const roles: Role[] = ['anonymous', 'learner', 'superuser'];
    const paths = API_PATHS.filter((p) => p !== 'api/auth/jwt/destroy');

    // 1. Each valid URL, each method, no body; then, where the route took the call, every body.
    const probes: { role: Role; method: Method; path: string; status: number }[] = [];
    await all(roles.flatMap((role) => paths.flatMap((path) => METHODS.filter((m) => m !== 'DELETE').map((method) => async () => {
      probes.push({ role, method, path, status: await send(role, method, fill(path)) });
    }))));
    const bodyCalls = probes
      .filter((p) => p.method !== 'GET' && p.status !== 405)
      .flatMap((p) => ([401, 403].includes(p.status) ? FEW_BODIES : BODIES).map((body) => () => send(p.role, p.method, fill(p.path), body)));
    await all(bodyCalls);

    // 2. Query strings of odd values on every GET a role may make.
    const gets = probes.filter((p) => p.method === 'GET' && p.status !== 405 && p.role !== 'anonymous');
    await all(gets.flatMap((p) => BAD_QUERY.map((value) => () => send(p.role, 'GET', `${fill(p.path)}?${QUERY_KEYS.map((k) => `${k}=${encodeURIComponent(value)}`).join('&')}&page=2&page=${value}`))));

    // 3. Ids in the path that name no record, every method but DELETE.
    const withParams = paths.filter((p) => p.includes(':'));
    const badIdUrls = withParams.flatMap((path) => [...path.matchAll(/:(\w+)/g)].flatMap((m) => BAD_IDS.map((bad) => fill(path, [m[1], bad]))));
    const jsonBody: Body = { name: 'empty object', type: 'application/json', body: '{}' };
    await all((['anonymous', 'superuser'] as Role[]).flatMap((role) => badIdUrls.flatMap((url) => METHODS.filter((m) => m !== 'DELETE').map((method) => () => send(role, method, url, method === 'GET' ? undefined : jsonBody)))));

    // 4. Last, what destroys: DELETE on bad ids, then on every valid URL (this file's own records; the
    // superuser last, as it may delete them), then jwt/destroy, which ends the sessions.
    await all(roles.flatMap((role) => badIdUrls.map((url) => () => send(role, 'DELETE', url))));
    for (const role of roles) await all(paths.map((path) => () => send(role, 'DELETE', fill(path))));
    for (const role of roles) await all(BODIES.map((body) => () => send(role, 'POST', '/api/auth/jwt/destroy/', body)));

    expect(sent).toBeGreaterThan(1000);
    expect(failures).toEqual([]);
  });
});

// ---- Page actions ----
// Every page path of app/routes.ts (its nested routes resolved by importing the route tree itself),
// POSTed as a browser would, with a same-origin Origin and, for the learner and the superuser, the
// session cookie: no body, an empty form, JSON, plain text, broken multipart, multipart without a
// boundary and a form of 20,000 repeated fields, each URL with non-ASCII in its query. Every answer
// must be below 500, and every redirect's Location visible ASCII. /logout goes last: it ends the
// sessions.

/** Every path of a page or non-API resource route, its params as written (`*` sampled once). */
function pagePaths(): string[] {
  type Entry = { path?: string; index?: boolean; children?: Entry[] };
  const walk = (entries: Entry[], parent: string): string[] =>
    entries.flatMap((e) => {
      const path = e.index || !e.path ? parent : parent ? `${parent}/${e.path}` : e.path;
      return e.children ? walk(e.children, path) : [path];
    });
  return walk(routeTree as Entry[], '')
    .filter((p) => !p.startsWith('api/'))
    .map((p) => (p === '*' ? 'no/such/page' : p));
}

const pageOwn = { event: 0, user: 0, challenge: 0 };
const pageCookies: Record<Role, string | undefined> = { anonymous: undefined, learner: undefined, superuser: undefined };

function pageUrl(path: string): string {
  const value = (param: string): string => {
    if (param === 'eventId') return String(pageOwn.event);
    if (param === 'userId') return String(pageOwn.user);
    if (param === 'teamId') return '999999999'; // a well-formed id of no team
    if (param === 'type') return 'online';
    if (param === 'trainingWeek') return '1';
    if (param === 'uid') return 'MQ';
    if (param === 'token') return 'not-a-token';
    if (param === 'code') return 'NOSUCHCODE';
    if (path.startsWith('events/') || path.startsWith('media/events')) return String(pageOwn.event);
    if (path.includes('challenges/')) return String(pageOwn.challenge);
    return String(pageOwn.user); // practices/users/:id, media/profiles/:id, players/:id/coins
  };
  // Non-ASCII in the query: every redirect built from the URL (back to the list, to /login) carries it.
  return `/${path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(value(param)))}?q=${encodeURIComponent('Ωmega é')}&${RETURN_PARAM}=${encodeURIComponent('/Ωmega')}`;
}
/** What a Location header may hold: visible ASCII (a Latin-1 byte there is read as broken UTF-8). */
const LOCATION = /^[\x21-\x7e]+$/;

const REPEATED_FIELDS = 20_000;
const PAGE_BODIES: Body[] = [
  { name: 'none' },
  { name: 'empty urlencoded', type: 'application/x-www-form-urlencoded', body: '' },
  { name: 'JSON', type: 'application/json', body: '{"a":1,"b":[1,2,3]}' },
  { name: 'text/plain', type: 'text/plain', body: 'a=1\r\nb=2' },
  { name: 'broken multipart', type: 'multipart/form-data; boundary=zzz', body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end' },
  { name: 'multipart without boundary', type: 'multipart/form-data', body: '--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nx\r\n--zzz--\r\n' },
  { name: `${REPEATED_FIELDS} repeated fields`, type: 'application/x-www-form-urlencoded', body: 'a=&'.repeat(REPEATED_FIELDS) },
];

async function postPage(role: Role, url: string, body: Body): Promise<number> {
  const headers: Record<string, string> = { Origin: base(), Accept: 'text/html' };
  if (pageCookies[role]) headers.Cookie = pageCookies[role]!;
  if (body.type) headers['Content-Type'] = body.type;
  sent++;
  const res = await fetch(`${base()}${url}`, { method: 'POST', headers, body: body.body, redirect: 'manual' });
  const text = await res.text();
  const location = res.headers.get('location');
  if (res.status >= 500 || (location !== null && !LOCATION.test(location))) failures.push({ role, method: 'POST', url, body: body.name, status: res.status, answer: location ?? text.slice(0, 200) });
  return res.status;
}

async function cookieOf(email: string, password: string): Promise<string> {
  const login = await call('POST', '/api/auth/jwt/create/', { json: { email, password } });
  expect(login.status).toBe(200);
  return login.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
}

describe('malformed bodies to every page action', () => {
  beforeAll(async () => {
    const root = await superuserToken();
    const learner = await activeLearner();
    pageOwn.user = learner.id;
    pageCookies.learner = await cookieOf(learner.email, learner.password);
    pageCookies.superuser = await cookieOf(SUPERUSER.email, SUPERUSER.password);
    const event = await call('POST', '/api/events/', { token: root, form: eventForm() });
    expect(event.status).toBe(201);
    pageOwn.event = event.body.id;
    // The API part above may have deleted its own category: this part makes its own.
    const category = await call('POST', '/api/categories/', { token: root, json: { name: `Page fuzz ${Date.now().toString(36)}` } });
    expect(category.status).toBe(201);
    const form = new FormData();
    for (const [k, v] of Object.entries({ name: `Page fuzz ${Date.now().toString(36)}`, category: String(category.body.id), description: 'Fuzzed.', initial_value: '100', flag: JSON.stringify({ value: 'CTF{page}', collation: 'plain_text' }) })) form.set(k, v);
    const challenge = await call('POST', '/api/challenges/', { token: root, form });
    expect(challenge.status).toBe(201);
    pageOwn.challenge = challenge.body.id;
  });

  it('are answered below 500, whoever sends them', { timeout: 120_000 }, async () => {
    failures.length = 0;
    const before = sent;
    const paths = pagePaths();
    expect(paths.length).toBeGreaterThan(40);
    const roles: Role[] = ['anonymous', 'learner', 'superuser'];
    const calls = (which: string[]) => roles.flatMap((role) => which.flatMap((path) => PAGE_BODIES.map((body) => () => postPage(role, pageUrl(path), body))));
    await all(calls(paths.filter((p) => p !== 'logout')), 6);
    await all(calls(['logout']), 6);
    expect(sent - before).toBe(paths.length * roles.length * PAGE_BODIES.length);
    expect(failures).toEqual([]);
  });
});

describe('non-ASCII in a redirect parameter', () => {
  const target = '/practices/users?q=Ωmega';
  /** A Location a client can follow: visible ASCII only, and the page asked for once decoded. */
  const expectLocation = (location: string | null, decoded: string) => {
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(decodeURI(location!)).toBe(decoded);
  };

  it('is percent-encoded into the Location, from the login page (GET) and its form (POST)', async () => {
    const learner = await activeLearner();
    const cookie = await cookieOf(learner.email, learner.password);
    const loginUrl = `/login?redirectTo=${encodeURIComponent(target)}`;

    const anonymous = await fetch(`${base()}${loginUrl}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(200);

    const signedIn = await fetch(`${base()}${loginUrl}`, { headers: { Cookie: cookie }, redirect: 'manual' });
    expect(signedIn.status).toBe(302);
    expectLocation(signedIn.headers.get('location'), target);

    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data'] as const) {
      const fields = { email: learner.email, password: learner.password, redirectTo: target };
      const body = type === 'multipart/form-data' ? Object.entries(fields).reduce((f, [k, v]) => (f.append(k, v), f), new FormData()) : new URLSearchParams(fields);
      const posted = await fetch(`${base()}/login`, { method: 'POST', headers: { Origin: base() }, body, redirect: 'manual' });
      expect(posted.status, type).toBe(302);
      expectLocation(posted.headers.get('location'), target);
    }
  });

  it('keeps the page asked for when login is required, and refuses what cannot be a path', async () => {
    const anonymous = await fetch(`${base()}/practices/users?q=Ωmega`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    const location = anonymous.headers.get('location')!;
    expect(location).toMatch(/^[\x21-\x7e]+$/);
    expect(new URL(location, base()).searchParams.get('redirectTo')).toBe('/practices/users?q=%CE%A9mega');

    // Escapes already there stay as they are; a '%' that starts none is encoded itself.
    const learner = await activeLearner();
    const cookie = await cookieOf(learner.email, learner.password);
    for (const [asked, expected] of [['/x?q=%D8%00', '/x?q=%D8%00'], ['/ü?q=100%', '/%C3%BC?q=100%25'], ['/Ωmega#ß', '/%CE%A9mega#%C3%9F']]) {
      const res = await fetch(`${base()}/login?redirectTo=${encodeURIComponent(asked)}`, { headers: { Cookie: cookie }, redirect: 'manual' });
      expect(res.status, asked).toBe(302);
      expect(res.headers.get('location'), asked).toBe(expected);
    }
  });
});
