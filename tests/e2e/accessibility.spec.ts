// axe-core on the pages issue 8 names: no serious or critical violation, JavaScript off and on.
import { expect, test } from '@playwright/test';
import { audit } from './axe';
import { logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { pendingSubmission } from './usability-helpers';

test('login and sign-up have no serious or critical violations', async ({ page }) => {
  await visit(page, '/login');
  await audit(page, 'login');
  await visit(page, '/sign-up');
  await audit(page, 'sign-up');
});

test('the board with a challenge dialog open, the scoreboard, the editor and the review page have none', async ({ page, request, baseURL }) => {
  // Six axe audits, each 2-5 s of Chromium's CPU on a 2-core host (the server answers each page in
  // well under a second): the default 60 s left no margin, and the test timed out on a quiet CI host.
  test.setTimeout(180_000);
  const tag = uniqueName('ax');
  const { challenge } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);

  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'board-dialog');

  await visit(page, '/practices/scoreboard');
  await expect(page.getByTestId('score-chart')).toBeVisible();
  await audit(page, 'scoreboard');

  await visit(page, `/practices/challenges/${challenge.id}`);
  await audit(page, 'editor');
  await visit(page, `/practices/challenges/${challenge.id}?tab=files`);
  await audit(page, 'editor-files');

  await visit(page, `/practices/submissions?q=${tag}`);
  await audit(page, 'review');
  await page.getByRole('row').filter({ hasText: challenge.name }).getByRole('link', { name: tr('Invalidate') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'review-dialog');
});

test('the API reference (its list of calls and a group of calls) has no serious or critical violations', async ({ page }) => {
  await visit(page, '/api/docs');
  await audit(page, 'api-docs');
  await visit(page, '/api/docs?group=challenges');
  await audit(page, 'api-docs-challenges');
});
