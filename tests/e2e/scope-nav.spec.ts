import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { pendingSubmission } from './usability-helpers';

const scopeNav = (page: Page) => page.getByTestId('scope-nav');
const navNames = async (page: Page) => (await scopeNav(page).getByRole('link').allTextContents()).map((t) => t.replace(new RegExp(`\\s*\\d+( ${tr('pending reviews')})?$`), '').trim());

test('a learner finds the practice pages in the sub-navigation, the current one marked', async ({ page, request, baseURL }) => {
  // Anonymous visitors are still sent to log in (the layout draws nothing for them).
  await visit(page, '/practices/scoreboard');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fscoreboard$/);

  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/challenges');
  await expect(page.getByRole('navigation', { name: tr('{{scope}} pages', { scope: tr('Practice') }) })).toBeVisible();
  expect(await navNames(page)).toEqual([tr('Challenges'), tr('Scoreboard'), tr('Learners')]);
  await expect(scopeNav(page).getByRole('link', { name: tr('Challenges') })).toHaveAttribute('aria-current', 'page');

  await scopeNav(page).getByRole('link', { name: tr('Scoreboard') }).click();
  await expect(page).toHaveURL(/\/practices\/scoreboard$/);
  await expect(page.getByRole('heading', { name: tr('Scoreboard'), level: 1 })).toBeVisible();
  await expect(scopeNav(page).getByRole('link', { name: tr('Scoreboard') })).toHaveAttribute('aria-current', 'page');
  expect(await scopeNav(page).getByRole('link', { name: tr('Challenges') }).getAttribute('aria-current')).toBeNull();

  await scopeNav(page).getByRole('link', { name: tr('Learners') }).click();
  await expect(page).toHaveURL(/\/practices\/users$/);
  await expect(scopeNav(page).getByRole('link', { name: tr('Learners') })).toHaveAttribute('aria-current', 'page');
  // Staff pages are not offered.
  await expect(scopeNav(page).getByRole('link', { name: new RegExp(`${tr('Categories')}|${tr('Submissions')}|${tr('Statistics')}`) })).toHaveCount(0);
});

test('staff also get Categories, Submissions with the number of pending reviews, and Statistics', async ({ page, request, baseURL }) => {
  const tag = uniqueName('nav');
  await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/categories');
  expect(await navNames(page)).toEqual([tr('Challenges'), tr('Scoreboard'), tr('Learners'), tr('Categories'), tr('Submissions'), tr('Statistics')]);
  await expect(scopeNav(page).getByRole('link', { name: tr('Categories') })).toHaveAttribute('aria-current', 'page');
  const submissions = scopeNav(page).getByRole('link', { name: new RegExp(`^${tr('Submissions')} \\d+ ${tr('pending reviews')}$`) });
  await expect(submissions).toBeVisible();
  // Its name starts with what is seen (axe's experimental rule, off by default, run here on the nav).
  if (test.info().project.use.javaScriptEnabled !== false) {
    const mismatch = await new AxeBuilder({ page }).include('[data-testid="scope-nav"]').withRules(['label-content-name-mismatch']).analyze();
    expect(mismatch.violations.map((v) => v.nodes.map((n) => n.html))).toEqual([]);
  }
  const shown = Number(await submissions.getByTestId('pending-reviews').textContent());
  expect(shown).toBeGreaterThanOrEqual(1);

  await submissions.click();
  await expect(page).toHaveURL(/\/practices\/submissions$/);
  await expect(page.getByRole('heading', { name: tr('Submissions'), level: 1 })).toBeVisible();
  await expect(scopeNav(page).getByRole('link', { name: new RegExp(`^${tr('Submissions')}`) })).toHaveAttribute('aria-current', 'page');
  // The pending submission just made is in the queue the badge counts.
  await visit(page, `/practices/submissions?state=pending&q=${tag}`);
  await expect(page.getByRole('row').filter({ hasText: `Challenge ${tag}` })).toContainText(tr('Pending'));
});

test("an event's navigation names its players after the event type; an unknown event is a 404", async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  // The seed's events (an online, an in-person, a training-platform, a black-friday...): look at each.
  const seen: { teams: boolean; players: boolean; submissions: boolean }[] = [];
  let checkedPlayers = false;
  for (let id = 1; id <= 12; id++) {
    const response = await page.goto(`/competes/${id}/categories`);
    if (response?.status() !== 200) continue;
    const names = await navNames(page);
    expect(names.slice(0, 2)).toEqual([tr('Challenges'), tr('Scoreboard')]);
    await expect(scopeNav(page).getByRole('link', { name: tr('Categories') })).toHaveAttribute('aria-current', 'page');
    await expect(scopeNav(page).getByRole('link', { name: tr('Challenges') })).toHaveAttribute('href', `/competes/${id}/challenges`);
    const teams = names.includes(tr('Teams'));
    const players = names.includes(tr('Players'));
    if (teams) await expect(scopeNav(page).getByRole('link', { name: tr('Teams') })).toHaveAttribute('href', `/competes/${id}/teams`);
    if (players) await expect(scopeNav(page).getByRole('link', { name: tr('Players') })).toHaveAttribute('href', `/competes/${id}/users`);
    seen.push({ teams, players, submissions: names.includes(tr('Submissions')) });
    if (players && !checkedPlayers) {
      // The players list names each player's country in words beside its flag, not by its code.
      await scopeNav(page).getByRole('link', { name: tr('Players') }).click();
      const countries = page.getByRole('region', { name: tr('{{label}} table', { label: tr('Players') }) }).locator('tbody tr td:nth-child(3)');
      await expect(countries.first()).toHaveText(/\p{L}{3,}/u);
      await expect(countries.first()).not.toHaveText(/^\s*[A-Z]{2}\s*$/);
      await expect(countries.first().getByRole('img')).toHaveCount(0); // the flag is decoration beside the name
      checkedPlayers = true;
    }
  }
  // Team events list teams and review solves; black-friday lists players and has no review.
  expect(seen.filter((s) => s.teams && !s.players && s.submissions).length).toBeGreaterThanOrEqual(1);
  expect(seen.filter((s) => s.players && !s.teams && !s.submissions).length).toBeGreaterThanOrEqual(1);
  expect(seen.every((s) => s.teams !== s.players)).toBe(true);

  const missing = await page.goto('/competes/999999/categories');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: tr('Page not found') })).toBeVisible();
});
