// Challenges set up through the API for the reading and dialog journeys (the authoring UI has its own).
import { expect, type APIRequestContext } from '@playwright/test';
import { SUPERUSER, uniqueName } from './helpers';

// The request fixture keeps the cookie jwt/create sets, so every call says it comes from the site.
const ORIGIN = `http://localhost:${Number(process.env.E2E_PORT ?? 3199)}`;

export async function tokenOf(request: APIRequestContext, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/jwt/create/', { data: { email, password }, headers: { Origin: ORIGIN } });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).access;
}

export const superuserToken = (request: APIRequestContext) => tokenOf(request, SUPERUSER.email, SUPERUSER.password);

/** A category of its own, so the board filtered by it shows the test's cards on its first page. */
export async function makeCategory(request: APIRequestContext, token: string): Promise<number> {
  const res = await request.post('/api/categories/', { headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN }, data: { name: uniqueName('Reading cat ') } });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

/** A practice challenge created by the superuser (in category 1, which the seed always holds, unless `category` is given). */
export async function makeChallenge(request: APIRequestContext, token: string, over: Record<string, string> = {}, flag = { value: 'CTF{read_me}', collation: 'plain_text' }) {
  const name = over.name ?? uniqueName('Reading ');
  const res = await request.post('/api/challenges/', {
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
    multipart: { name, category: '1', type: 'standard', description: 'Find it.', level: 'easy', is_active: 'true', initial_value: '100', flag: JSON.stringify(flag), ...over },
  });
  expect(res.status(), await res.text()).toBe(201);
  return { ...(await res.json()), name } as { id: number; name: string; flag_id: number };
}

export async function addHint(request: APIRequestContext, token: string, challengeId: number, description: string, score: number) {
  const res = await request.post(`/api/challenges/${challengeId}/hints/`, { headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN }, data: { description, score } });
  expect(res.status()).toBe(201);
}

/** The learner's solve, through the API: check, then submit with a writeup. Returns the submission's id. */
export async function solve(request: APIRequestContext, token: string, challengeId: number, flag: string): Promise<number> {
  const res = await request.post(`/api/challenges/${challengeId}/submissions/`, {
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
    multipart: { value: flag, writeup: { name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('How.') } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}
