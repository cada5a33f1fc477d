import { expect, test } from '@playwright/test';
import { activeLearner, logIn, visit } from './helpers';
import { tr, trCount } from './language';

test('a learner opens a seeded challenge, unlocks the hint, checks a wrong then the right flag and submits a writeup', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/challenges');
  await expect(page.getByRole('heading', { name: tr('Practice challenges') })).toBeVisible();

  // The category carousel filters; 'All challenges' resets.
  await page.getByRole('region', { name: tr('Categories') }).getByRole('link', { name: /Cryptography/ }).click();
  const cards = page.getByRole('list', { name: tr('Challenges') });
  await expect(cards.getByRole('link', { name: 'XOR party' })).toBeVisible();
  await expect(cards.getByRole('link', { name: 'Hidden in plain sight' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Caesar salad' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Caesar salad' })).toBeVisible();

  await dialog.getByRole('link', { name: tr('Hint (−{{count}} points)', { count: 10 }) }).click();
  await expect(page.getByRole('dialog')).toContainText(tr('Unlocking this hint deducts its'));
  await page.getByRole('dialog').getByRole('button', { name: tr('Unlock the hint') }).click();
  await expect(page.getByTestId('hint')).toHaveText(`${tr('Hint')} Thirteen is a lucky number here.`, { useInnerText: true });

  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('CTF{caesar}');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('alert')).toHaveText(tr('Your flag is incorrect.'));

  await page.getByRole('dialog').getByLabel(tr('Flag')).fill('CTF{rot_thirteen}');
  await page.getByRole('dialog').getByRole('button', { name: tr('Check the flag') }).click();
  await expect(page.getByRole('dialog').getByRole('status').filter({ hasText: tr('Your flag is correct.') })).toHaveText(tr('Your flag is correct.'));
  await page.getByRole('dialog').getByLabel(tr('Writeup')).setInputFiles({ name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('ROT13 twice.') });
  await page.getByRole('dialog').getByRole('button', { name: tr('Submit') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your flag and writeup were submitted successfully.'));
  await expect(page.getByRole('dialog')).toContainText(tr('You have already solved this challenge.'));
  await expect(page.getByRole('dialog').getByText(tr('Solved'), { exact: true })).toBeVisible();

  await page.getByRole('dialog').getByRole('link', { name: trCount('{{count}} Solved') }).click();
  // The first five solvers, each linked to their page (whether this learner is among the first five
  // depends on the other journeys that solved this seeded challenge on the same server; the listing of
  // a learner's own solve is checked on a fresh challenge in challenge-reading.spec.ts).
  await expect(page.getByRole('list', { name: tr('Top solvers') }).getByRole('link').first()).toHaveAttribute('href', /^\/practices\/users\/\d+$/);
});
