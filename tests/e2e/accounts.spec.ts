import { expect, test } from '@playwright/test';
import { logInWithForm, logOut, mailLink, uniqueName, visit } from './helpers';
import { tr, trPattern } from './language';

test('a visitor signs up, activates from the e-mail, logs in, edits the profile, changes the e-mail and logs out', async ({ page, javaScriptEnabled }) => {
  const username = uniqueName('ada');
  const email = `${username}@example.com`;

  await visit(page, '/');
  await page.getByRole('main').getByRole('link', { name: tr('Sign up') }).click();
  await expect(page).toHaveURL(/\/sign-up$/);

  // A mismatch comes back under its field, with what was typed kept.
  await page.getByLabel(tr('Username')).fill(username);
  await page.getByLabel(tr('Full name')).fill('Ada Lovelace');
  await page.getByLabel(tr('Email')).fill(email);
  await page.getByLabel(tr('Gender')).selectOption('F');
  await page.getByLabel(tr('Country')).selectOption('SN');
  await page.getByLabel(tr('Password'), { exact: true }).fill('analytical-engine-1');
  await page.getByLabel(tr('Confirm password')).fill('analytical-engine-2');
  await page.getByRole('button', { name: tr('Sign up') }).click();
  await expect(page.getByText(tr("The two password fields didn't match."))).toBeVisible();
  await expect(page.getByLabel(tr('Username'))).toHaveValue(username);

  await page.getByLabel(tr('Password'), { exact: true }).fill('analytical-engine-1');
  await page.getByLabel(tr('Confirm password')).fill('analytical-engine-1');
  await page.getByRole('button', { name: tr('Sign up') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('flash')).toHaveText(
    tr('Your account has been successfully created ! Please check your inbox for a confirmation email. Click on the link provided to activate your account and access all features.'),
  );

  await visit(page, await mailLink(email, trPattern('Activate your CTF account')));
  await page.getByRole('button', { name: tr('Activate my account') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('flash')).toHaveText(tr('Your account has been successfully activated. You can now log in'));

  await logInWithForm(page, email, 'analytical-engine-1');
  await expect(page.locator('header')).toContainText(username);
  await expect(page.getByRole('main').getByRole('link', { name: tr('Sign up') })).toHaveCount(0);

  // Edit the profile: name and picture.
  await visit(page, '/me');
  await expect(page.getByText(tr('My black friday coins'))).toBeVisible();
  await page.getByRole('link', { name: tr('Edit') }).click();
  await page.getByLabel(tr('Full name')).fill('Augusta Ada King');
  await page.getByLabel(tr('Profile picture')).setInputFiles({
    name: 'me.png',
    mimeType: 'image/png',
    buffer: Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5c1e9d40000000049454e44ae426082', 'hex'),
  });
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your account has been successfully modified.'));
  await expect(page.getByText('Augusta Ada King')).toHaveCount(2);
  await expect(page.getByRole('img', { name: tr("{{username}}'s profile", { username }) })).toHaveAttribute('src', /^\/media\/profiles\/\d+$/);

  // Change the e-mail: the account is deactivated and the login page says why.
  const newEmail = `new-${email}`;
  await page.getByRole('link', { name: tr('Edit') }).click();
  await page.getByLabel(tr('Email')).fill(newEmail);
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('flash')).toHaveText(
    tr('Your email has been changed, causing your account to be deactivated. Please reactivate your account via the link sent to your new address.'),
  );

  await visit(page, await mailLink(newEmail, trPattern('Activate your CTF account')));
  await page.getByRole('button', { name: tr('Activate my account') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your account has been successfully activated. You can now log in'));
  await logInWithForm(page, newEmail, 'analytical-engine-1');

  await logOut(page, javaScriptEnabled);
  await visit(page, '/me');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fme$/);
});

test('forgot password: the e-mailed link sets a new password once', async ({ page, request, baseURL }) => {
  const { activeLearner } = await import('./helpers');
  const learner = await activeLearner(request, baseURL!);

  await visit(page, '/login');
  await page.getByRole('link', { name: tr('Forgot password?') }).click();
  await expect(page.getByRole('heading', { name: tr('Forgot your password?') })).toBeVisible();
  await page.getByLabel(tr('Email')).fill('nobody-here@example.com');
  await page.getByRole('button', { name: tr('Send link') }).click();
  await expect(page.getByText(tr('No users found with this email address.'))).toBeVisible();

  const before = Date.now();
  await page.getByLabel(tr('Email')).fill(learner.email.toUpperCase());
  await page.getByRole('button', { name: tr('Send link') }).click();
  await expect(page.getByText(tr('The password reset email was sent successfully.'))).toBeVisible();

  const link = await mailLink(learner.email, /Reset/, before);
  await visit(page, link);
  await page.getByLabel(tr('New password'), { exact: true }).fill('fresh-password-1');
  await page.getByLabel(tr('Confirm new password')).fill('fresh-password-2');
  await page.getByRole('button', { name: tr('Reset password') }).click();
  await expect(page.getByText(tr("The two password fields didn't match."))).toBeVisible();

  await page.getByLabel(tr('New password'), { exact: true }).fill('fresh-password-1');
  await page.getByLabel(tr('Confirm new password')).fill('fresh-password-1');
  await page.getByRole('button', { name: tr('Reset password') }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('flash')).toHaveText(tr('Your password has been successfully reset. You can now log in with your new password'));

  await logInWithForm(page, learner.email, 'fresh-password-1');

  // The same link does not work twice.
  await visit(page, link);
  await page.getByLabel(tr('New password'), { exact: true }).fill('third-password-1');
  await page.getByLabel(tr('Confirm new password')).fill('third-password-1');
  await page.getByRole('button', { name: tr('Reset password') }).click();
  await expect(page.getByText(tr('Invalid token for given user.'))).toBeVisible();
});

test('unknown paths go to /login when anonymous and home when logged in', async ({ page, request, baseURL }) => {
  await visit(page, '/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
  const { activeLearner } = await import('./helpers');
  const learner = await activeLearner(request, baseURL!);
  await logInWithForm(page, learner.email, learner.password);
  await visit(page, '/no/such/page');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: tr('Welcome to CTF Arena') })).toBeVisible();
});
