// What a form keeps when the server refuses it (issue 21 §1), JS off and on. Without JavaScript the
// page comes back from the server: what it typed is filled back in, but the passwords (never sent
// back) and a chosen file (a browser never keeps one across a load) are empty, and the form says so
// beside them. With JavaScript the page stays: they keep their values, and no note is needed.
import { expect, test } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr, trLabelStart } from './language';

const PASSWORDS = 'Type the passwords again: they are never sent back to the page.';

test('sign-up refused for a taken username keeps the typed fields and says the passwords must be typed again', async ({ page, request, baseURL }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  const taken = await activeLearner(request, baseURL!);
  await visit(page, '/sign-up');
  const fullname = `Kept ${uniqueName('k')}`;
  await page.getByLabel(tr('Username')).fill(taken.username);
  await page.getByLabel(tr('Full name')).fill(fullname);
  await page.getByLabel(tr('Email')).fill(`${uniqueName('kept')}@example.com`);
  await page.getByLabel(tr('Password'), { exact: true }).fill('a-good-password-1');
  await page.getByLabel(tr('Confirm password')).fill('a-good-password-1');
  await page.getByRole('button', { name: tr('Sign up') }).click();
  await expect(page.getByText(tr('A user with that username already exists.'))).toBeVisible();
  await expect(page.getByLabel(tr('Full name'))).toHaveValue(fullname);
  if (js) {
    await expect(page.getByLabel(tr('Password'), { exact: true })).toHaveValue('a-good-password-1');
    await expect(page.getByText(tr(PASSWORDS))).toHaveCount(0);
  } else {
    await expect(page.getByLabel(tr('Password'), { exact: true })).toHaveValue('');
    await expect(page.getByText(tr(PASSWORDS))).toBeVisible();
    // Read with the field, by a screen reader too.
    await expect(page.getByLabel(tr('Password'), { exact: true })).toHaveAccessibleDescription(new RegExp(tr(PASSWORDS).replace(/[.:]/g, '.')));
  }
});

test("'Next Friday' without JavaScript says the chosen image must be chosen again; with it the image stays", async ({ page }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/events/create');
  await page.getByLabel(tr('Type'), { exact: true }).selectOption({ label: tr('Black Friday') });
  await page.getByLabel(trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')).setInputFiles({ name: 'event.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await page.getByRole('button', { name: tr('Next Friday') }).click();
  await expect(page.getByLabel(tr('Start date (UTC)'))).not.toHaveValue('');
  const chosen = await page.getByLabel(trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')).evaluate((input: HTMLInputElement) => input.files?.length ?? 0);
  if (js) {
    expect(chosen).toBe(1);
    await expect(page.getByTestId('image-note')).toHaveCount(0);
  } else {
    expect(chosen).toBe(0);
    await expect(page.getByTestId('image-note')).toHaveText(tr('If you had chosen an image, choose it again: a browser does not keep a chosen file when the page comes back.'));
  }
});

test('/me refused without JavaScript says the chosen picture must be chosen again; with it the picture stays', async ({ page, request, baseURL }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  const [learner, other] = [await activeLearner(request, baseURL!), await activeLearner(request, baseURL!)];
  await logIn(page, learner.email, learner.password);
  await visit(page, '/me');
  await page.getByRole('link', { name: tr('Edit') }).click();
  // Another account's username: only the server refuses it, so the form posts with JavaScript too.
  await page.getByLabel(tr('Username')).fill(other.username);
  const picture = page.getByLabel(tr('Profile picture'));
  await picture.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: Buffer.from('89504e470d0a1a0a', 'hex') });
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByText(tr('A user with that username already exists.'))).toBeVisible();
  const note = tr('If you had chosen a picture, choose it again: a browser does not keep a chosen file when the page comes back.');
  if (js) {
    expect(await picture.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(1);
    await expect(page.getByText(note)).toHaveCount(0);
  } else {
    expect(await picture.evaluate((input: HTMLInputElement) => input.files?.length ?? 0)).toBe(0);
    await expect(page.getByText(note)).toBeVisible();
  }
});
