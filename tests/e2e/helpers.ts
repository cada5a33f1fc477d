import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { linkPath, waitForMail } from '../support/mailbox';
import { SUPERUSER } from '../support/test-server';
import { tr } from './language';

export const MAIL_DIR = 'data/test-e2e/mail';
export { SUPERUSER };

let n = 0;
export function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}${(++n).toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

export async function mailLink(to: string, subject: RegExp, after = 0): Promise<string> {
  return linkPath(await waitForMail(MAIL_DIR, to, { subject, after }));
}

/**
 * page.goto that, with JavaScript on, also waits until React has hydrated the page, and its forms
 * that load their code when used (app/components/on-demand.tsx `onUse`) once the learner points at
 * them, as a learner does before typing: what the test then checks is the form with its code.
 */
export async function visit(page: Page, path: string) {
  await page.goto(path);
  if (test.info().project.use.javaScriptEnabled !== false) {
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    for (const region of await page.locator('[data-on-use]').all()) {
      await region.dispatchEvent('pointerover');
      await expect(region).toHaveAttribute('data-on-use', 'ready');
    }
  }
}

/**
 * Signs the page's browser in by posting the login form from the site's origin, as the form does,
 * without loading the page: the journeys that start signed in. The page is not navigated; the
 * login form itself is the journey of accounts.spec (logInWithForm).
 */
export async function logIn(page: Page, email: string, password: string) {
  const baseURL = test.info().project.use.baseURL!;
  const res = await page.request.post('/login', { form: { email, password }, headers: { Origin: baseURL }, maxRedirects: 0 });
  expect(res.status(), `login of ${email}`).toBe(302);
  expect(res.headers()['set-cookie'] ?? '').toContain('ctf_session=');
}

/** Logs in through the login page's form, as a learner does, and lands on home. */
export async function logInWithForm(page: Page, email: string, password: string) {
  await visit(page, '/login');
  await page.getByLabel(tr('Email')).fill(email);
  await page.getByLabel(tr('Password')).fill(password);
  await page.getByRole('button', { name: tr('Log in') }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Opens the user menu (a <details>, so it works without JS) and follows Logout. */
export async function logOut(page: Page, javaScriptEnabled: boolean) {
  await page.locator('header summary').filter({ has: page.locator('img') }).click();
  await page.getByRole('link', { name: tr('Logout') }).click();
  const text = tr('Are you sure you want to log out? This action will close your current session. You will need to log in again to access your account again.');
  if (javaScriptEnabled) {
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(text);
    await dialog.getByRole('button', { name: tr('Logout') }).click();
  } else {
    await expect(page).toHaveURL(/\/logout$/);
    await expect(page.getByText(text)).toBeVisible();
    await page.getByRole('button', { name: tr('Logout') }).click();
  }
  await expect(page).toHaveURL(/\/login$/);
}

/** An active learner created through the API (the sign-up journey itself is tested in the UI). */
export async function activeLearner(request: APIRequestContext, baseURL: string, over: { username?: string } = {}) {
  const username = over.username ?? uniqueName('pw');
  const learner = { username, fullname: `Learner ${username}`, email: `${username}@example.com`, gender: 'M', country: 'BJ', password: 'learner-pass-1', re_password: 'learner-pass-1' };
  const created = await request.post('/api/auth/users/', { data: learner, headers: { Origin: baseURL } });
  expect(created.status()).toBe(201);
  const parts = (await mailLink(learner.email, /Activate/)).split('/').filter(Boolean);
  const activated = await request.post('/api/auth/users/activation/', { data: { uid: parts.at(-2), token: parts.at(-1) }, headers: { Origin: baseURL } });
  expect(activated.status()).toBe(204);
  return { ...learner, id: (await created.json()).id as number };
}

/** Types the description: the Markdown textarea without JavaScript, MDXEditor with it. */
export async function writeDescription(page: Page, text: string, javaScriptEnabled: boolean) {
  if (!javaScriptEnabled) {
    await page.getByLabel(tr('Description')).fill(text);
    return;
  }
  const editor = page.getByTestId('description-rich-editor').locator('[contenteditable="true"]');
  await editor.click();
  await page.keyboard.type(text);
  await expect(editor).toContainText(text);
}

/** A second browser window with the same JavaScript setting and language as the test's project. */
export async function otherWindow(browser: Browser, baseURL: string): Promise<Page> {
  const { javaScriptEnabled, locale } = test.info().project.use;
  const context = await browser.newContext({ baseURL, javaScriptEnabled: javaScriptEnabled !== false, locale });
  return context.newPage();
}
