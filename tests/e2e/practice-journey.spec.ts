// Issue 3's whole journey across authoring, solving, review and the scoreboard.
import { expect, test } from '@playwright/test';
import { activeLearner, logIn, logOut, SUPERUSER, uniqueName, visit, writeDescription } from './helpers';
import { tr, trPattern } from './language';

test('staff author a dynamic challenge with a hint and a file; a learner solves it with the hint; staff validate; the points show', async ({ page, request, baseURL, javaScriptEnabled }) => {
  const name = uniqueName('Journey ');
  const flag = `CTF{${uniqueName('journey_')}}`;
  const learner = await activeLearner(request, baseURL!);

  // Staff: a dynamic challenge (500 → 100, decay 50) with a 100-point hint and a file.
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges/create');
  await page.getByLabel(tr('Name')).fill(name);
  await page.getByLabel(tr('Category')).selectOption({ label: 'Forensics' });
  await page.getByLabel(tr('Type'), { exact: true }).selectOption('dynamic');
  await writeDescription(page, 'The flag hides in the capture.', javaScriptEnabled);
  await page.getByLabel(tr('Initial value')).fill('500');
  await page.getByLabel(tr('Minimal value (dynamic only)')).fill('100');
  await page.getByLabel(tr('Decay value (dynamic only)')).fill('50');
  await page.getByRole('button', { name: tr('Next') }).click();
  const step = page.getByRole('dialog');
  await step.getByLabel(tr('Flag'), { exact: true }).fill(flag);
  await step.getByLabel(tr('Collation')).selectOption('plain_text');
  await step.getByLabel(new RegExp(`^${tr('Files')}`)).setInputFiles({ name: 'capture.txt', mimeType: 'text/plain', buffer: Buffer.from('GET /?flag=...') });
  await step.getByRole('button', { name: tr('Create') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  const challengeId = Number(new URL(page.url()).pathname.split('/').pop());
  await page.getByRole('navigation', { name: tr('Challenge sections') }).getByRole('link', { name: tr('Hint') }).click();
  await page.getByLabel(tr('Hint'), { exact: true }).fill('Filter the HTTP requests.');
  await page.getByLabel(tr('Score deducted (at most {{most}})', { most: 250 })).fill('100');
  await page.getByRole('button', { name: tr('Add hint') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await visit(page, '/');
  await logOut(page, javaScriptEnabled);

  // The learner: opens it, unlocks the hint, a wrong flag, the right one, a writeup.
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/challenges?challenge=${challengeId}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name })).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'capture.txt' })).toBeVisible();
  await dialog.getByRole('link', { name: tr('Hint (−{{count}} points)', { count: 100 }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: tr('Unlock the hint') }).click();
  await expect(page.getByTestId('hint')).toHaveText(`${tr('Hint')} Filter the HTTP requests.`, { useInnerText: true });
  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('CTF{not_it}');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(tr('Your flag is incorrect.'));
  await page.getByRole('dialog').getByLabel(tr('Flag')).fill(flag);
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: tr('Your flag is correct.') })).toHaveText(tr('Your flag is correct.'));
  await page.getByRole('dialog').getByLabel(tr('Writeup')).setInputFiles({ name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('Filtered on GET.') });
  await page.getByRole('dialog').getByRole('button', { name: tr('Submit') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your flag and writeup were submitted successfully.'));
  await visit(page, '/');
  await logOut(page, javaScriptEnabled);

  // Staff validate the submission.
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/submissions');
  await page.getByLabel(tr('Learner or challenge')).fill(learner.username);
  await page.getByRole('button', { name: tr('Filter') }).click();
  const row = page.getByRole('row').filter({ hasText: name });
  await expect(row).toContainText(tr('Pending'));
  await row.getByRole('link', { name: tr('Validate'), exact: true }).click();
  await page.getByRole('dialog').getByRole('button', { name: tr('Validate') }).or(page.getByRole('dialog').getByRole('button', { name: tr('Confirm') })).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Submission validation completed successfully!'));
  await expect(page.getByRole('row').filter({ hasText: name })).toContainText(tr('Acepted'));

  // 500 for the first solver, minus the 100-point hint.
  await visit(page, `/practices/users/${learner.id}`);
  await expect(page.getByTestId('total-points')).toHaveText('400');
  await expect(page.getByRole('row').filter({ hasText: name }).getByRole('cell')).toHaveText(['1', name, '500', '400']);
  await visit(page, '/practices/scoreboard');
  const board = page.getByTestId('scoreboard-table');
  await expect(board.getByRole('row').filter({ has: page.getByRole('link', { name: learner.username, exact: true }) }).getByRole('cell').last()).toHaveText('400');
});
