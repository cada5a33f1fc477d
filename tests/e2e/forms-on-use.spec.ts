// A page whose purpose is a form leaves the form's checks (conform and zod) out of its first load and
// loads them once the visitor uses the form (app/components/on-demand.tsx `onUse`, docs/rules.md
// "The JavaScript budget"). Without JavaScript nothing loads at all: the no-JS journeys (accounts,
// teams) cover those forms.
import { expect, test, type Page } from '@playwright/test';
import { activeLearner } from './helpers';
import { tr } from './language';

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, 'what loads when: only with JavaScript');

/** The login form's own chunk, and the checks it brings. */
const FORM_CODE = /\/assets\/(login-form|use-schema-form|schemas)-[^/]*\.js$/;

/** Opens /login with the form's code held back until `release` is called, as on a slow link. */
async function openWithCodeHeld(page: Page) {
  const asked: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(FORM_CODE, async (route) => {
    asked.push(route.request().url());
    await released;
    await route.continue();
  });
  await page.goto('/login');
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
  return { asked, release };
}

test('the log-in form loads its checks once used, keeps what was typed meanwhile, and posts as plain HTML before they are in', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  const region = page.locator('[data-on-use]');

  // The page is interactive and its first load asked for none of the form's code.
  const held = await openWithCodeHeld(page);
  await page.waitForLoadState('networkidle');
  expect(held.asked).toEqual([]);
  await expect(region).toHaveAttribute('data-on-use', '');

  // Typing asks for it; what was typed before it arrived is still there once React holds the form.
  await page.getByLabel(tr('Email')).fill(learner.email);
  await page.getByLabel(tr('Password')).fill('not-the-password');
  await expect.poll(() => held.asked.length).toBeGreaterThan(0);
  held.release();
  await expect(region).toHaveAttribute('data-on-use', 'ready');
  await expect(page.getByLabel(tr('Email'))).toHaveValue(learner.email);
  await expect(page.getByLabel(tr('Password'))).toHaveValue('not-the-password');
  // Now the browser checks it before posting: a blank e-mail is said without a request.
  const posts: string[] = [];
  page.on('request', (r) => void (r.method() === 'POST' && posts.push(r.url())));
  await page.getByLabel(tr('Email')).fill('');
  await page.getByRole('button', { name: tr('Log in') }).click();
  await expect(page.getByText(tr('This field is required.'))).toBeVisible();
  expect(posts).toEqual([]);

  // Sent before its code is in, the form posts as it does without JavaScript, and the learner is in.
  await page.context().clearCookies();
  await page.unrouteAll();
  const early = await openWithCodeHeld(page);
  await page.getByLabel(tr('Email')).fill(learner.email);
  await page.getByLabel(tr('Password')).fill(learner.password);
  await page.getByRole('button', { name: tr('Log in') }).click();
  await expect(page).toHaveURL(new RegExp(`^${baseURL}/$`));
  early.release();
});
