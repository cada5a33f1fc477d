import { expect, test, type Page } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { pendingSubmission } from './usability-helpers';

const js = () => test.info().project.use.javaScriptEnabled !== false;
const rowBoxes = (page: Page) => page.locator('#bulk-form tbody input[type="checkbox"][name="ids"]');

test('learners: select all on the page, bulk validate, and the boxes are cleared after success', async ({ page, request, baseURL }) => {
  const tag = uniqueName('bs');
  const learners = [];
  for (const n of [1, 2, 3]) learners.push(await activeLearner(request, baseURL!, { username: `${tag}${n}` }));
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/users?q=${tag}`);
  await expect(rowBoxes(page)).toHaveCount(3);
  const selectAll = page.getByRole('checkbox', { name: tr('Select all on this page') });

  if (!js()) {
    // Without JavaScript the select-all box cannot act, so it is not offered.
    await expect(selectAll).toHaveCount(0);
    for (const l of learners) await page.getByLabel(tr('Select {{name}}', { name: l.username })).check();
  } else {
    await page.getByLabel(tr('Select {{name}}', { name: learners[0].username })).check();
    await expect(selectAll).toHaveJSProperty('indeterminate', true);
    await selectAll.check();
    for (const box of await rowBoxes(page).all()) await expect(box).toBeChecked();
    await selectAll.uncheck();
    for (const box of await rowBoxes(page).all()) await expect(box).not.toBeChecked();
    await selectAll.check();
  }
  await page.getByRole('button', { name: tr('Validate selected'), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(tr('Are you sure you want to validate {{count}} selected accounts?', { count: 3 }));
  await dialog.getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Account validation completed successfully! {{count}} accounts validated.', { count: 3 }));
  // The next bulk click must not act on the old selection.
  for (const box of await rowBoxes(page).all()) await expect(box).not.toBeChecked();
  if (js()) await expect(selectAll).not.toBeChecked();

  // And a new selection acts on itself only.
  await page.getByLabel(tr('Select {{name}}', { name: learners[2].username })).check();
  await page.getByRole('button', { name: tr('Invalidate selected'), exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(tr('Are you sure you want to invalidate 1 selected account?'));
  await page.getByRole('dialog').getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Account invalidation completed successfully! 1 account invalidated.'));
  await expect(page.getByLabel(tr('Select {{name}}', { name: learners[2].username }))).not.toBeChecked();
});

test('review: select all pending submissions, validate them, the boxes are cleared', async ({ page, request, baseURL }) => {
  const tag = uniqueName('bq');
  await pendingSubmission(request, baseURL!, `${tag}a`);
  await pendingSubmission(request, baseURL!, `${tag}b`);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/submissions?q=${tag}`);
  await expect(rowBoxes(page)).toHaveCount(2);
  const selectAll = page.getByRole('checkbox', { name: tr('Select all on this page') });
  if (js()) {
    await selectAll.check();
  } else {
    await expect(selectAll).toHaveCount(0);
    for (const box of await rowBoxes(page).all()) await box.check();
  }
  await page.getByRole('button', { name: tr('Validate selected') }).click();
  await expect(page.getByRole('dialog')).toContainText(tr('Are you sure you want to validate {{count}} selected submissions? This decision is final.', { count: 2 }));
  await page.getByRole('dialog').getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByTestId('flash')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: `Challenge ${tag}a` })).toContainText(tr('Acepted'));
  await expect(page.getByRole('row').filter({ hasText: `Challenge ${tag}b` })).toContainText(tr('Acepted'));
  // Nothing left to select: no row boxes, no select-all.
  await expect(rowBoxes(page)).toHaveCount(0);
  await expect(selectAll).toHaveCount(0);
});
