import { expect, test } from '@playwright/test';
import { activeLearner, logIn, visit } from './helpers';

test('a learner opens a seeded challenge, unlocks the hint, checks a wrong then the right flag and submits a writeup', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/challenges');
  await expect(page.getByRole('heading', { name: 'Practice challenges' })).toBeVisible();

  // The category carousel filters; 'All challenges' resets.
  await page.getByRole('region', { name: 'Categories' }).getByRole('link', { name: /Cryptography/ }).click();
  const cards = page.getByRole('list', { name: 'Challenges' });
  await expect(cards.getByRole('link', { name: 'XOR party' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Hidden in plain sight' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Caesar salad' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Caesar salad' })).toBeVisible();

  await dialog.getByRole('link', { name: 'Hint (−10 points)' }).click();
  await expect(page.getByRole('dialog')).toContainText('deducts its 10 points');
  await page.getByRole('dialog').getByRole('button', { name: 'Unlock the hint' }).click();
  await expect(page.getByTestId('hint')).toHaveText('Hint Thirteen is a lucky number here.', { useInnerText: true });

  await page.getByRole('dialog').getByLabel('Flag').fill('CTF{caesar}');
  await page.getByRole('dialog').getByRole('button', { name: 'Check the flag' }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText('Your flag is incorrect.');

  await page.getByRole('dialog').getByLabel('Flag').fill('CTF{rot_thirteen}');
  await page.getByRole('dialog').getByRole('button', { name: 'Check the flag' }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: 'Your flag is correct.' })).toHaveText('Your flag is correct.');
  await page.getByRole('dialog').getByLabel('Writeup').setInputFiles({ name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('ROT13 twice.') });
  await page.getByRole('dialog').getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByTestId('flash')).toHaveText('Your flag and writeup were submitted successfully.');
  await expect(page.getByRole('dialog')).toContainText('You have already solved this challenge.');
  await expect(page.getByRole('dialog').getByText('Solved', { exact: true })).toBeVisible();

  await page.getByRole('dialog').getByRole('link', { name: /^\d+ Solved$/ }).click();
  await expect(page.getByRole('list', { name: 'Top solvers' }).getByRole('link', { name: learner.username })).toHaveAttribute('href', `/practices/users/${learner.id}`);
});
