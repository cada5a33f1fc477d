// A scope's statistics for staff (issue 21 §3): four charts drawn on the server, each with its table,
// in practice and in an event; learners are sent home. JavaScript off and on.
import { expect, test, type Page } from '@playwright/test';
import { audit, openAllDetails } from './axe';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { projectLanguage, tr } from './language';
import { pendingSubmission } from './usability-helpers';

// The charts' titles in English, the keys `tr` reads them by in the project's language.
const SECTIONS = ['Solves over time', 'Solves per challenge', 'Players who solved each category', 'Active players per day'];
const section = (page: Page, title: string) => page.getByRole('region', { name: tr(title) });
/** A chart's table, opened as a reader would: its <details> summary. */
async function tableOf(page: Page, title: string) {
  const region = section(page, title);
  await region.getByText(tr('{{title}}: the data as a table', { title: tr(title) })).click();
  const table = region.getByRole('table', { name: tr(title) });
  await expect(table).toBeVisible();
  return table;
}

test('anonymous visitors log in first; learners are sent home and see no Statistics link', async ({ page, request, baseURL }) => {
  await visit(page, '/practices/statistics');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fstatistics$/);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/statistics');
  await expect(page).toHaveURL(/\/$/);
  await visit(page, '/practices/challenges');
  await expect(page.getByTestId('scope-nav').getByRole('link', { name: tr('Statistics') })).toHaveCount(0);
});

test("staff read practice's statistics: charts drawn on the server, each with its table", async ({ page, request, baseURL }) => {
  const tag = uniqueName('st');
  // A learner's correct submission waiting for review: it counts in practice.
  const { challenge, learner } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges');
  await page.getByTestId('scope-nav').getByRole('link', { name: tr('Statistics') }).click();
  await expect(page).toHaveURL(/\/practices\/statistics$/);
  await expect(page.getByRole('heading', { name: tr('Statistics'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('scope-nav').getByRole('link', { name: tr('Statistics') })).toHaveAttribute('aria-current', 'page');

  for (const title of SECTIONS) {
    // Each chart is an SVG in a figure named by its heading; two drawings (phone and wide), one shown.
    const figure = section(page, title).getByRole('figure', { name: tr(title) });
    await expect(figure).toBeVisible();
    await expect(figure.locator('svg[aria-hidden="true"]')).toHaveCount(2);
    await expect(figure.locator('svg[aria-hidden="true"]:visible rect[data-bar]').first()).toBeVisible();
  }

  const perChallenge = await tableOf(page, 'Solves per challenge');
  const row = perChallenge.getByRole('row').filter({ hasText: challenge.name });
  await expect(row.getByRole('cell').nth(1)).toHaveText('1');
  await expect(row).toContainText(learner.username);
  await expect(row).toContainText(`Cat ${tag}`);
  const categories = await tableOf(page, 'Players who solved each category');
  await expect(categories.getByRole('row').filter({ hasText: `Cat ${tag}` }).getByRole('cell').first()).toHaveText('1');
  // The day as the page's language writes it (statistics-charts.server.tsx dayText): 'Nov 27, 2026', '27 nov. 2026'.
  const today = new Intl.DateTimeFormat(projectLanguage() === 'fr' ? 'fr-FR' : 'en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date());
  const active = await tableOf(page, 'Active players per day');
  await expect(active.getByRole('row').last()).toContainText(today);
  expect(Number(await active.getByRole('row').last().getByRole('cell').textContent())).toBeGreaterThanOrEqual(1);
  const overTime = await tableOf(page, 'Solves over time');
  await expect(overTime.getByRole('row').nth(1)).toBeVisible();

  await audit(page, 'statistics', openAllDetails);
});

test("staff read an event's statistics; an unknown event is a 404", async ({ page, request, baseURL }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  // The demo seed's running Black Friday CTF, with its solves.
  const token = (await (await request.post('/api/auth/jwt/create/', { data: { email: SUPERUSER.email, password: SUPERUSER.password }, headers: { Origin: baseURL! } })).json()).access;
  // Found by its name: other journeys create black-friday events of their own, active too.
  const events = (await (await request.get('/api/events/?type=black-friday&page_size=100', { headers: { Authorization: `Bearer ${token}` } })).json()).results as { id: number; name: string }[];
  const running = events.find((e) => e.name === 'Black Friday CTF')!;
  await visit(page, `/competes/${running.id}/scoreboard`);
  await page.getByTestId('scope-nav').getByRole('link', { name: tr('Statistics') }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${running.id}/statistics$`));
  await expect(page.getByRole('heading', { name: tr('Statistics'), level: 1 })).toBeVisible();
  const perChallenge = await tableOf(page, 'Solves per challenge');
  // alice solved three of its challenges first or later: the table names a first solver.
  await expect(perChallenge.getByRole('row').filter({ hasText: 'alice' }).first()).toBeVisible();
  await expect(section(page, 'Active players per day').getByRole('figure')).toBeVisible();

  const missing = await page.goto('/competes/999999/statistics');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: tr('Page not found') })).toBeVisible();
});
