// Issue 8 §2: challenges read as their authors wrote them, JS off and on.
import { expect, test } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, visit } from './helpers';
import { addHint, makeCategory, makeChallenge, solve, superuserToken, tokenOf } from './challenge-api';

const DESCRIPTION = [
  'Read [the manual](https://example.org/manual) first.',
  '',
  '| Port | Service |',
  '| --- | --- |',
  '| 22 | ssh |',
  '',
  '```',
  'nc target 22',
  '```',
].join('\n');

test('a learner reads formatted text and hint, pastes a spaced flag, then sees their own score, the solvers\' scores and Next', async ({ page, request, baseURL }) => {
  const root = await superuserToken(request);
  const next = await makeChallenge(request, root);
  const challenge = await makeChallenge(request, root, { description: DESCRIPTION, initial_value: '133', next: String(next.id) }, { value: 'CTF{spaced_out}', collation: 'plain_text' });
  await addHint(request, root, challenge.id, 'Look at the **second** byte.', 10);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);

  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  const dialog = page.getByRole('dialog');
  const text = dialog.getByTestId('challenge-description');
  // Links underlined, table cells bordered and padded, code blocks on a background.
  await expect(text.getByRole('link', { name: 'the manual' })).toHaveCSS('text-decoration-line', 'underline');
  await expect(text.locator('td').first()).toHaveCSS('border-top-width', '1px');
  await expect(text.locator('td').first()).not.toHaveCSS('padding-left', '0px');
  await expect(text.locator('pre')).not.toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  await dialog.getByRole('link', { name: 'Hint (−10 points)' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Unlock the hint' }).click();
  const hint = page.getByTestId('hint');
  await expect(hint.locator('strong')).toHaveText('second');
  await expect(hint).not.toContainText('**');

  // No browser pattern: a wrong format gets the product's message; spaces around a flag are fine.
  await page.getByRole('dialog').getByLabel('Flag').fill('spaced_out');
  await page.getByRole('dialog').getByRole('button', { name: 'Check the flag' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('The flag must have the format CTF{flag}.');
  await page.getByRole('dialog').getByLabel('Flag').fill('  CTF{spaced_out}  ');
  await page.getByRole('dialog').getByRole('button', { name: 'Check the flag' }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Your flag is correct.' })).toHaveText('Your flag is correct.');
  await page.getByRole('dialog').getByLabel('Writeup').setInputFiles({ name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('Bytes.') });
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('flash')).toHaveText('Your flag and writeup were submitted successfully.');

  // 133 minus the 10-point hint: what the learner scored, not the next solver's value.
  await expect(page.getByRole('dialog').getByTestId('own-score')).toHaveText('You scored 123 points');
  await page.getByRole('dialog').getByRole('link', { name: /^\d+ Solved$/ }).click();
  const solvers = page.getByRole('list', { name: 'Top solvers' });
  await expect(solvers.getByRole('listitem').filter({ hasText: learner.username })).toContainText('123 points');
  await page.getByRole('dialog').getByRole('link', { name: 'Challenge', exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: `Next: ${next.name}` }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: next.name })).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('a solved card shows the learner\'s own score', async ({ page, request, baseURL }) => {
  const root = await superuserToken(request);
  const category = await makeCategory(request, root);
  const challenge = await makeChallenge(request, root, { initial_value: '133', category: String(category) });
  await addHint(request, root, challenge.id, 'Hint.', 10);
  const learner = await activeLearner(request, baseURL!);
  const token = await tokenOf(request, learner.email, learner.password);
  const hint = await request.get(`/api/challenges/${challenge.id}/`, { headers: { Authorization: `Bearer ${token}` } });
  // Unlocking is a GET that changes state: it must come from the site (the request fixture keeps a cookie).
  const unlocked = await request.get(`/api/challenges/${challenge.id}/hints/${(await hint.json()).hint_id}/`, { headers: { Authorization: `Bearer ${token}`, Referer: `${baseURL}/practices/challenges` } });
  expect(unlocked.status(), await unlocked.text()).toBe(200);
  await solve(request, token, challenge.id, 'CTF{read_me}');
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/challenges?category=${category}`);
  const card = page.getByRole('list', { name: 'Challenges' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: challenge.name, exact: true }) });
  await expect(card.getByTestId('own-score')).toHaveText('123 points scored');
  await expect(card).toContainText('Solved · you scored 123');
  await expect(card).not.toContainText('133');
});

test('a rejected solve says so with the comment, on the card and in the dialog, and the learner may submit again', async ({ page, request, baseURL }) => {
  const root = await superuserToken(request);
  const category = await makeCategory(request, root);
  const challenge = await makeChallenge(request, root, { category: String(category) });
  const learner = await activeLearner(request, baseURL!);
  const id = await solve(request, await tokenOf(request, learner.email, learner.password), challenge.id, 'CTF{read_me}');
  const dismissed = await request.put(`/api/submissions/${id}/dismiss/`, { headers: { Authorization: `Bearer ${root}` }, data: { description: 'The writeup skips the key step.' } });
  expect(dismissed.ok()).toBe(true);

  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/challenges?category=${category}&challenge=${challenge.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('rejected-note')).toContainText("Reviewer's comment: The writeup skips the key step.");
  await expect(dialog.getByTestId('rejected-note')).toContainText('You may submit this challenge again.');
  await expect(dialog.getByRole('button', { name: 'Check the flag' })).toBeVisible();
  await dialog.getByRole('link', { name: 'Close' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const card = page.getByRole('list', { name: 'Challenges' }).getByRole('listitem').filter({ has: page.getByRole('link', { name: challenge.name, exact: true }) });
  await expect(card.getByText('Rejected', { exact: true })).toBeVisible();
  await expect(card.getByTestId('rejected-note')).toContainText("Reviewer's comment: The writeup skips the key step.");
});

test('staff check a flag but get no Submit button, with a note saying why', async ({ page, request }) => {
  const root = await superuserToken(request);
  const challenge = await makeChallenge(request, root);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('staff-note')).toHaveText('Staff accounts check flags but do not submit them.');
  await dialog.getByLabel('Flag').fill('CTF{read_me}');
  await dialog.getByRole('button', { name: 'Check the flag' }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Your flag is correct.' })).toContainText('Your flag is correct.');
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Your flag is correct.' })).toContainText('Staff accounts check flags but do not submit them.');
  await expect(page.getByRole('dialog').getByRole('button', { name: 'Submit' })).toHaveCount(0);
  await expect(page.getByRole('dialog').getByLabel('Writeup')).toHaveCount(0);
});

test('authoring refuses a plain text flag without the CTF{...} format and warns about a regex that cannot match it', async ({ page, request }) => {
  const root = await superuserToken(request);
  const challenge = await makeChallenge(request, root, { description: DESCRIPTION });
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/challenges/${challenge.id}`);
  // The saved description previewed as learners read it.
  await expect(page.getByTestId('description-preview').locator('td').first()).toHaveCSS('border-top-width', '1px');

  await visit(page, `/practices/challenges/${challenge.id}?tab=flag`);
  await page.getByLabel('Flag', { exact: true }).fill('plainflag');
  await page.getByLabel('Collation').selectOption('plain_text');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#flag-value-error')).toHaveText('A plain text flag must have the format CTF{flag}: learners can only submit flags of that format.');
  await expect(page.getByLabel('Flag', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel('Flag', { exact: true }).fill('no_format_flag');
  await page.getByLabel('Collation').selectOption('regex');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('flash')).toHaveText('Update completed successfully!');
  await expect(page.getByTestId('flag-warning')).toContainText('This regular expression does not seem to match any flag of the format CTF{flag}');
  await page.getByLabel('Flag', { exact: true }).fill('CTF\\{[a-z_]+\\}');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('flash')).toHaveText('Update completed successfully!');
  await expect(page.getByTestId('flag-warning')).toHaveCount(0);
});
