// Notifications in the browser (issue 10 §5), JS off and on: staff send a notification to an event,
// a registered learner sees the header badge, opens Notifications → Admin, finds it marked New, and
// the badge drops once it is read. With JavaScript the badge also moves live (Server-Sent Events).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { seriousViolations } from './axe';
import { activeLearner, logIn, SUPERUSER, otherWindow, uniqueName, visit, writeDescription } from './helpers';
import { tr } from './language';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
const DAY = 86_400_000;

async function tokenOf(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/jwt/create/', { data: { email, password }, headers: { Origin: baseURL } });
  expect(res.status()).toBe(200);
  return (await res.json()).access;
}

/** A fresh active online event (so parallel runs do not share its players). */
async function makeEvent(request: APIRequestContext, baseURL: string, token: string, name: string): Promise<number> {
  const iso = (t: number) => new Date(t).toISOString();
  const res = await request.post('/api/events/', {
    headers: { Authorization: `Bearer ${token}`, Origin: baseURL },
    multipart: { name, type: 'online', description: 'An event for notifications.', start_date: iso(Date.now() - DAY), end_date: iso(Date.now() + DAY), image: { name: 'e.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).id;
}

async function counts(request: APIRequestContext, token: string): Promise<{ general: number; admin: number }> {
  return (await request.get('/api/notifications/count-new-notification', { headers: { Authorization: `Bearer ${token}` } })).json();
}

test('staff notify an event; a registered learner sees the badge, reads it under Admin, and the badge drops', async ({ page, browser, request, baseURL }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  const tag = uniqueName('nt');
  const root = await tokenOf(request, baseURL!, SUPERUSER.email, SUPERUSER.password);
  const eventName = `Notify ${tag}`;
  const eventId = await makeEvent(request, baseURL!, root, eventName);
  const learner = await activeLearner(request, baseURL!);
  const outsider = await activeLearner(request, baseURL!);
  const learnerToken = await tokenOf(request, baseURL!, learner.email, learner.password);
  const outsiderToken = await tokenOf(request, baseURL!, outsider.email, outsider.password);
  expect((await request.post(`/api/events/${eventId}/register-user/`, { headers: { Authorization: `Bearer ${learnerToken}`, Origin: baseURL! } })).ok()).toBe(true);
  const outsiderBefore = await counts(request, outsiderToken);

  // Staff write it on the admin list's 'Notification' page.
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/notifications/admin');
  await page.getByRole('link', { name: tr('Notification'), exact: true }).click();
  await expect(page).toHaveURL(/\/notifications\/admin\/create$/);
  await page.getByRole('button', { name: tr('Send') }).click();
  await expect(page.locator('#title-error')).toHaveText(tr('This field is required.'));
  await page.getByLabel(tr('Title')).fill(`Round two ${tag}`);
  await writeDescription(page, 'Doors open at noon.', js);
  await page.getByLabel(tr('Receiving event (optional: only its registered players and team members get it)')).selectOption({ label: eventName });
  await page.getByRole('button', { name: tr('Send') }).click();
  await expect(page).toHaveURL(/\/notifications\/admin$/);
  await expect(page.getByText(tr('Notification sent successfully!'))).toBeVisible();
  await expect(page.getByText(`Round two ${tag}`)).toBeVisible();
  expect(await counts(request, outsiderToken)).toEqual(outsiderBefore);

  // The learner's badge counts it.
  const learnerPage = await otherWindow(browser, baseURL!);
  await logIn(learnerPage, learner.email, learner.password);
  await visit(learnerPage, '/');
  const before = await counts(request, learnerToken);
  expect(before.admin).toBeGreaterThanOrEqual(1);
  const badge = learnerPage.getByTestId('badge-new-notifications');
  await expect(badge).toHaveText(String(before.general + before.admin));

  // Notifications → Admin: the new one is marked, and the badge drops to what is left unread.
  const menu = learnerPage.locator('header details').filter({ hasText: tr('Notifications') });
  await menu.locator('summary').click();
  await menu.getByRole('link', { name: /^Admin/ }).click();
  await expect(learnerPage).toHaveURL(/\/notifications\/admin$/);
  await expect(learnerPage.getByRole('heading', { name: tr('Admin notifications'), level: 1 })).toBeVisible();
  const item = learnerPage.getByTestId('notification').filter({ hasText: `Round two ${tag}` });
  await expect(item.getByText(tr('New'), { exact: true })).toBeVisible();
  await expect(item.getByText('Doors open at noon.')).toBeVisible();
  const after = await counts(request, learnerToken);
  expect(after.admin).toBe(0);
  const left = after.general;
  if (left) await expect(badge).toHaveText(String(left));
  else await expect(badge).toHaveCount(0);

  // Read once: the next opening shows it without the mark; General is a tab away.
  await visit(learnerPage, '/notifications/admin');
  await expect(learnerPage.getByTestId('notification').filter({ hasText: `Round two ${tag}` }).getByText(tr('New'), { exact: true })).toHaveCount(0);
  await learnerPage.getByRole('link', { name: tr('General'), exact: true }).click();
  await expect(learnerPage).toHaveURL(/\/notifications\/general$/);
  await expect(learnerPage.getByRole('heading', { name: tr('General notifications'), level: 1 })).toBeVisible();
  await learnerPage.context().close();
});

test('with JavaScript the badge follows a new notification without a page load; the tabs share one stream', async ({ page, request, baseURL }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, 'live updates need JavaScript; without it counts refresh on each page load');
  const root = await tokenOf(request, baseURL!, SUPERUSER.email, SUPERUSER.password);
  const tag = uniqueName('live');
  const eventId = await makeEvent(request, baseURL!, root, `Live ${tag}`);
  const learner = await activeLearner(request, baseURL!);
  const token = await tokenOf(request, baseURL!, learner.email, learner.password);
  expect((await request.post(`/api/events/${eventId}/register-user/`, { headers: { Authorization: `Bearer ${token}`, Origin: baseURL! } })).ok()).toBe(true);
  const notify = async (n: number) => {
    const sent = await request.post('/api/notifications/', { headers: { Authorization: `Bearer ${root}`, Origin: baseURL! }, data: { title: `Live ${tag} ${n}`, description: 'Now.', event: eventId } });
    expect(sent.status()).toBe(201);
  };
  await logIn(page, learner.email, learner.password);
  await visit(page, '/notifications');
  // Each stream opened, by the path of the page that opened it: a tab opens its stream once it has
  // won the election, which may come after `visit` saw it hydrated, so the stream of /notifications
  // may be asked for after this point.
  const streams: string[] = [];
  page.context().on('request', (r) => r.url().includes('/api/notifications/stream') && streams.push(new URL(r.frame().url()).pathname));
  await visit(page, '/events');
  // This tab holds the stream before the second opens (else the second may win the election).
  await expect.poll(() => streams.at(-1)).toBe('/events');
  const opened = streams.length;
  const second = await page.context().newPage();
  await visit(second, '/practices/challenges');

  const before = await counts(request, token);
  await notify(1);
  for (const tab of [page, second]) {
    await expect(tab.getByTestId('badge-new-notifications')).toHaveText(String(before.general + before.admin + 1), { timeout: 10_000 });
  }
  await expect(page.locator('header a[href="/notifications/admin"]')).toHaveText(`${tr('Admin')} (${before.admin + 1})`);
  // One stream for the user's tabs (a browser has 6 connections per host): the first tab's.
  await page.getByRole('link', { name: tr('Practices') }).click();
  await expect(page).toHaveURL(/\/practices\/challenges$/);
  expect(streams).toHaveLength(opened);

  // Closing that tab hands the stream to the other one.
  await page.close();
  await expect.poll(() => streams.length).toBe(opened + 1);
  await notify(2);
  await expect(second.getByTestId('badge-new-notifications')).toHaveText(String(before.general + before.admin + 2), { timeout: 10_000 });
});

test('the lists and the form have no serious or critical accessibility violation', async ({ page, browser, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/notifications');
  await expect(page.getByTestId('notification').first()).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  const staff = await otherWindow(browser, baseURL!);
  await logIn(staff, SUPERUSER.email, SUPERUSER.password);
  await visit(staff, '/notifications/admin/create');
  await staff.getByRole('button', { name: tr('Send') }).click();
  await expect(staff.locator('#title-error')).toBeVisible();
  expect(await seriousViolations(staff)).toEqual([]);
  await staff.context().close();
});
