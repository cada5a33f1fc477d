// The staff action log (issue 21 §3): the superuser's alone, reached from the learners page, filtered
// by person, action and UTC days with a plain GET form, paged; JavaScript off and on.
import { expect, test, type Page } from '@playwright/test';
import { audit } from './axe';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr, trCount } from './language';
import { apiToken, bearer } from './usability-helpers';

const LOG = '/practices/staff-actions';
const utcDay = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const lines = (page: Page) => page.getByTestId('staff-log').locator('tbody tr');

test('anonymous visitors log in first; a learner is sent home', async ({ page, request, baseURL }) => {
  await visit(page, LOG);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fstaff-actions$/);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, LOG);
  await expect(page).toHaveURL(/\/$/);
  // The learners page offers it to the superuser only.
  await visit(page, '/practices/users');
  await expect(page.getByRole('link', { name: tr('Staff action log') })).toHaveCount(0);
});

test('the superuser reads who did what, on what and when, filters it and pages through it', async ({ page, request, baseURL }) => {
  const tag = uniqueName('log');
  const root = bearer(await apiToken(request, baseURL!, SUPERUSER.email, SUPERUSER.password), baseURL!);
  // 21 categories: more than a page (20) of this filter.
  const ids: number[] = [];
  for (let i = 1; i <= 21; i++) {
    const created = await request.post('/api/categories/', { headers: root, data: { name: `Cat ${tag} ${i}` } });
    expect(created.status()).toBe(201);
    ids.push((await created.json()).id);
  }

  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users');
  await page.getByRole('link', { name: tr('Staff action log') }).click();
  await expect(page).toHaveURL(new RegExp(`${LOG}$`));
  await expect(page.getByRole('heading', { name: tr('Staff action log'), level: 1 })).toBeVisible();
  // Newest first: the last category created leads.
  const newest = lines(page).first();
  await expect(newest).toContainText(tr('Created a category'));
  await expect(newest).toContainText(SUPERUSER.username);
  await expect(newest).toContainText(`${tr('Category')} ${tr('“{{name}}”', { name: `Cat ${tag} 21` })} (#${ids[20]})`);
  await expect(newest.locator('time')).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);

  // The form: a person, an action, today (UTC) to today.
  await page.getByLabel(tr('Person'), { exact: true }).selectOption({ label: SUPERUSER.username });
  await page.getByLabel(tr('Action'), { exact: true }).selectOption({ label: tr('Created a category') });
  await page.getByLabel(tr('From (UTC day)')).fill(utcDay());
  await page.getByLabel(tr('To (UTC day)')).fill(utcDay());
  await page.getByRole('button', { name: tr('Filter') }).click();
  await expect(page).toHaveURL(/[?&]action=category\.create/);
  await expect(page).toHaveURL(new RegExp(`[?&]from=${utcDay()}`));
  await expect(page.getByTestId('staff-log-count')).toContainText(trCount('{{count}} actions match the filter, newest first.'));
  await expect(lines(page)).toHaveCount(20);
  for (const text of await lines(page).allTextContents()) expect(text).toContain(tr('Created a category'));
  await expect(page.getByLabel(tr('Action'), { exact: true })).toHaveValue('category.create');

  // Page 2 keeps the filter; the first category made is there (or further on, if other runs made more).
  await page.getByRole('navigation', { name: tr('Pagination') }).getByRole('link', { name: `${tr('Next')} ›` }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page).toHaveURL(/[?&]action=category\.create/);
  await expect(page.getByRole('link', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await audit(page, 'staff-log');

  // Tomorrow has nothing yet; a day that does not exist is said under its field.
  await visit(page, `${LOG}?action=category.create&from=${utcDay(1)}`);
  await expect(page.getByText(tr('No staff action matches the filter.'))).toBeVisible();
  await visit(page, `${LOG}?from=2031-02-30`);
  await expect(page.getByLabel(tr('From (UTC day)'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tr('Enter a date as YYYY-MM-DD.'))).toBeVisible();
  await expect(lines(page).first()).toBeVisible();
  await page.getByRole('link', { name: tr('Clear') }).click();
  await expect(page).toHaveURL(new RegExp(`${LOG}$`));
});
