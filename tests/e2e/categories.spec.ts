import { expect, test, type Page } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });

test('staff create, rename and delete a category, and cannot delete one that has challenges', async ({ page, request, baseURL }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/categories');
  await expect(page.getByRole('heading', { name: tr('Categories') })).toBeVisible();
  await expect(page.getByRole('columnheader')).toHaveText(['#', tr('Category'), tr('Action')]);

  // Create: the page shows the page the new category landed on.
  const name = uniqueName('Category ');
  await page.getByPlaceholder(tr('Enter challenge category')).fill(name);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await expect(row(page, name)).toBeVisible();
  await expect(page.getByPlaceholder(tr('Enter challenge category'))).toHaveValue('');

  // The same name in another case is refused under the field.
  await page.getByPlaceholder(tr('Enter challenge category')).fill(name.toUpperCase());
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(page.getByText(tr('Category with this name already exists.'))).toBeVisible();

  // Edit through its dialog.
  const renamed = `${name} renamed`;
  await page.getByRole('link', { name: tr('Edit {{name}}', { name }) }).click();
  const edit = page.getByRole('dialog');
  await expect(edit.getByRole('heading', { name: tr('Edit category') })).toBeVisible();
  await expect(edit.getByLabel(tr('Category name'))).toHaveValue(name);
  await edit.getByLabel(tr('Category name')).fill(renamed);
  await edit.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Update completed successfully!'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, renamed)).toBeVisible();
  // The add form's refusal went with the action that succeeded since.
  await expect(page.getByText(tr('Category with this name already exists.'))).toHaveCount(0);

  // Delete after confirming.
  await page.getByRole('link', { name: tr('Delete {{name}}', { name: renamed }) }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(tr('Are you sure you want to delete the category “{{name}}”? This cannot be undone.', { name: renamed }));
  await confirm.getByRole('button', { name: tr('Delete') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Category deleted successfully!'));
  await expect(row(page, renamed)).toHaveCount(0);

  // A category with a challenge (added through the authoring API) is refused, and stays.
  const used = uniqueName('Used ');
  await page.getByPlaceholder(tr('Enter challenge category')).fill(used);
  await page.getByRole('button', { name: tr('Add') }).click();
  await expect(row(page, used)).toBeVisible();
  const token = (await (await request.post('/api/auth/jwt/create/', { data: { email: SUPERUSER.email, password: SUPERUSER.password }, headers: { Origin: baseURL! } })).json()).access;
  const categoryId = Number(new URL((await page.getByRole('link', { name: tr('Delete {{name}}', { name: used }) }).getAttribute('href'))!, baseURL).searchParams.get('delete'));
  const challenge = await request.post('/api/challenges/', {
    headers: { Authorization: `Bearer ${token}`, Origin: baseURL! },
    data: { name: `${used} challenge`, category: categoryId, description: 'Keeps its category.', initial_value: 50, flag: { value: 'CTF{kept}', collation: 'plain_text' } },
  });
  expect(challenge.status()).toBe(201);
  await page.getByRole('link', { name: tr('Delete {{name}}', { name: used }) }).click();
  await page.getByRole('dialog').getByRole('button', { name: tr('Delete') }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(tr('This category cannot be deleted: it still has 1 challenge. Move or delete it first.'));
  await page.getByRole('dialog').getByRole('link', { name: tr('Cancel') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, used)).toBeVisible();
});

test('the categories page is for staff: anonymous visitors go to /login, learners to /', async ({ page, request, baseURL }) => {
  await page.goto('/practices/categories');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fcategories$/);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await page.goto('/practices/categories');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/practices/submissions');
  await expect(page).toHaveURL(/\/$/);
});
