// axe-core in the states a page reaches only through a journey, JavaScript off and on. Every page in
// its first state (the login and sign-up forms, the boards with a challenge open, the scoreboards,
// the editor, the review list, the API reference) is audited by `npm run audit:a11y`
// (tests/bench/a11y-sweep.ts), as the visitor, learner and superuser at two widths; the journeys
// audited those pages here as well, in three projects, which cost about 4 minutes of CI for no
// finding the sweep would miss. What stays here is what a journey shows that a first load does not:
// the server-rendered pages without JavaScript, the challenge dialog as the no-JS page draws it, and
// a dialog a staff member opens from a row.
import { expect, test } from '@playwright/test';
import { audit } from './axe';
import { logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { pendingSubmission } from './usability-helpers';

test('login, and the board with a challenge dialog open and the review dialog, have no serious or critical violations', async ({ page, request, baseURL }) => {
  await visit(page, '/login');
  await audit(page, 'login');

  const tag = uniqueName('ax');
  const { challenge } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'board-dialog');

  await visit(page, `/practices/submissions?q=${tag}`);
  await page.getByRole('row').filter({ hasText: challenge.name }).getByRole('link', { name: tr('Invalidate') }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'review-dialog');
});
