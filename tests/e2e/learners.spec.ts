import { expect, test } from '@playwright/test';
import { xlsx } from '../support/xlsx';
import { activeLearner, logIn, logOut, mailLink, SUPERUSER, uniqueName, visit } from './helpers';

test('the superuser adds a collaborater, who validates one learner and then several at once', async ({ page, request, baseURL, javaScriptEnabled }) => {
  const tag = uniqueName('lv');
  const learners = [];
  for (let i = 0; i < 4; i++) learners.push(await activeLearner(request, baseURL!, { username: `${tag}x${i}` }));

  // The superuser creates a collaborater account.
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users');
  await page.getByRole('link', { name: 'Add collaborater' }).click();
  const staffName = uniqueName('staff');
  await page.getByLabel('Username').fill(staffName);
  await page.getByLabel('Full name').fill('Staff Member');
  await page.getByLabel('Email').fill(`${staffName}@example.com`);
  await expect(page.getByLabel('Password')).toHaveCount(0);
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByTestId('flash')).toHaveText('A new collaborator account has been successfully created! The collaborator can check their inbox for a confirmation email');
  await logOut(page, javaScriptEnabled);

  // The collaborater confirms the address by choosing a password, then logs in.
  await visit(page, await mailLink(`${staffName}@example.com`, /Activate/));
  await page.getByLabel('New password', { exact: true }).fill('staff-password-1');
  await page.getByLabel('Confirm new password').fill('staff-password-1');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await logIn(page, `${staffName}@example.com`, 'staff-password-1');
  await expect(page.locator('header')).toContainText('Black-friday');

  await visit(page, `/practices/users?q=${tag}`);
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(page.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  await expect(row(learners[0].username).getByRole('img', { name: 'not validated' })).toBeVisible();

  // One learner, with confirmation.
  await row(learners[0].username).getByRole('link', { name: 'Validate' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Are you sure you want to validate this account?');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('flash')).toHaveText('Account validation completed successfully!');
  await expect(row(learners[0].username).getByRole('img', { name: 'validated', exact: true })).toBeVisible();

  // Three more at once.
  for (const l of learners.slice(1)) await page.getByLabel(`Select ${l.username}`).check();
  await page.getByRole('button', { name: 'Validate selected', exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText('Are you sure you want to validate 3 selected accounts?');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('flash')).toHaveText('Account validation completed successfully! 3 accounts validated.');
  for (const l of learners) await expect(row(l.username).getByRole('img', { name: 'validated', exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/practices/users\\?q=${tag}$`));
});

test('a learner sees the learners list without staff columns and a player page', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/users');
  await expect(page.getByRole('columnheader', { name: 'Total Points' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Email' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Validate' })).toHaveCount(0);
  await visit(page, `/practices/users?q=${learner.username}`);
  await page.getByRole('link', { name: learner.username, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/practices/users/${learner.id}$`));
  await expect(page.getByRole('heading', { name: learner.username })).toBeVisible();
  await expect(page.getByText('No challenge solved yet')).toBeVisible();
});

test('the superuser imports learners from an .xlsx file and sees a report per row', async ({ page }) => {
  const a = uniqueName('imp');
  const b = uniqueName('imp');
  const bytes = await xlsx([
    [a, 'Imported A', `${a}@example.com`, 'F', 'BJ'],
    [b, 'Imported B', `${b}@example.com`, 'M', 'TG'],
    ['broken', 'No Mail', 'not-an-email', 'M', 'BJ'],
  ]);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users');
  await page.getByRole('link', { name: 'Export learner' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Upload' }).click({ noWaitAfter: true });
  // The browser's own required check (or the server, if it is bypassed) keeps an empty upload out.
  await expect(page.getByRole('dialog')).toBeVisible();
  await dialog.getByLabel('Excel file').setInputFiles({ name: 'learners.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(bytes) });
  await dialog.getByRole('button', { name: 'Upload' }).click();
  const report = page.getByRole('region', { name: 'Learner exportation completed successfully' });
  await expect(report).toContainText('2 created · 0 updated · 0 unchanged · 1 rejected');
  await expect(report.locator('tr[data-outcome="created"]')).toHaveCount(2);
  await expect(report.locator('tr[data-outcome="rejected"]')).toContainText('Enter a valid email address.');
  await visit(page, `/practices/users?q=${a}`);
  await expect(page.getByRole('row').filter({ hasText: `${a}@example.com` }).getByRole('img', { name: 'validated', exact: true })).toBeVisible();
});
