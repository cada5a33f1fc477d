import { expect, test } from '@playwright/test';
import { activeLearner, logIn, visit } from './helpers';
import { tr } from './language';

test('a field error is tied to its field and the field takes the focus: forgot password, and the flag on the board', async ({ page, request, baseURL }) => {
  await visit(page, '/password/forgot');
  await page.getByLabel(tr('Email')).fill('nobody-here@example.com');
  await page.getByRole('button', { name: tr('Send link') }).click();
  const email = page.getByLabel(tr('Email'));
  await expect(page.locator('#email-error')).toHaveText(tr('No users found with this email address.'));
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAttribute('aria-describedby', 'email-error');
  await expect(email).toBeFocused();

  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/challenges');
  // Through its category: other tests add practice challenges, which can push it past the first page.
  await page.getByRole('region', { name: tr('Categories') }).getByRole('link', { name: /Cryptography/ }).click();
  await page.getByRole('link', { name: 'Caesar salad' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(tr('Flag')).fill('CTF{not_this_one}');
  await dialog.getByRole('button', { name: tr('Check the flag') }).click();
  const flag = page.getByRole('dialog').getByLabel(tr('Flag'));
  await expect(page.locator('#flag-error')).toHaveText(tr('Your flag is incorrect.'));
  await expect(flag).toHaveAttribute('aria-invalid', 'true');
  await expect(flag).toHaveAttribute('aria-describedby', 'flag-error');
  await expect(flag).toBeFocused();
});
