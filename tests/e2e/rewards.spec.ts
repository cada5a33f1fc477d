// Black Friday administration (issue 10 §2, §3): staff add a reward (meeting the validation first),
// edit and delete it, then process a learner's requests: validate one, dismiss another (its coins go
// back), both shown on the processed tab, the header badge following the pending count. The
// learner's requests are made the way the site makes them (coins in the ledger, then
// purchaseReward), written into the e2e server's database.
import { expect, test, type Page } from '@playwright/test';
import { balances, makeRequest, makeReward, pendingCount, useServerDatabase } from '../support/reward-factories';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { projectLanguage, tr } from './language';

useServerDatabase('e2e');

const rewardRow = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const requestRow = (page: Page, player: string, title: string) =>
  page.getByRole('row').filter({ has: page.getByRole('cell', { name: player, exact: true }) }).filter({ hasText: title });

/** The header's Black-friday badge (absent when nothing waits). */
async function badge(page: Page): Promise<number> {
  const b = page.getByTestId('badge-unprocessed-reward-requests');
  return (await b.count()) ? Number(await b.textContent()) : 0;
}

/** Reloads until the badge shows what the database counts (a replayed page may be 5 s old). */
async function expectBadgeToFollow(page: Page) {
  await expect
    .poll(async () => {
      await page.reload();
      return (await badge(page)) - (await pendingCount());
    }, { timeout: 20_000, intervals: [200, 500, 1000] })
    .toBe(0);
}

test('staff add, edit and delete a reward, then validate one request and dismiss another', async ({ page, request, baseURL }) => {
  const tag = uniqueName('rw');
  const learner = await activeLearner(request, baseURL!, { username: tag });
  const certification = await makeReward({ title: `Certificate ${tag}`, coin: 120, isCtfCertificationReward: true });
  const tshirt = await makeReward({ title: `T-shirt ${tag}`, coin: 70 });
  await makeRequest(learner.id, certification.id);
  await makeRequest(learner.id, tshirt.id);
  expect(await balances(learner.id)).toEqual({ coin: 0, ledger: 0 });

  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/blacks-fridays/rewards');
  await expect(page.getByRole('heading', { name: tr('Rewards'), exact: true })).toBeVisible();

  // Add: the rules of SPEC §5 first, under their fields.
  await page.getByRole('link', { name: tr('Add a reward') }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: tr('Add a reward') })).toBeVisible();
  await dialog.getByRole('button', { name: tr('Save') }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.locator('#add-title-error')).toHaveText(tr('This field is required.'));
  await expect(dialog.locator('#add-coin-error')).toHaveText(tr('This field is required.'));
  await expect(dialog.locator('#add-certification-error')).toHaveText(tr('This field is required.'));
  await expect(dialog.getByLabel(tr('Title'))).toBeFocused();

  const title = `Sticker pack ${tag}`;
  await dialog.getByLabel(tr('Title')).fill(title);
  await dialog.getByLabel(tr('Coin')).fill('5');
  await dialog.getByLabel(tr('CTF certification reward')).selectOption('no');
  await dialog.getByRole('button', { name: tr('Save') }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.locator('#add-coin-error')).toHaveText(tr('Ensure this value is greater than or equal to {{min}}.', { min: 10 }));
  await expect(dialog.getByLabel(tr('Title'))).toHaveValue(title);
  await expect(dialog.locator('#add-title-error')).toHaveCount(0);

  await dialog.getByLabel(tr('Coin')).fill('1999');
  await dialog.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Reward created successfully!'));
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rewardRow(page, title)).toContainText('1999');
  await expect(rewardRow(page, title)).toContainText(tr('No'));

  // Edit.
  await page.getByRole('link', { name: tr('Edit {{title}}', { title }) }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel(tr('Title'))).toHaveValue(title);
  await expect(dialog.getByLabel(tr('Coin'))).toHaveValue('1999');
  await dialog.getByLabel(tr('Title')).fill(`${title} XL`);
  await dialog.getByLabel(tr('Coin')).fill('2000');
  await dialog.getByLabel(tr('CTF certification reward')).selectOption('yes');
  await dialog.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Reward updated successfully!'));
  await expect(rewardRow(page, `${title} XL`)).toContainText('2000');
  await expect(rewardRow(page, `${title} XL`)).toContainText(tr('Yes'));

  // Delete, after a confirmation.
  await page.getByRole('link', { name: tr('Delete {{title}}', { title: `${title} XL` }) }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(tr('Are you sure you want to delete the reward “{{title}}”? If players have requested it, it is hidden instead: it leaves this list and the shop, and its requests keep it.', { title: `${title} XL` }));
  await dialog.getByRole('button', { name: tr('Delete') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Reward deleted successfully!'));
  await expect(rewardRow(page, `${title} XL`)).toHaveCount(0);

  // The learner's two requests wait on the unprocessed tab; the badge counts what waits.
  await page.getByRole('link', { name: tr('Unprocessed requests'), exact: true }).click();
  await expect(page.getByRole('heading', { name: tr('Unprocessed reward requests') })).toBeVisible();
  await expect(requestRow(page, tag, certification.title)).toContainText('120');
  await expect(requestRow(page, tag, tshirt.title)).toContainText(tr('Pending'));
  await expectBadgeToFollow(page);
  const before = await badge(page);
  expect(before).toBeGreaterThanOrEqual(2);

  // Validate the certification from its row.
  await page.getByRole('link', { name: tr('Validate the request of {{player}} for {{reward}}', { player: tag, reward: certification.title }) }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(tr('Are you sure you want to validate {{request}}?', { request: tr('the request of {{player}} for “{{reward}}” ({{count}} coins)', { player: tag, reward: certification.title, count: 120 }) }));
  await dialog.getByRole('button', { name: tr('Validate') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Reward request validated successfully!'));
  await expect(requestRow(page, tag, certification.title)).toHaveCount(0);

  // Dismiss the T-shirt through the selection.
  await page.getByLabel(tr('Select the request of {{player}} for {{reward}}', { player: tag, reward: tshirt.title })).check();
  await page.getByRole('button', { name: tr('Dismiss selected') }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(tr('Are you sure you want to dismiss 1 selected reward request?'));
  await dialog.getByRole('button', { name: tr('Dismiss') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Reward request dismiss successfully!'));
  await expect(requestRow(page, tag, tshirt.title)).toHaveCount(0);
  await expectBadgeToFollow(page);

  // Both on the processed tab, with their state.
  await page.getByRole('link', { name: tr('Processed requests'), exact: true }).click();
  await expect(page.getByRole('heading', { name: tr('Processed reward requests') })).toBeVisible();
  await expect(requestRow(page, tag, certification.title)).toContainText(tr('Validated'));
  await expect(requestRow(page, tag, tshirt.title)).toContainText(tr('Dismissed'));

  // The dismissed request's coins are back; the certificate shows on the player's page.
  expect(await balances(learner.id)).toEqual({ coin: 70, ledger: 70 });
  await visit(page, `/practices/users/${learner.id}`);
  // The date as the page's language writes it: 'Nov 27, 2026', '27 nov. 2026'.
  const certified = tr('Certified: {{title}} (validated {{date}})', { title: certification.title, date: '<date>' }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const date = projectLanguage() === 'fr' ? '\\d{1,2} \\S+ \\d{4}' : '\\w{3} \\d{1,2}, \\d{4}';
  await expect(page.getByTestId('certificate')).toHaveText(new RegExp(`^${certified.replace('<date>', date)}$`));
});

test('the pages are for staff: anonymous visitors go to the login page, learners home', async ({ page, request, baseURL }) => {
  await visit(page, '/blacks-fridays/unprocessed-reward-requests');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fblacks-fridays%2Funprocessed-reward-requests$/);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  for (const path of ['/blacks-fridays/rewards', '/blacks-fridays/processed-reward-requests']) {
    await visit(page, path);
    await expect(page).toHaveURL(/\/$/);
  }
  await expect(page.getByRole('link', { name: tr('Rewards') })).toHaveCount(0);
});
