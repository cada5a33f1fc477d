// Issue 8 §3: URL dialogs behave like dialogs. With JavaScript: a real modal (focus moves in, Tab
// stays inside, Escape closes it, the focus goes back to what opened it). Without: the page behind
// leaves the tab order, so the first Tab after the skip link lands in the dialog.
import { expect, test, type Page } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit, writeDescription } from './helpers';
import { addHint, makeCategory, makeChallenge, superuserToken } from './challenge-api';
import { tr } from './language';

const focusInDialog = (page: Page) => page.evaluate(() => !!document.activeElement?.closest('dialog[open]'));
const focusedText = (page: Page) => page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText?.trim() ?? '');

test('with JavaScript the challenge dialog is modal: focus in, trapped, Escape closes and returns the focus to the card', async ({ page, request, baseURL, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'a modal needs JavaScript; the no-JS page is tested below');
  const root = await superuserToken(request);
  const category = await makeCategory(request, root);
  const challenge = await makeChallenge(request, root, { category: String(category) });
  await addHint(request, root, challenge.id, 'Look closer.', 5);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/challenges?category=${category}`);

  const card = page.getByRole('list', { name: tr('Challenges') }).getByRole('link', { name: challenge.name, exact: true });
  await card.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: challenge.name })).toBeVisible();
  await expect.poll(() => focusInDialog(page)).toBe(true);
  expect(await dialog.evaluate((d) => d.matches(':modal'))).toBe(true);

  // Tab and Shift+Tab walk round the dialog, never to the cards behind it.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Tab');
    expect(await focusInDialog(page), `Tab ${i + 1}`).toBe(true);
  }
  for (let i = 0; i < 12; i++) {
    await page.keyboard.press('Shift+Tab');
    expect(await focusInDialog(page), `Shift+Tab ${i + 1}`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).not.toHaveURL(/challenge=/);
  await expect(card).toBeFocused();

  // A dialog opened from the dialog (the hint's warning): Escape goes back to the challenge, still modal.
  await card.focus();
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('link', { name: tr('Hint (−{{count}} points)', { count: 5 }) }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: tr('Unlock the hint') })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog').getByRole('heading', { name: challenge.name })).toBeVisible();
  await expect(page).not.toHaveURL(/hint=/);
  // Back on the challenge, the focus is on the Hint link that opened the warning.
  const hintLink = page.getByRole('dialog').getByRole('link', { name: tr('Hint (−{{count}} points)', { count: 5 }) });
  await expect(hintLink).toBeFocused();
  expect(await page.getByRole('dialog').evaluate((d) => d.matches(':modal'))).toBe(true);
  // The warning's Cancel does the same.
  await page.keyboard.press('Enter');
  await page.getByRole('dialog').getByRole('link', { name: tr('Cancel') }).click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: challenge.name })).toBeVisible();
  await expect(hintLink).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card).toBeFocused();

  // The ✕ link closes it too, and the focus goes back to the card as well.
  await card.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('heading', { name: challenge.name })).toBeVisible();
  await page.getByRole('dialog').getByRole('link', { name: tr('Close') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(card).toBeFocused();
});

test('with JavaScript, closing a dialog keeps what was typed on the page behind it', async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'Escape closes a dialog only with JavaScript');
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/categories');
  const name = uniqueName('Modal ');
  await page.getByPlaceholder(tr('Enter challenge category')).fill(name);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));

  await page.getByPlaceholder(tr('Enter challenge category')).fill('half-typed draft');
  const edit = page.getByRole('link', { name: tr('Edit {{name}}', { name }) });
  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog').getByRole('heading', { name: tr('Edit category') })).toBeVisible();
  await expect.poll(() => focusInDialog(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(edit).toBeFocused();
  await expect(page.getByPlaceholder(tr('Enter challenge category'))).toHaveValue('half-typed draft');
});

test('without JavaScript the first Tab after the skip link lands in the dialog', async ({ page, request, baseURL, javaScriptEnabled }) => {
  test.skip(javaScriptEnabled, 'with JavaScript the dialog is modal (above)');
  const root = await superuserToken(request);
  const challenge = await makeChallenge(request, root);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  await expect(page.getByRole('dialog').getByRole('heading', { name: challenge.name })).toBeVisible();

  await page.keyboard.press('Tab');
  expect(await focusedText(page)).toBe(tr('Skip to main content'));
  await page.keyboard.press('Tab');
  expect(await focusInDialog(page)).toBe(true);
  // The whole tab order is the skip link and the dialog: the cards and the header are out of it.
  for (let i = 0; i < 15; i++) {
    await page.keyboard.press('Tab');
    const where = await page.evaluate((skip) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return 'none';
      return el.closest('dialog[open]') ? 'dialog' : el.innerText.trim() === skip ? 'skip' : `outside: ${el.outerHTML.slice(0, 80)}`;
    }, tr('Skip to main content'));
    expect(['dialog', 'skip', 'none'], `Tab ${i + 3}`).toContain(where);
  }

  // A confirmation dialog on a staff page alike.
  await visit(page, '/');
  await page.context().clearCookies();
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/categories');
  await page.getByRole('link', { name: new RegExp(`^${tr('Edit {{name}}', { name: '' })}`) }).first().click();
  await expect(page.getByRole('dialog').getByRole('heading', { name: tr('Edit category') })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  expect(await focusInDialog(page)).toBe(true);
});

test("with JavaScript, the new challenge's flag step is modal and Escape is its Back: the details come back as typed", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, 'Escape closes a dialog only with JavaScript');
  const name = uniqueName('Flag step ');
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges/create');
  await page.getByLabel(tr('Name')).fill(name);
  await page.getByLabel(tr('Category')).selectOption({ index: 1 });
  await page.getByLabel(tr('Initial value')).fill('120');
  await writeDescription(page, 'Read the flag step.', javaScriptEnabled);
  await page.getByRole('button', { name: tr('Next') }).click();

  const step = page.getByRole('dialog');
  await expect(step.getByRole('heading', { name: tr('Flag and files') })).toBeVisible();
  await expect.poll(() => focusInDialog(page)).toBe(true);
  // Tab stays inside the modal.
  for (let i = 0; i < 8; i++) await page.keyboard.press('Tab');
  await expect.poll(() => focusInDialog(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByLabel(tr('Name'))).toHaveValue(name);
  await expect(page.getByLabel(tr('Initial value'))).toHaveValue('120');
});
