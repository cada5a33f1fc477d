import { expect, test } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit, writeDescription } from './helpers';
import { escaped, tr, trLabelStart } from './language';

/** The start of the message a regex flag that does not compile gets, whatever the engine says after it. */
const invalidRegex = () => new RegExp(`^${escaped(tr('Invalid regular expression: {{error}}', { error: '' }))}`);

test('staff create a dynamic challenge with a hint and a file, download it and delete it after confirmation', async ({ page, javaScriptEnabled }) => {
  const name = uniqueName('Authored ');
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges/create');
  await expect(page.getByRole('heading', { name: tr('Add a challenge') })).toBeVisible();

  // Step one: the main form.
  await page.getByLabel(tr('Name')).fill(name);
  await page.getByLabel(tr('Category')).selectOption({ index: 1 });
  await page.getByLabel(tr('Type'), { exact: true }).selectOption('dynamic');
  await page.getByLabel(tr('Level')).selectOption('medium');
  await writeDescription(page, 'Find the flag in the attached file.', javaScriptEnabled);
  await page.getByLabel(tr('Initial value')).fill('500');
  await page.getByLabel(tr('Minimal value (dynamic only)')).fill('100');
  await page.getByLabel(tr('Decay value (dynamic only)')).fill('50');
  await page.getByRole('button', { name: tr('Next') }).click();

  // Step two: the flag and the files; nothing exists before this is sent.
  const step = page.getByRole('dialog');
  await expect(step.getByRole('heading', { name: tr('Flag and files') })).toBeVisible();
  await step.getByLabel(tr('Flag'), { exact: true }).fill('CTF{(unclosed}');
  await step.getByLabel(tr('Collation')).selectOption('regex');
  await step.getByRole('button', { name: tr('Create') }).click();
  await expect(page.getByRole('dialog').getByText(invalidRegex())).toBeVisible();
  await page.getByRole('dialog').getByLabel(tr('Flag'), { exact: true }).fill('CTF{authored_in_the_browser}');
  await page.getByRole('dialog').getByLabel(tr('Collation')).selectOption('plain_text');
  await page.getByRole('dialog').getByLabel(trLabelStart('Files (optional, at most {{size}} MB each)')).setInputFiles({ name: 'clue.txt', mimeType: 'text/plain', buffer: Buffer.from('the clue is here') });
  await page.getByRole('dialog').getByRole('button', { name: tr('Create') }).click();

  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await expect(page).toHaveURL(/\/practices\/challenges\/\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByLabel(tr('Type'), { exact: true })).toHaveValue('dynamic');
  await expect(page.getByLabel(tr('Minimal value (dynamic only)'))).toHaveValue('100');
  if (javaScriptEnabled) await expect(page.getByTestId('description-rich-editor')).toContainText('Find the flag in the attached file.');
  else await expect(page.getByLabel(tr('Description'))).toHaveValue('Find the flag in the attached file.');
  const tabs = page.getByRole('navigation', { name: tr('Challenge sections') });

  // The hint: at most half of the initial value.
  await tabs.getByRole('link', { name: tr('Hint') }).click();
  await expect(page).toHaveURL(/\?tab=hint$/);
  await page.getByLabel(tr('Hint'), { exact: true }).fill('Open the file.');
  await page.getByLabel(trLabelStart('Score deducted (at most {{most}})')).fill('251');
  await page.getByRole('button', { name: tr('Add hint') }).click();
  await expect(page.getByText(tr('Hint score should be less than or equal to half of the initial challenge value'))).toBeVisible();
  await page.getByLabel(trLabelStart('Score deducted (at most {{most}})')).fill('100');
  await page.getByRole('button', { name: tr('Add hint') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await expect(page.getByLabel(tr('Hint'), { exact: true })).toHaveValue('Open the file.');

  // The flag is there.
  await tabs.getByRole('link', { name: tr('Flag') }).click();
  await expect(page.getByLabel(tr('Flag'), { exact: true })).toHaveValue('CTF{authored_in_the_browser}');

  // The file downloads as an attachment under its own name.
  await tabs.getByRole('link', { name: tr('Files') }).click();
  const link = page.getByRole('link', { name: 'clue.txt', exact: true });
  await expect(link).toBeVisible();
  const download = await page.request.get((await link.getAttribute('href'))!);
  expect(download.status()).toBe(200);
  expect(download.headers()['content-disposition']).toMatch(/^attachment; filename="clue\.txt"/);
  expect(await download.text()).toBe('the clue is here');

  // Deleting it asks first.
  await page.getByRole('link', { name: tr('Delete {{name}}', { name: 'clue.txt' }) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(`${tr('Are you sure you want to delete the file')} clue.txt${tr('? It is removed from the server for good.')}`);
  await confirm.getByRole('button', { name: tr('Delete') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('File deleted successfully!'));
  await expect(page.getByText(tr('No data has been added yet'))).toBeVisible();
  expect((await page.request.get(download.url())).status()).toBe(404);
});

test('learners cannot open the authoring pages', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await visit(page, '/practices/challenges/create');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fchallenges%2Fcreate$/);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/challenges/create');
  await expect(page).toHaveURL(/\/$/);
});

test('the superuser deletes a challenge after confirmation', async ({ page, javaScriptEnabled }) => {
  const name = uniqueName('Doomed ');
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges/create');
  await page.getByLabel(tr('Name')).fill(name);
  await page.getByLabel(tr('Category')).selectOption({ index: 1 });
  await writeDescription(page, 'Short lived.', javaScriptEnabled);
  await page.getByLabel(tr('Initial value')).fill('50');
  await page.getByRole('button', { name: tr('Next') }).click();
  await page.getByRole('dialog').getByLabel(tr('Flag'), { exact: true }).fill('CTF{doomed}');
  await page.getByRole('dialog').getByLabel(tr('Collation')).selectOption('plain_text');
  await page.getByRole('dialog').getByRole('button', { name: tr('Create') }).click();
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const url = page.url();

  await page.getByRole('link', { name: tr('Delete challenge') }).click();
  await expect(page.getByRole('dialog')).toContainText(`${tr('Are you sure you want to delete')} ${name}${tr('? Its flag, hint, files and every submission made for it are deleted too, and the points they earned leave the scoreboard.')}`);
  await page.getByRole('dialog').getByRole('button', { name: tr('Delete') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Challenge deleted successfully!'));
  await expect(page).toHaveURL(/\/practices\/challenges$/);
  const gone = await page.request.get(url);
  expect(gone.status()).toBe(404);
  // Only numeric ids name a challenge.
  expect((await page.request.get('/practices/challenges/not-a-number')).status()).toBe(404);
});

test('the rich text editor takes the place of the textarea without moving the buttons below it', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'without JavaScript the textarea stays');
  // Held back, the editor's chunk lets the page show its textarea first, as a slow phone does. A
  // form that jumps when the editor arrives makes a click aimed at its button land elsewhere: a CI
  // run once clicked beside Save that way, and the edit was never sent.
  let release!: () => void;
  const released = new Promise<void>((resolve) => { release = resolve; });
  await page.route(/\/assets\/mdx-editor\.client-[^/]*\.js$/, async (route) => { await released; await route.continue(); });
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/events/create');
  const create = page.getByRole('button', { name: tr('Create'), exact: true });
  const before = (await create.boundingBox())!;
  release();
  await expect(page.getByTestId('description-rich-editor').locator('[contenteditable="true"]')).toBeVisible();
  await expect.poll(async () => (await create.boundingBox())!.y, { message: `the button was at ${before.y}` }).toBeCloseTo(before.y, 0);
});
