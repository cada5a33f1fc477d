// Fixtures for the issue-8 usability specs (navigation, bulk tables, downloads, audits), made through
// the API as staff and learners would make them.
import { expect, type APIRequestContext } from '@playwright/test';
import { activeLearner, SUPERUSER } from './helpers';

export async function apiToken(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/jwt/create/', { data: { email, password }, headers: { Origin: baseURL } });
  expect(res.status()).toBe(200);
  return (await res.json()).access;
}

export const bearer = (token: string, baseURL: string) => ({ Authorization: `Bearer ${token}`, Origin: baseURL });

/**
 * A practice challenge named after `tag` with one attached file, and a learner's correct pending
 * submission for it (with a writeup): something to review, download and count.
 */
export async function pendingSubmission(request: APIRequestContext, baseURL: string, tag: string) {
  const root = bearer(await apiToken(request, baseURL, SUPERUSER.email, SUPERUSER.password), baseURL);
  const category = await request.post('/api/categories/', { headers: root, data: { name: `Cat ${tag}` } });
  expect(category.status()).toBe(201);
  const flag = `CTF{${tag}}`;
  const created = await request.post('/api/challenges/', {
    headers: root,
    data: { name: `Challenge ${tag}`, category: (await category.json()).id, description: 'Find the **flag**.', initial_value: 100, flag: { value: flag, collation: 'plain_text' } },
  });
  expect(created.status()).toBe(201);
  const challenge = (await created.json()) as { id: number; name: string };
  const upload = await request.post(`/api/challenges/${challenge.id}/files/`, {
    headers: root,
    multipart: { files: { name: `notes-${tag}.txt`, mimeType: 'text/plain', buffer: Buffer.from(`Notes for ${tag}\n`) } },
  });
  expect(upload.status()).toBe(201);
  const [file] = (await upload.json()) as { id: number; name: string }[];
  const learner = await activeLearner(request, baseURL);
  const submitted = await request.post(`/api/challenges/${challenge.id}/submissions/`, {
    headers: bearer(await apiToken(request, baseURL, learner.email, learner.password), baseURL),
    multipart: { value: flag, writeup: { name: `writeup-${tag}.md`, mimeType: 'text/markdown', buffer: Buffer.from(`# How I solved ${tag}`) } },
  });
  expect(submitted.status()).toBe(201);
  return { challenge, file, learner, root };
}
