import { expect, test } from '@playwright/test';
import { activeLearner, logIn, visit } from './helpers';
import { tr } from './language';

test('header menus: a page change closes them; with JavaScript one is open at a time and Escape or a click outside closes it', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/challenges');
  const header = page.locator('header');
  const notifications = header.locator('details').filter({ hasText: tr('Notifications') });
  const account = header.locator('details').filter({ has: page.locator('img') });

  await account.locator('summary').click();
  await expect(account).toHaveAttribute('open', '');
  await account.getByRole('link', { name: tr('Profile') }).click();
  await expect(page).toHaveURL(/\/me$/);
  await expect(header.locator('details[open]')).toHaveCount(0);

  if (test.info().project.use.javaScriptEnabled === false) return; // the rest are JavaScript niceties

  await notifications.locator('summary').click();
  await account.locator('summary').click();
  await expect(account).toHaveAttribute('open', '');
  await expect(notifications).not.toHaveAttribute('open', '');

  await page.keyboard.press('Escape');
  await expect(account).not.toHaveAttribute('open', '');
  await expect(account.locator('summary')).toBeFocused();

  await notifications.locator('summary').click();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(notifications).not.toHaveAttribute('open', '');
});

test('links inside text are underlined, not told apart by colour alone', async ({ page }) => {
  await visit(page, '/login');
  for (const name of [tr('Forgot password?'), tr('Sign up')]) {
    const line = await page.getByRole('link', { name }).evaluate((a) => getComputedStyle(a).textDecorationLine);
    expect(line, name).toBe('underline');
  }
});

test('a navigation puts the focus on the new page: its heading after a client-side one, the top of the page after a load', async ({ page }) => {
  await visit(page, '/login');
  await page.getByRole('link', { name: tr('Sign up') }).click();
  await expect(page).toHaveURL(/\/sign-up$/);
  if (test.info().project.use.javaScriptEnabled === false) {
    // A page load: the first Tab reaches the skip link.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: tr('Skip to main content') })).toBeFocused();
    return;
  }
  await expect(page.locator('main h1')).toBeFocused();
});
