// A small client for the contract tests: JSON in and out, same-origin header like the site's pages.
// Every /api answer it receives is checked against the OpenAPI document (./contract-fetch.ts).
import { expect, inject } from 'vitest';
import { linkPath, waitForMail } from './mailbox';
import { SUPERUSER } from './test-server';

export const base = () => inject('apiUrl');
export const mailDir = () => inject('apiMailDir');

export interface Call { status: number; body: any; headers: Headers }

export async function call(method: string, path: string, opts: { json?: unknown; form?: FormData; token?: string; cookie?: string; origin?: string | null } = {}): Promise<Call> {
  const headers: Record<string, string> = {};
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.cookie) headers.Cookie = opts.cookie;
  if (opts.origin !== null) headers.Origin = opts.origin ?? base();
  const res = await fetch(`${base()}${path}`, {
    method,
    headers,
    body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
    redirect: 'manual',
  });
  const text = await res.text();
  let body: unknown = text;
  try { body = text ? JSON.parse(text) : null; } catch {}
  return { status: res.status, body, headers: res.headers };
}

let counter = 0;
export function newLearner() {
  const name = `api${Date.now().toString(36)}${++counter}`;
  return { username: name, fullname: `Api ${name}`, email: `${name}@example.com`, gender: 'M', country: 'BJ', password: 'api-password-1', re_password: 'api-password-1' };
}

/** The uid and token at the end of an e-mailed link's path. */
export const uidToken = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return { uid: parts.at(-2)!, token: parts.at(-1)! };
};

export async function activationFromMail(email: string, after = 0) {
  return uidToken(linkPath(await waitForMail(mailDir(), email, { subject: /Activate/, after })));
}
export async function resetFromMail(email: string, after = 0) {
  return uidToken(linkPath(await waitForMail(mailDir(), email, { subject: /Reset|Activate/, after })));
}

/** Signs up, activates from the e-mail and logs in through the API; returns the token. */
export async function activeLearner() {
  const learner = newLearner();
  const created = await call('POST', '/api/auth/users/', { json: learner });
  if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  await call('POST', '/api/auth/users/activation/', { json: await activationFromMail(learner.email) });
  const login = await call('POST', '/api/auth/jwt/create/', { json: { email: learner.email, password: learner.password } });
  return { ...learner, id: created.body.id as number, token: login.body.access as string };
}

export async function superuserToken(): Promise<string> {
  return (await call('POST', '/api/auth/jwt/create/', { json: { email: SUPERUSER.email, password: SUPERUSER.password } })).body.access;
}

/** Logs in through the API and returns the session cookie it sets (`ctf_session=...`), for page requests. */
export async function sessionCookie(who: { email: string; password: string }): Promise<string> {
  const login = await call('POST', '/api/auth/jwt/create/', { json: { email: who.email, password: who.password } });
  if (login.status !== 200) throw new Error(`login of ${who.email} failed: ${login.status} ${JSON.stringify(login.body)}`);
  return login.headers.getSetCookie().find((c) => c.startsWith('ctf_session='))!.split(';')[0];
}

/**
 * A learner's two steps (SPEC §4): the flag checked (which must pass), then submitted with a writeup
 * (none with `writeup: false`). The submission's answer is returned as it came.
 */
export async function submitSolve(token: string, challengeId: number, flag: string, { writeup = true } = {}): Promise<Call> {
  const verified = await call('POST', `/api/challenges/${challengeId}/verify-submitted-flag/`, { token, json: { flag } });
  expect(verified.status, JSON.stringify(verified.body)).toBe(200);
  const form = new FormData();
  form.set('value', flag);
  if (writeup) form.set('writeup', new File(['# How I solved it'], 'writeup.md', { type: 'text/markdown' }));
  return call('POST', `/api/challenges/${challengeId}/submissions/`, { token, form });
}

/** The same, expecting the submission to be taken (201); returns it. */
export async function solve(token: string, challengeId: number, flag: string): Promise<{ id: number; score: number }> {
  const submitted = await submitSolve(token, challengeId, flag);
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(201);
  return submitted.body;
}
