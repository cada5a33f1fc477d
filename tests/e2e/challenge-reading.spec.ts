// Issue 8 §2: challenges read as their authors wrote them, JS off and on.
import { expect, test } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, visit } from './helpers';
import { tr, trCount } from './language';
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

  await dialog.getByRole('link', { name: tr('Hint (−{{count}} points)', { count: 10 }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: tr('Unlock the hint') }).click();
  const hint = page.getByTestId('hint');
  await expect(hint.locator('strong')).toHaveText('second');
  await expect(hint).not.toContainText('**');

  // No browser pattern: a wrong format gets the product's message; spaces around a flag are fine.
  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('spaced_out');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(tr('The flag must have the format CTF{flag}.'));
  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('  CTF{spaced_out}  ');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: tr('Your flag is correct.') })).toHaveText(tr('Your flag is correct.'));
  await page.getByRole('dialog').getByLabel(tr('Writeup')).setInputFiles({ name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('Bytes.') });
  await page.getByRole('dialog').getByRole('button', { name: tr('Submit') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your flag and writeup were submitted successfully.'));

  // 133 minus the 10-point hint: what the learner scored, not the next solver's value.
  await expect(page.getByRole('dialog').getByTestId('own-score')).toHaveText(tr('You scored {{count}} points', { count: 123 }));
  await page.getByRole('dialog').getByRole('link', { name: trCount('{{count}} Solved') }).click();
  const solvers = page.getByRole('list', { name: tr('Top solvers') });
  await expect(solvers.getByRole('listitem').filter({ hasText: learner.username })).toContainText(tr('{{count}} points', { count: 123 }));
  await expect(solvers.getByRole('link', { name: learner.username })).toHaveAttribute('href', `/practices/users/${learner.id}`);
  await page.getByRole('dialog').getByRole('link', { name: tr('Challenge'), exact: true }).click();
  await page.getByRole('dialog').getByRole('link', { name: tr('Next: {{name}}', { name: next.name }) }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: next.name })).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: tr('Close') }).click();
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
  const card = page.getByRole('list', { name: tr('Challenges') }).getByRole('listitem').filter({ has: page.getByRole('link', { name: challenge.name, exact: true }) });
  await expect(card.getByTestId('own-score')).toHaveText(`123 ${tr('points scored')}`);
  await expect(card).toContainText(tr('Solved · you scored {{score}}', { score: 123 }));
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
  await expect(dialog.getByText(tr('Rejected'), { exact: true })).toBeVisible();
  await expect(dialog.getByTestId('rejected-note')).toContainText(tr("Reviewer's comment: {{comment}}", { comment: 'The writeup skips the key step.' }));
  await expect(dialog.getByTestId('rejected-note')).toContainText(tr('You may submit this challenge again.'));
  await expect(dialog.getByRole('button', { name: tr('Check the flag') })).toBeVisible();
  await dialog.getByRole('link', { name: tr('Close') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const card = page.getByRole('list', { name: tr('Challenges') }).getByRole('listitem').filter({ has: page.getByRole('link', { name: challenge.name, exact: true }) });
  await expect(card.getByText(tr('Rejected'), { exact: true })).toBeVisible();
  await expect(card.getByTestId('rejected-note')).toContainText(tr("Reviewer's comment: {{comment}}", { comment: 'The writeup skips the key step.' }));
});

test('staff check a flag but get no Submit button, with a note saying why', async ({ page, request }) => {
  const root = await superuserToken(request);
  const challenge = await makeChallenge(request, root);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByTestId('staff-note')).toHaveText(tr('Staff accounts check flags but do not submit them.'));
  await dialog.getByLabel(tr('Flag')).fill('CTF{read_me}');
  await dialog.getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: tr('Your flag is correct.') })).toContainText(tr('Your flag is correct.'));
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: tr('Your flag is correct.') })).toContainText(tr('Staff accounts check flags but do not submit them.'));
  await expect(page.getByRole('dialog').getByRole('button', { name: tr('Submit') })).toHaveCount(0);
  await expect(page.getByRole('dialog').getByLabel(tr('Writeup'))).toHaveCount(0);
});

test('authoring refuses a plain text flag without the CTF{...} format and warns about a regex that cannot match it', async ({ page, request }) => {
  const root = await superuserToken(request);
  const challenge = await makeChallenge(request, root, { description: DESCRIPTION });
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/challenges/${challenge.id}`);
  // The saved description previewed as learners read it.
  await expect(page.getByTestId('description-preview').locator('td').first()).toHaveCSS('border-top-width', '1px');

  await visit(page, `/practices/challenges/${challenge.id}?tab=flag`);
  await page.getByLabel(tr('Flag'), { exact: true }).fill('plainflag');
  await page.getByLabel(tr('Collation')).selectOption('plain_text');
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page.locator('#flag-value-error')).toHaveText(tr('A plain text flag must have the format CTF{flag}: learners can only submit flags of that format.'));
  await expect(page.getByLabel(tr('Flag'), { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByLabel(tr('Flag'), { exact: true }).fill('no_format_flag');
  await page.getByLabel(tr('Collation')).selectOption('regex');
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Update completed successfully!'));
  await expect(page.getByTestId('flag-warning')).toContainText(tr('This regular expression does not seem to match any flag of the format CTF{flag}, the only format learners can submit: check it (for example CTF\\{[a-z_]+\\}).'));
  await page.getByLabel(tr('Flag'), { exact: true }).fill('CTF\\{[a-z_]+\\}');
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Update completed successfully!'));
  await expect(page.getByTestId('flag-warning')).toHaveCount(0);
});
