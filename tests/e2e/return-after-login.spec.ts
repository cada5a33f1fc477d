import { expect, test } from '@playwright/test';
import { activeLearner, visit } from './helpers';
import { tr } from './language';

async function submitLogin(page: import('@playwright/test').Page, email: string, password: string) {
  await page.getByLabel(tr('Email')).fill(email);
  await page.getByLabel(tr('Password')).fill(password);
  await page.getByRole('button', { name: tr('Log in') }).click();
}

test('after logging in, a visitor is back on the page that asked them to, and never sent to another site', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await visit(page, '/practices/challenges?category=2&page=1');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fchallenges%3Fcategory%3D2%26page%3D1$/);
  await submitLogin(page, learner.email, learner.password);
  await expect(page).toHaveURL(/\/practices\/challenges\?category=2&page=1$/);
  await expect(page.getByRole('heading', { name: tr('Practice challenges') })).toBeVisible();

  // A link crafted elsewhere cannot send the learner to another host after login.
  await page.context().clearCookies();
  await visit(page, '/login?redirectTo=%2F%2Fevil.example%2Fphish');
  await submitLogin(page, learner.email, learner.password);
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
});

test('every page starts with a skip link to its main content', async ({ page }) => {
  for (const path of ['/', '/login', '/sign-up']) {
    await visit(page, path);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: tr('Skip to main content') });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  }
});
