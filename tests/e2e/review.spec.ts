import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';

async function token(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/jwt/create/', { data: { email, password }, headers: { Origin: baseURL } });
  expect(res.status()).toBe(200);
  return (await res.json()).access;
}

/**
 * Three learners, each with a correct pending submission (and a writeup) for their own practice
 * challenge, all created through the API: the categories and authoring calls, then the learners'
 * own submit call.
 */
async function threePendingSubmissions(request: APIRequestContext, baseURL: string, tag: string) {
  const root = await token(request, baseURL, SUPERUSER.email, SUPERUSER.password);
  const auth = (t: string) => ({ Authorization: `Bearer ${t}`, Origin: baseURL });
  const category = await request.post('/api/categories/', { headers: auth(root), data: { name: `Review ${tag}` } });
  expect(category.status()).toBe(201);
  const categoryId = (await category.json()).id;
  const rows = [];
  for (const letter of ['A', 'B', 'C']) {
    const name = `${tag} ${letter}`;
    const challenge = await request.post('/api/challenges/', {
      headers: auth(root),
      data: { name, category: categoryId, description: 'Review me.', initial_value: 100, flag: { value: `CTF{${tag}${letter}}`, collation: 'plain_text' } },
    });
    expect(challenge.status()).toBe(201);
    const learner = await activeLearner(request, baseURL, { username: `${tag}${letter.toLowerCase()}` });
    const submitted = await request.post(`/api/challenges/${(await challenge.json()).id}/submissions/`, {
      headers: auth(await token(request, baseURL, learner.email, learner.password)),
      multipart: { value: `CTF{${tag}${letter}}`, writeup: { name: `${letter}.md`, mimeType: 'text/markdown', buffer: Buffer.from(`# ${name}`) } },
    });
    expect(submitted.status()).toBe(201);
    rows.push({ challenge: name, learner: learner.username });
  }
  return rows;
}

const row = (page: Page, challenge: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: challenge, exact: true }) });

test('staff invalidate one submission with a comment and validate two others at once', async ({ page, request, baseURL }) => {
  const tag = uniqueName('rv');
  const [a, b, c] = await threePendingSubmissions(request, baseURL!, tag);

  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/submissions');
  await expect(page.getByRole('heading', { name: tr('Submissions') })).toBeVisible();
  await page.getByLabel(tr('Learner or challenge')).fill(tag);
  await page.getByRole('button', { name: tr('Filter') }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
  await expect(page.getByRole('row')).toHaveCount(4); // header + 3
  for (const s of [a, b, c]) {
    await expect(row(page, s.challenge)).toContainText(s.learner);
    await expect(row(page, s.challenge)).toContainText(tr('Pending'));
    await expect(row(page, s.challenge).getByRole('link', { name: tr('Download') })).toHaveAttribute('href', /\/api\/submissions\/\d+\/download-writeup\/$/);
  }

  // Invalidate A: the comment is required, then the row shows 'Rejected' with the comment.
  await row(page, a.challenge).getByRole('link', { name: tr('Invalidate') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: tr('Invalidate submission') })).toBeVisible();
  await dialog.getByLabel(tr('Comment')).fill('The writeup does not show how the flag was found.');
  await dialog.getByRole('button', { name: tr('Invalidate') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Submission invalidation completed successfully!'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row(page, a.challenge)).toContainText(tr('Rejected'));
  await expect(row(page, a.challenge)).toContainText('The writeup does not show how the flag was found.');
  await expect(row(page, a.challenge).getByRole('link', { name: tr('Validate') })).toHaveCount(0);

  // Bulk-validate B and C after one confirmation.
  await page.getByLabel(tr('Select submission of {{learner}} for {{challenge}}', { learner: b.learner, challenge: b.challenge })).check();
  await page.getByLabel(tr('Select submission of {{learner}} for {{challenge}}', { learner: c.learner, challenge: c.challenge })).check();
  await page.getByRole('button', { name: tr('Validate selected') }).click();
  await expect(page.getByRole('dialog')).toContainText(tr('Are you sure you want to validate {{count}} selected submissions? This decision is final.', { count: 2 }));
  await page.getByRole('dialog').getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByTestId('flash')).toHaveText(`${tr('Submission validation completed successfully!')} ${tr('{{count}} submissions validated.', { count: 2 })}`);
  for (const s of [b, c]) await expect(row(page, s.challenge)).toContainText(tr('Acepted'));
  await expect(page).toHaveURL(new RegExp(`/practices/submissions\\?q=${tag}$`));

  // The state filter.
  await page.getByLabel(tr('State')).selectOption('rejected');
  await page.getByRole('button', { name: tr('Filter') }).click();
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row(page, a.challenge)).toBeVisible();
});
