// One schema, both sides of a form: with JavaScript the shared zod schema (app/schemas) refuses an
// invalid form in the browser, under its fields and without posting; without JavaScript the same
// input posts and the server answers with the very same messages. Sign-up posts either way: only
// the server knows whether its username or e-mail is taken, and it says every error at once.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { datesFor, PNG_BYTES } from '../support/event-factories';
import { makeChallenge, superuserToken } from './challenge-api';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit, writeDescription } from './helpers';
import { tr, trLabelStart } from './language';

const EVENT = 'Cyber Week Online CTF';
const TOO_SHORT = 'This password is too short. It must contain at least 8 characters.';
const REQUIRED = 'This field is required.';

/** The POSTs the page sends from now on. */
function watchPosts(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST') posts.push(new URL(request.url()).pathname);
  });
  return posts;
}

/** The error shown under a labelled field, tied to it (aria-describedby). */
async function expectFieldError(page: Page, label: string, message: string) {
  const field = page.getByLabel(tr(label), { exact: true });
  message = tr(message);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // The error, among what describes the field (a note may too: the passwords to type again).
  const describedBy = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
  await expect(page.locator(describedBy.map((id) => `[id="${id}"]`).join(', ')).filter({ hasText: message })).toHaveText(message);
}

/** Whether the browser's own check refuses the field as empty (a required file or radio, without JavaScript). */
const valueMissing = (field: Locator) => field.evaluate((el: HTMLInputElement) => el.validity.valueMissing);

/** A file of `megabytes` MB. */
const fileOf = (name: string, megabytes: number) => ({ name, mimeType: 'application/octet-stream', buffer: Buffer.alloc(Math.round(megabytes * 1024 * 1024), 1) });

/** With JavaScript nothing was posted; without it the form was, and the server answered. */
function expectPosted(posts: string[], path: string) {
  const js = test.info().project.use.javaScriptEnabled !== false;
  expect(posts).toEqual(js ? [] : [path]);
}

test('sign-up: a taken username, a too-short password and a mismatch are said at once under their fields, with or without JavaScript', async ({ page, request, baseURL }) => {
  const existing = await activeLearner(request, baseURL!);
  await visit(page, '/sign-up');
  const posts = watchPosts(page);
  // The schema's required fields are marked so; without JavaScript the browser checks them first (no
  // novalidate), with it the schema's own messages replace the browser's.
  for (const label of ['Username', 'Full name', 'Email', 'Password', 'Confirm password']) await expect(page.getByLabel(tr(label), { exact: true })).toHaveAttribute('required', '');
  const js = test.info().project.use.javaScriptEnabled !== false;
  await expect(page.locator('form').filter({ has: page.getByLabel(tr('Username')) })).toHaveJSProperty('noValidate', js);
  const email = `${uniqueName('fv')}@example.com`;
  await page.getByLabel(tr('Username')).fill(existing.username);
  await page.getByLabel(tr('Full name')).fill('Form Validation');
  await page.getByLabel(tr('Email')).fill(email);
  await page.getByLabel(tr('Password'), { exact: true }).fill('short');
  await page.getByLabel(tr('Confirm password')).fill('shorter');
  await page.getByRole('button', { name: tr('Sign up') }).click();
  // Only the server knows the username is taken: the form posts even though the browser found the
  // passwords wrong, and the answer says all three (sign-up's postWhenInvalid).
  await expectFieldError(page, 'Username', 'A user with that username already exists.');
  await expectFieldError(page, 'Password', TOO_SHORT);
  await expectFieldError(page, 'Confirm password', "The two password fields didn't match.");
  await expect(page.getByLabel(tr('Username'))).toBeFocused();
  await expect(page.getByLabel(tr('Email'))).toHaveValue(email);
  expect(posts).toHaveLength(1);
  expect(posts[0]).toMatch(/^\/sign-up(\.data)?$/);
});

test('with JavaScript a field is checked when it is left, and its error goes as it is corrected, without posting', async ({ page }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, 'blur and input checks need JavaScript');
  await visit(page, '/password/forgot');
  const posts = watchPosts(page);
  await page.getByLabel(tr('Email')).fill('not-an-address');
  await page.getByLabel(tr('Email')).blur();
  await expectFieldError(page, 'Email', 'Enter a valid email address.');
  await page.getByLabel(tr('Email')).fill('someone@example.com');
  await expect(page.getByLabel(tr('Email'))).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tr('Enter a valid email address.'))).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('sign-up with JavaScript: after the answer, an error goes as its field is corrected', async ({ page, request, baseURL }) => {
  test.skip(test.info().project.use.javaScriptEnabled === false, 'input checks need JavaScript');
  const existing = await activeLearner(request, baseURL!);
  await visit(page, '/sign-up');
  await page.getByLabel(tr('Username')).fill(existing.username);
  await page.getByLabel(tr('Full name')).fill('Form Validation');
  await page.getByLabel(tr('Email')).fill(`${uniqueName('fv')}@example.com`);
  await page.getByLabel(tr('Password'), { exact: true }).fill('1234');
  await page.getByLabel(tr('Confirm password')).fill('1234');
  await page.getByRole('button', { name: tr('Sign up') }).click();
  await expectFieldError(page, 'Password', TOO_SHORT);
  const posts = watchPosts(page);
  await page.getByLabel(tr('Password'), { exact: true }).fill('a-long-enough-one');
  await expect(page.getByLabel(tr('Password'), { exact: true })).not.toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(tr(TOO_SHORT))).toHaveCount(0);
  expect(posts).toEqual([]);
});

test('teams: a mismatch on create and a join without name or password are said under their fields, with or without JavaScript', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);

  await visit(page, '/teams/create');
  let posts = watchPosts(page);
  await page.getByLabel(tr('Event')).selectOption({ label: EVENT });
  await page.getByLabel(tr('Team name')).fill(uniqueName('Team '));
  await page.getByLabel(tr('Password'), { exact: true }).fill('team-password-1');
  await page.getByLabel(tr('Confirm password')).fill('team-password-2');
  await page.getByRole('button', { name: tr('Create') }).click();
  await expectFieldError(page, 'Confirm password', "This two password field didn't match");
  expectPosted(posts, '/teams/create');

  await visit(page, '/teams/join');
  posts = watchPosts(page);
  await page.getByRole('button', { name: tr('Join') }).click();
  await expectFieldError(page, 'Team name', REQUIRED);
  await expectFieldError(page, 'Password', REQUIRED);
  expectPosted(posts, '/teams/join');
});

test('categories: a blank name, on add and on edit, is said under its field, by the browser with JavaScript, by the server without', async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/categories');
  // The add form keeps the browser's own `required` check until it is hydrated; spaces pass it and
  // are refused by the schema, in the browser or on the server.
  const js = test.info().project.use.javaScriptEnabled !== false;
  const add = page.getByLabel(tr('Enter challenge category'), { exact: true });
  await expect(add).toHaveAttribute('required', '');
  await expect(page.locator('form').filter({ has: add })).toHaveJSProperty('noValidate', js);
  let posts = watchPosts(page);
  await add.fill('   ');
  await page.getByRole('button', { name: tr('Add') }).click();
  await expectFieldError(page, 'Enter challenge category', REQUIRED);
  expectPosted(posts, '/practices/categories');
  if (js) {
    // Corrected, the message goes as it is typed.
    await add.fill('Web');
    await expect(add).not.toHaveAttribute('aria-invalid', 'true');
  }

  // A category to rename, made through the page.
  const name = uniqueName('FV category ');
  await visit(page, '/practices/categories');
  await page.getByLabel(tr('Enter challenge category'), { exact: true }).fill(name);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await page.getByRole('link', { name: tr('Edit {{title}}', { title: name }), exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: tr('Edit category') })).toBeVisible();
  posts = watchPosts(page);
  await dialog.getByLabel(tr('Category name')).fill('  ');
  await dialog.getByRole('button', { name: tr('Save') }).click();
  await expectFieldError(page, 'Category name', REQUIRED);
  expect(posts.filter((path) => path === '/practices/categories')).toEqual(js ? [] : ['/practices/categories']);
});

test('rewards: an empty add form and a coin under the minimum are said under their fields, with or without JavaScript', async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/blacks-fridays/rewards?dialog=add');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: tr('Add a reward') })).toBeVisible();
  const posts = watchPosts(page);
  await dialog.getByRole('button', { name: tr('Save') }).click();
  await expectFieldError(page, 'Title', REQUIRED);
  await expectFieldError(page, 'Coin', REQUIRED);
  await expectFieldError(page, 'CTF certification reward', REQUIRED);
  await expect(dialog.getByLabel(tr('Title'))).toBeFocused();
  expectPosted(posts, '/blacks-fridays/rewards');

  const title = uniqueName('FV reward ');
  await dialog.getByLabel(tr('Title')).fill(title);
  await dialog.getByLabel(tr('Coin')).fill('5');
  await dialog.getByLabel(tr('CTF certification reward')).selectOption('no');
  await dialog.getByRole('button', { name: tr('Save') }).click();
  await expectFieldError(page, 'Coin', tr('Ensure this value is greater than or equal to {{min}}.', { min: 10 }));
  await expect(dialog.getByLabel(tr('Title'))).toHaveValue(title);
  await expect(dialog.locator('#add-title-error')).toHaveCount(0);
  expect(posts.length).toBe(test.info().project.use.javaScriptEnabled === false ? 2 : 0);
});

test('events: a blank name on create is said under its field, by the browser with JavaScript, by the server without', async ({ page, javaScriptEnabled }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/events/create');
  await expect(page.getByRole('heading', { name: tr('New event') })).toBeVisible();
  const { startDate, endDate } = datesFor('upcoming');
  const posts = watchPosts(page);
  // Spaces pass the browser's own `required` (the form without JavaScript) and not the schema.
  await page.getByLabel(tr('Name')).fill('   ');
  await writeDescription(page, 'Checked before it posts.', javaScriptEnabled);
  await page.getByLabel(trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await page.getByLabel(tr('Start date (UTC)')).fill(startDate.toISOString().slice(0, 16));
  await page.getByLabel(tr('End date (UTC)')).fill(endDate.toISOString().slice(0, 16));
  await page.getByRole('button', { name: tr('Create'), exact: true }).click();
  await expectFieldError(page, 'Name', REQUIRED);
  expectPosted(posts, '/events/create');
});

test('challenge board: a blank flag, one of another format, then no writeup or one too large are said under their fields, by the browser with JavaScript, by the server without', async ({ page, request, baseURL }) => {
  const challenge = await makeChallenge(request, await superuserToken(request), {}, { value: 'CTF{checked_twice}', collation: 'plain_text' });
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  const js = test.info().project.use.javaScriptEnabled !== false;
  const dialog = page.getByRole('dialog');
  // Step one is noValidate with or without JavaScript: the product's messages, never the browser's.
  await expect(dialog.locator('form').filter({ has: page.getByLabel(tr('Flag')) })).toHaveJSProperty('noValidate', true);
  let posts = watchPosts(page);
  await dialog.getByRole('button', { name: tr('Check the flag') }).click();
  await expectFieldError(page, 'Flag', REQUIRED);
  expectPosted(posts, '/practices/challenges');
  posts = watchPosts(page);
  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('checked_twice');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expectFieldError(page, 'Flag', 'The flag must have the format CTF{flag}.');
  expectPosted(posts, '/practices/challenges');

  // Step two (after a check that posts): the writeup this scope asks for.
  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('CTF{checked_twice}');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(tr('Your flag is correct.'));
  const writeup = page.getByRole('dialog').getByLabel(tr('Writeup'));
  await expect(writeup).toHaveAttribute('required', '');
  posts = watchPosts(page);
  await page.getByRole('dialog').getByRole('button', { name: tr('Submit') }).click({ noWaitAfter: true });
  if (js) await expectFieldError(page, 'Writeup', 'A writeup file is required.');
  // Without JavaScript the browser's own required check keeps the empty form in.
  else expect(await valueMissing(writeup)).toBe(true);
  expect(posts).toEqual([]);
  // A file over 10 MB (within the body limit) passes the browser's check and not the schema's.
  await writeup.setInputFiles(fileOf('writeup.md', 10.5));
  await page.getByRole('dialog').getByRole('button', { name: tr('Submit') }).click();
  await expectFieldError(page, 'Writeup', tr('The file is too large (at most {{size}} MB).', { size: 10 }));
  await expect(page.getByRole('dialog').getByRole('status')).toHaveText(tr('Your flag is correct.'));
  expectPosted(posts, '/practices/challenges');
});

test('challenge create: a blank name, then a blank flag beside a chosen file, are said under their fields, by the browser with JavaScript, by the server without; Back is not checked; the file still goes', async ({ page, javaScriptEnabled }) => {
  const js = javaScriptEnabled !== false;
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges/create');
  await expect(page.getByLabel(tr('Name'))).toHaveAttribute('required', '');
  await expect(page.getByRole('form', { name: tr('Challenge details') })).toHaveJSProperty('noValidate', js);
  let posts = watchPosts(page);
  // Spaces pass the browser's own `required` (the form without JavaScript) and not the schema.
  await page.getByLabel(tr('Name')).fill('   ');
  await page.getByLabel(tr('Category')).selectOption({ index: 1 });
  await writeDescription(page, 'Checked before it posts.', javaScriptEnabled);
  await page.getByLabel(tr('Initial value')).fill('100');
  await page.getByRole('button', { name: tr('Next') }).click();
  await expectFieldError(page, 'Name', REQUIRED);
  expectPosted(posts, '/practices/challenges/create');

  const name = uniqueName('FV challenge ');
  await page.getByLabel(tr('Name')).fill(name);
  await page.getByRole('button', { name: tr('Next') }).click();
  const step = page.getByRole('dialog');
  await expect(step.getByRole('heading', { name: tr('Flag and files') })).toBeVisible();
  // Back (formNoValidate) posts the empty step unchecked, with or without JavaScript: the details come back.
  await step.getByRole('button', { name: tr('Back') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel(tr('Name'))).toHaveValue(name);
  await page.getByRole('button', { name: tr('Next') }).click();
  await expect(step.getByRole('heading', { name: tr('Flag and files') })).toBeVisible();
  posts = watchPosts(page);
  await step.getByLabel(tr('Flag'), { exact: true }).fill('   ');
  await step.getByLabel(tr('Collation')).selectOption('plain_text');
  const files = step.getByLabel(new RegExp(`^${tr('Files')}`));
  await files.setInputFiles({ name: 'fv-clue.txt', mimeType: 'text/plain', buffer: Buffer.from('a clue') });
  await step.getByRole('button', { name: tr('Create') }).click();
  await expectFieldError(page, 'Flag', REQUIRED);
  expectPosted(posts, '/practices/challenges/create');
  // The browser's refusal leaves the chosen file in place; a page the server sent has none (files never come back).
  if (js) expect(await page.getByRole('dialog').getByLabel(new RegExp(`^${tr('Files')}`)).evaluate((el: HTMLInputElement) => el.files?.length)).toBe(1);
  else await page.getByRole('dialog').getByLabel(new RegExp(`^${tr('Files')}`)).setInputFiles({ name: 'fv-clue.txt', mimeType: 'text/plain', buffer: Buffer.from('a clue') });
  await page.getByRole('dialog').getByLabel(tr('Flag'), { exact: true }).fill('CTF{form_validation}');
  await page.getByRole('dialog').getByRole('button', { name: tr('Create') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await page.getByRole('navigation', { name: tr('Challenge sections') }).getByRole('link', { name: tr('Files') }).click();
  await expect(page.getByRole('region', { name: tr('Files') })).toContainText('fv-clue.txt');
});

test('challenge edit: a blank name, flag and hint are said under their fields, by the browser with JavaScript, by the server without', async ({ page, request }) => {
  const challenge = await makeChallenge(request, await superuserToken(request));
  const path = `/practices/challenges/${challenge.id}`;
  await logIn(page, SUPERUSER.email, SUPERUSER.password);

  await visit(page, path);
  let posts = watchPosts(page);
  await page.getByLabel(tr('Name')).fill('  ');
  await page.getByRole('button', { name: tr('Save') }).click();
  await expectFieldError(page, 'Name', REQUIRED);
  expectPosted(posts, path);

  await visit(page, `${path}?tab=flag`);
  posts = watchPosts(page);
  await page.getByLabel(tr('Flag'), { exact: true }).fill('  ');
  await page.getByRole('button', { name: tr('Save') }).click();
  await expectFieldError(page, 'Flag', REQUIRED);
  expectPosted(posts, path);

  await visit(page, `${path}?tab=hint`);
  posts = watchPosts(page);
  await page.getByLabel(tr('Hint'), { exact: true }).fill('  ');
  await page.getByLabel(new RegExp(`^${tr('Score deducted (at most {{most}})', { most: 0 }).split(' (')[0]}`)).fill('5');
  await page.getByRole('button', { name: tr('Add hint') }).click();
  await expectFieldError(page, 'Hint', REQUIRED);
  expectPosted(posts, path);
});

test('learners import: no file, then one over 5 MB, are said under the field, by the browser with JavaScript (by its own required check, then the server, without)', async ({ page }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users?dialog=import');
  const dialog = page.getByRole('dialog', { name: tr('Export learner') });
  const file = dialog.getByLabel(tr('Excel file'));
  await expect(file).toHaveAttribute('required', '');
  await expect(dialog.locator('form')).toHaveJSProperty('noValidate', js);
  const posts = watchPosts(page);
  await dialog.getByRole('button', { name: tr('Upload') }).click({ noWaitAfter: true });
  if (js) await expectFieldError(page, 'Excel file', 'No file was submitted.');
  else expect(await valueMissing(file)).toBe(true);
  expect(posts).toEqual([]);
  // Over the import's 5 MB but within the body limit: the schema's refusal, in the browser or on the server.
  await file.setInputFiles(fileOf('learners.xlsx', 5.5));
  await dialog.getByRole('button', { name: tr('Upload') }).click();
  await expectFieldError(page, 'Excel file', tr('The file is too large (at most {{size}} MB).', { size: 5 }));
  await expect(page.getByRole('dialog', { name: tr('Export learner') })).toBeVisible();
  expectPosted(posts, '/practices/users');
});
