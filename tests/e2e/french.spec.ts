// Issue 21 §2: the language of a page, its switch, and the account's setting (JS off and on, with a
// browser asking for English or for French: this file runs in the four projects).
import { expect, test } from '@playwright/test';
import { activeLearner, logIn, logOut, visit } from './helpers';
import { projectLanguage, tr } from './language';
import { translator } from '../../app/lib/i18n';

const other = () => (projectLanguage() === 'fr' ? 'en' : 'fr');
const names = { en: 'English', fr: 'Français' } as const;

test('the switch on every page changes the language for this browser and comes back to the page', async ({ page }) => {
  await visit(page, '/login?redirectTo=%2Fme');
  await expect(page.locator('html')).toHaveAttribute('lang', projectLanguage());
  await expect(page.getByRole('button', { name: tr('Log in') })).toBeVisible();

  const to = other();
  await page.getByRole('navigation', { name: tr('Language') }).getByRole('link', { name: names[to] }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fme$/);
  await expect(page.locator('html')).toHaveAttribute('lang', to);
  const t = translator(to);
  await expect(page.getByRole('button', { name: t('Log in') })).toBeVisible();
  await expect(page.getByRole('navigation', { name: t('Language') }).getByRole('link', { name: names[projectLanguage()] })).toBeVisible();

  // Kept for the next pages of this browser, whatever it asks for.
  await visit(page, '/sign-up');
  await expect(page.locator('html')).toHaveAttribute('lang', to);
});

test("the account's language follows the learner to a browser that asks for another", async ({ page, browser, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/me');
  await page.getByRole('link', { name: tr('Edit') }).click();
  const to = other();
  await page.getByRole('combobox', { name: tr('Language') }).selectOption(to);
  await page.getByRole('button', { name: tr('Save') }).click();
  const t = translator(to);
  await expect(page.getByTestId('flash')).toHaveText(t('Your account has been successfully modified.'));
  await expect(page.locator('html')).toHaveAttribute('lang', to);

  // Another browser, asking for the project's language, with no choice of its own: the account decides.
  const elsewhere = await browser.newContext({ locale: projectLanguage() === 'fr' ? 'fr-FR' : 'en-US', javaScriptEnabled: test.info().project.use.javaScriptEnabled });
  const second = await elsewhere.newPage();
  await second.goto('/login');
  await expect(second.locator('html')).toHaveAttribute('lang', projectLanguage());
  await second.getByLabel(tr('Email')).fill(learner.email);
  await second.getByLabel(tr('Password')).fill(learner.password);
  await second.getByRole('button', { name: tr('Log in') }).click();
  await expect(second).toHaveURL(/\/$/);
  await expect(second.locator('html')).toHaveAttribute('lang', to);
  await elsewhere.close();

  // Back to the browser's language: the setting is cleared, and so is this browser's choice.
  await visit(page, '/me');
  await page.getByRole('link', { name: t('Edit') }).click();
  await page.getByRole('combobox', { name: t('Language') }).selectOption('');
  await page.getByRole('button', { name: t('Save') }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', projectLanguage());
  await logOut(page, test.info().project.use.javaScriptEnabled !== false);
});

test('a link to the switch from another site changes nothing', async ({ page, request, baseURL }) => {
  const answer = await request.get(`${baseURL}/language/${other()}?back=%2Flogin`, { headers: { 'Sec-Fetch-Site': 'cross-site' }, maxRedirects: 0 });
  expect(answer.status()).toBe(302);
  expect(answer.headers()['set-cookie']).toBeUndefined();
  expect((await request.get(`${baseURL}/language/de`, { maxRedirects: 0 })).status()).toBe(404);
  await visit(page, '/');
  await expect(page.locator('html')).toHaveAttribute('lang', projectLanguage());
});
