// Lists at their edges (issue 8, "Lists that handle the edges"): literal search, no match, a page
// past the last one, collaborators in the superuser's list, an import file that is refused.
import { expect, request as apiRequest, test, type Page } from '@playwright/test';
import { xlsx } from '../support/xlsx';
import { activeLearner, logIn, mailLink, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';

/** An active collaborator: created by the superuser through the API, password set from the e-mail. */
async function activeCollaborator(baseURL: string) {
  const api = await apiRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL } });
  const login = await api.post('/api/auth/jwt/create/', { data: { email: SUPERUSER.email, password: SUPERUSER.password } });
  expect(login.status()).toBe(200);
  const username = uniqueName('collab');
  const email = `${username}@example.com`;
  const created = await api.post('/api/auth/users/', { data: { username, fullname: 'Collab Orator', email, gender: 'M', country: 'BJ' } });
  expect(created.status()).toBe(201);
  const id = (await created.json()).id as number;
  const parts = (await mailLink(email, /Activate/)).split('/').filter(Boolean);
  const confirmed = await api.post('/api/auth/users/reset_password_confirm/', {
    data: { uid: parts.at(-2), token: parts.at(-1), new_password: 'collab-pass-1', re_new_password: 'collab-pass-1' },
  });
  expect(confirmed.status()).toBe(204);
  await api.dispose();
  return { username, email, id };
}

const row = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });

async function search(page: Page, text: string) {
  await page.getByLabel(tr('Search learners')).fill(text);
  await page.getByRole('button', { name: tr('Search'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

test('search matches % and _ literally, says when nothing matches and offers to clear it', async ({ page, request, baseURL }) => {
  const tag = uniqueName('se');
  const underscore = await activeLearner(request, baseURL!, { username: `${tag}a_b` });
  const other = await activeLearner(request, baseURL!, { username: `${tag}axb` });
  await logIn(page, underscore.email, underscore.password);
  await visit(page, `/practices/users?q=${tag}`);
  await expect(row(page, other.username)).toBeVisible();

  await search(page, `${tag}a_b`);
  await expect(row(page, underscore.username)).toBeVisible();
  await expect(row(page, other.username)).toHaveCount(0);

  await search(page, `${tag}%`);
  await expect(page.getByText(tr("No learner matches '{{search}}'", { search: `${tag}%` }))).toBeVisible();
  await expect(page.getByText(tr('No data has been added yet'))).toHaveCount(0);
  await page.getByRole('link', { name: tr('Clear the search') }).click();
  await expect(page).toHaveURL(/\/practices\/users$/);
  await expect(page.getByRole('table')).toBeVisible();
});

test('a page number past the last page shows a pager that leads back, with no live Next', async ({ page, request, baseURL }) => {
  const tag = uniqueName('pp');
  const learner = await activeLearner(request, baseURL!, { username: `${tag}one` });
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/users?q=${tag}&page=7`);
  await expect(page.getByText(tr('There is no page {{page}}: the list ends at page {{last}}.', { page: 7, last: 1 }))).toBeVisible();
  const pager = page.getByRole('navigation', { name: tr('Pagination') });
  await expect(pager.getByRole('link', { name: `${tr('Next')} ›` })).toHaveCount(0);
  await expect(pager.getByText(`${tr('Next')} ›`)).toHaveAttribute('aria-disabled', 'true');
  await expect(pager.locator('[aria-current]')).toHaveCount(0);
  await expect(pager.getByRole('link', { name: '1', exact: true })).toBeVisible();
  await pager.getByRole('link', { name: `${tr('Last')} »` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${tag}&page=1$`));
  await expect(row(page, learner.username)).toBeVisible();
  // Back on the only page, the pager is gone again.
  await expect(page.getByRole('navigation', { name: tr('Pagination') })).toHaveCount(0);
});

test('collaborators in the superuser’s list have no Validate button or checkbox; a forged selection is refused', async ({ page, request, baseURL }) => {
  const collaborator = await activeCollaborator(baseURL!);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/users?q=${collaborator.username}`);
  const collab = row(page, collaborator.username);
  await expect(collab).toContainText(tr('Collaborater'));
  await expect(collab.getByRole('link', { name: new RegExp(`${tr('Validate')}|${tr('Invalidate')}`, 'i') })).toHaveCount(0);
  await expect(collab.getByRole('checkbox')).toHaveCount(0);
  await visit(page, `/practices/users?q=${learner.username}`);
  await expect(row(page, learner.username).getByRole('link', { name: tr('Validate') })).toBeVisible();
  await expect(page.getByLabel(tr('Select {{name}}', { name: learner.username }))).toBeVisible();

  // A selection naming the collaborator anyway (a forged URL) is refused as a whole, saying why.
  await visit(page, `/practices/users?bulk=validate&ids=${learner.id}&ids=${collaborator.id}`);
  await page.getByRole('dialog').getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByRole('alert')).toHaveText(tr('Only learners can be validated or invalidated: unselect the collaborators.'));
  await visit(page, `/practices/users?q=${learner.username}`);
  await expect(row(page, learner.username).getByRole('img', { name: tr('not validated') })).toBeVisible();
});

test('an import file with the header row only is refused under the file field, inside the dialog', async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users');
  await page.getByRole('link', { name: tr('Export learner') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(tr('Excel file')).setInputFiles({ name: 'empty.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await xlsx([])) });
  await dialog.getByRole('button', { name: tr('Upload') }).click();
  const message = tr('The file has no learner rows: add one row per learner under the header row.');
  await expect(page.getByRole('dialog').locator('#file-error')).toHaveText(message);
  await expect(page.getByRole('dialog').getByLabel(tr('Excel file'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('dialog').getByLabel(tr('Excel file'))).toHaveAttribute('aria-describedby', 'file-error');
  await expect(page.getByText(tr('Learner exportation completed successfully'))).toHaveCount(0);
  await expect(page.getByText(message)).toHaveCount(1);
  // Cancel closes the dialog and its error.
  await page.getByRole('dialog').getByRole('link', { name: tr('Cancel') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
