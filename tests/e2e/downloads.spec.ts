import { expect, test } from '@playwright/test';
import { logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { pendingSubmission } from './usability-helpers';

const SUCCESS = 'Downloading file completed successfully!';
const ERROR = 'Error downloading file!';
const js = () => test.info().project.use.javaScriptEnabled !== false;

test('downloads say whether they worked with JS; without JS the browser download is the feedback', async ({ page, request, baseURL }) => {
  const tag = uniqueName('dl');
  const { challenge, file, root } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);

  // A writeup on the review page.
  await visit(page, `/practices/submissions?q=${tag}`);
  const row = page.getByRole('row').filter({ hasText: challenge.name });
  let [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: tr('Download') }).click()]);
  expect(download.suggestedFilename()).toBe(`writeup-${tag}.md`);
  await expect(row.getByTestId('download-message')).toHaveText(js() ? tr(SUCCESS) : '');

  // A challenge file in the editor.
  await visit(page, `/practices/challenges/${challenge.id}?tab=files`);
  const link = page.getByRole('link', { name: file.name, exact: true });
  [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe(file.name);
  const message = page.getByRole('row').filter({ hasText: file.name }).getByTestId('download-message');
  await expect(message).toHaveText(js() ? tr(SUCCESS) : '');

  // The same file from the board's challenge dialog.
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  const inDialog = page.getByRole('dialog').getByRole('link', { name: file.name, exact: true });
  [download] = await Promise.all([page.waitForEvent('download'), inDialog.click()]);
  expect(download.suggestedFilename()).toBe(file.name);
  await expect(page.getByRole('dialog').getByTestId('download-message')).toHaveText(js() ? tr(SUCCESS) : '');
  await visit(page, `/practices/challenges/${challenge.id}?tab=files`);

  // The file is gone meanwhile (deleted by someone else): with JS the page says the download failed.
  const removed = await request.delete(`/api/challenges/${challenge.id}/files/${file.id}/`, { headers: root });
  expect(removed.status()).toBe(204);
  if (js()) {
    await link.click();
    await expect(message).toHaveText(tr(ERROR));
    await expect(message).toHaveAttribute('role', 'status');
  } else {
    // Without JS the browser follows the link to the API's 404 answer.
    const response = await request.get(`/api/challenges/${challenge.id}/files/${file.id}/download/`, { headers: root });
    expect(response.status()).toBe(404);
  }
});
