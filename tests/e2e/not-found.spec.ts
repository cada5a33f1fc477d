import { expect, test } from '@playwright/test';
import { activeLearner, logIn, visit } from './helpers';
import { tr } from './language';

test('a missing player, or an event challenge asked through practice, is a 404 page with a way back', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  // The seed's black-friday warm-up: an event challenge, open to this learner through its own event only.
  const token = (await (await request.post('/api/auth/jwt/create/', { data: { email: learner.email, password: learner.password }, headers: { Origin: baseURL! } })).json()).access as string;
  let eventChallenge = 0;
  for (let id = 1; !eventChallenge && id < 100; id++) {
    const res = await request.get(`/api/challenges/${id}/`, { headers: { Authorization: `Bearer ${token}` } });
    if (res.ok() && (await res.json()).name.startsWith('Black Friday CTF')) eventChallenge = id;
  }
  expect(eventChallenge).toBeGreaterThan(0);

  await logIn(page, learner.email, learner.password);
  for (const path of ['/practices/users/999999', '/practices/users/abc']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: tr('Page not found') })).toBeVisible();
  }
  await page.getByRole('link', { name: tr('Back to the list') }).click();
  await expect(page).toHaveURL(/\/practices\/users$/);
  await expect(page.getByRole('heading', { name: tr('Page not found') })).toHaveCount(0);

  const response = await page.goto(`/practices/challenges?challenge=${eventChallenge}`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: tr('Page not found') })).toBeVisible();
  await page.getByRole('link', { name: tr('Back home') }).click();
  await expect(page).toHaveURL(/\/$/);
  await visit(page, '/practices/challenges');
  await expect(page.getByRole('heading', { name: tr('Practice challenges') })).toBeVisible();
});
