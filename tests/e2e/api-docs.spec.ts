// The API reference (issue 21 §4): /api/docs lists every call of /api/openapi.json as a page of the
// site, and shows each group of calls in full on its own page, with JavaScript off and on.
// The reference is kept in English in every language (docs/rules.md "Languages": it is for
// developers, and routes/api/docs.tsx writes its words and the OpenAPI document's summaries without
// t()), so its texts are read as they are, in French as in English.
import { expect, test } from '@playwright/test';
import { visit } from './helpers';

test('a visitor finds how to log in and check a flag through the API, and follows a type to its fields', async ({ page }) => {
  await visit(page, '/api/docs');
  await expect(page.getByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
  await expect(page.getByRole('link', { name: '/api/openapi.json' })).toHaveAttribute('href', '/api/openapi.json');

  const accounts = page.getByRole('table', { name: 'Calls of Accounts' });
  await expect(accounts.getByRole('row', { name: /Log in POST \/api\/auth\/jwt\/create\// })).toBeVisible();
  await page.getByRole('table', { name: 'Calls of Challenges' }).getByRole('link', { name: 'Check a flag' }).click();

  await expect(page).toHaveURL(/\/api\/docs\?group=challenges#post-api-challenges-id-verify-submitted-flag$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Challenges' })).toBeVisible();
  const check = page.getByRole('region', { name: 'Check a flag' });
  await expect(check).toContainText('/api/challenges/{id}/verify-submitted-flag/');
  await expect(check).toContainText('Signed-in users');
  await expect(check.getByRole('table', { name: /Body of POST/ }).getByRole('cell', { name: 'flag', exact: true })).toBeVisible();
  await expect(check).toContainText('429');

  // A type names its schema, whose fields are listed once, at the foot of the group's page.
  await page.getByRole('region', { name: 'A challenge', exact: true }).getByRole('link', { name: 'Challenge', exact: true }).first().click();
  await expect(page).toHaveURL(/#schema-Challenge$/);
  await expect(page.getByRole('region', { name: 'Challenge', exact: true }).getByRole('cell', { name: 'category_name', exact: true })).toBeVisible();

  // The other groups are a link away.
  await page.getByRole('navigation', { name: 'Groups of calls' }).getByRole('link', { name: 'Accounts' }).click();
  await expect(page.getByRole('region', { name: 'Log in', exact: true })).toContainText('/api/auth/jwt/create/');
});
