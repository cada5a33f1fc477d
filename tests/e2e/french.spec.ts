// Issue 21 §2: the language of a page, its switch, and the account's setting (JS off and on, with a
// browser asking for English or for French: this file runs in the four projects).
import { expect, test, type Page, type Request } from '@playwright/test';
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

/**
 * Opens `path` and waits until it is hydrated: the page's HTML, and the scripts it loaded that it
 * did not name for preloading (the language's whole table would be one).
 */
async function openCounting(page: Page, path: string) {
  const scripts = new Set<string>();
  const listener = (request: Request) => void (request.resourceType() === 'script' && scripts.add(request.url()));
  page.on('request', listener);
  const response = await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  // A text the page's own lack is looked up once React has rendered; give a late render its moment.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 200))));
  page.off('request', listener);
  const html = await response!.text();
  const named = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => new URL(m[1], page.url()).href);
  return { html, named, unnamed: [...scripts].filter((url) => !named.includes(url)) };
}

test("a page hydrates with the texts it came with; the language's whole table follows the reader's first key", async ({ page, request, baseURL }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, 'what a script loads and when: nothing without JavaScript');
  const errors: string[] = [];
  page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
  page.on('pageerror', (error) => errors.push(error.message));

  const login = await openCounting(page, '/login');
  // Sent with a French page only, and taken out before React hydrates the body.
  expect(login.html.includes('<script type="application/json" id="page-texts">')).toBe(projectLanguage() === 'fr');
  await expect(page.locator('#page-texts')).toHaveCount(0);
  await expect(page.getByRole('button', { name: tr('Log in') })).toBeVisible();
  // Hydrated from the page's own texts: no script beyond those the page named (the table is not one).
  expect(login.unnamed).toEqual([]);
  if (projectLanguage() === 'fr') {
    const table = page.waitForRequest((r) => r.resourceType() === 'script' && !login.named.includes(r.url()));
    await page.keyboard.press('Tab');
    await table;
  }
  // A page the first one's texts do not cover reads in the page's language.
  await page.getByRole('link', { name: tr('Forgot password?') }).click();
  await expect(page).toHaveURL(/\/password\/forgot$/);
  await expect(page.getByRole('heading', { name: tr('Forgot your password?') })).toBeVisible();
  await expect(page).toHaveTitle(tr('Forgot password · CTF Arena'));

  // The learner's pages (tests/api/js-budget.test.ts's), each opened afresh, hydrate without the table too.
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  for (const path of ['/', '/practices/challenges', '/practices/scoreboard', '/me', '/notifications', '/teams/me', '/teams/create', '/teams/join', '/events']) {
    expect((await openCounting(page, path)).unnamed, path).toEqual([]);
  }
  expect(errors).toEqual([]);
});
