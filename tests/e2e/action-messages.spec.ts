import { expect, test } from '@playwright/test';
import { logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';

test("a success message does not stay above the next action's error, nor on the next page", async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/categories');
  const name = uniqueName('Msg ');
  const field = page.getByPlaceholder(tr('Enter challenge category'));
  await field.fill(name);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));

  // The same name again: an error under the field, and no success message from the last action.
  await field.fill(name);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByText(tr('Category with this name already exists.'))).toBeVisible();
  await expect(page.getByTestId('flash')).toHaveCount(0);

  // A new success shows its own message again.
  await page.getByPlaceholder(tr('Enter challenge category')).fill(`${name} 2`);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  // Following a link leaves it behind.
  await page.getByTestId('scope-nav').getByRole('link', { name: tr('Scoreboard') }).click();
  await expect(page.getByRole('heading', { name: tr('Scoreboard'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('flash')).toHaveCount(0);
});
