// Coins in the browser (issue 10 §1, §3), JS off and on: a learner solves a black-friday challenge,
// sees the coins on /me, buys a reward in the 'Purchase a reward' dialog (a refusal says how many
// coins are missing), sees the lowered balance and the request Pending; staff open the player's
// ledger from the player page, see the solve and the purchase, and adjust the balance.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { datesFor, PNG_BYTES } from '../support/event-factories';
import { seriousViolations } from './axe';
import { activeLearner, logIn, SUPERUSER, otherWindow, uniqueName, visit } from './helpers';
import { tr } from './language';

const PURCHASE_SUCCESS = 'Reward request sent successfully, wait for the admin platform to approve your request';

async function rootHeaders(request: APIRequestContext, baseURL: string) {
  const res = await request.post('/api/auth/jwt/create/', { data: { email: SUPERUSER.email, password: SUPERUSER.password }, headers: { Origin: baseURL } });
  return { Authorization: `Bearer ${(await res.json()).access}`, Origin: baseURL };
}

/** A running black-friday event with one challenge worth 150 and two rewards, made through the API. */
async function blackFriday(request: APIRequestContext, baseURL: string, tag: string) {
  const headers = await rootHeaders(request, baseURL);
  const { startDate, endDate } = datesFor('active');
  const event = await request.post('/api/events/', {
    headers,
    multipart: { name: `Friday ${tag}`, type: 'black-friday', description: 'Coins for solves.', start_date: startDate.toISOString(), end_date: endDate.toISOString(), image: { name: 'e.png', mimeType: 'image/png', buffer: PNG_BYTES } },
  });
  expect(event.status(), await event.text()).toBe(201);
  const eventId = (await event.json()).id as number;
  const category = await request.post('/api/categories/', { headers, data: { name: `Coins ${tag}` } });
  const challenge = await request.post('/api/challenges/', {
    headers,
    data: { name: `${tag} vault`, category: (await category.json()).id, event: eventId, description: 'Open the vault.', initial_value: 150, flag: { value: `CTF{${tag}}`, collation: 'plain_text' } },
  });
  expect(challenge.status(), await challenge.text()).toBe(201);
  const rewards = [];
  for (const [title, coin] of [[`Sticker ${tag}`, 100], [`Laptop ${tag}`, 1000]] as const) {
    const created = await request.post('/api/rewards/', { headers, data: { title, coin, is_ctf_certification_reward: false } });
    expect(created.status(), await created.text()).toBe(201);
    rewards.push(title);
  }
  return { eventId, challenge: `${tag} vault`, flag: `CTF{${tag}}`, sticker: rewards[0]!, laptop: rewards[1]! };
}

test('a learner earns coins in black-friday and buys a reward; staff read and adjust the ledger', async ({ page, browser, request, baseURL }) => {
  const tag = uniqueName('coins');
  const friday = await blackFriday(request, baseURL!, tag);
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);

  // Solve: no writeup in black-friday.
  await visit(page, `/competes/${friday.eventId}/challenges`);
  await page.getByRole('link', { name: friday.challenge }).click();
  const board = page.getByRole('dialog');
  await board.getByLabel(tr('Flag')).fill(friday.flag);
  await board.getByRole('button', { name: tr('Check the flag') }).click();
  await expect(board.getByRole('status')).toHaveText(tr('Your flag is correct.'));
  await board.getByRole('button', { name: tr('Submit') }).click();
  // No writeup went with it, and the message says only what was sent.
  await expect(page.getByTestId('flash')).toHaveText(tr('Your flag was submitted successfully.'));
  // The board says what the player holds and where to spend it.
  await visit(page, `/competes/${friday.eventId}/challenges`);
  await expect(page.getByTestId('board-coins')).toContainText(`${tr('My black friday coins:')} 150`);
  await page.getByTestId('board-coins').getByRole('link', { name: tr('Spend them on a reward') }).click();
  await expect(page.getByRole('dialog', { name: tr('Purchase a reward') })).toBeVisible();

  await visit(page, '/me');
  await expect(page.getByText(tr('My black friday coins'))).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveText('150');
  await expect(page.getByRole('heading', { name: tr('My reward requests') })).toBeVisible();
  await expect(page.getByText(tr('No data has been added yet'))).toBeVisible();

  // Too expensive: the dialog says how many coins are missing, and stays open.
  await page.getByRole('link', { name: tr('Purchase a reward') }).click();
  let dialog = page.getByRole('dialog', { name: tr('Purchase a reward') });
  await expect(dialog.getByTestId('dialog-coin-balance')).toHaveText('150');
  await dialog.getByRole('radio', { name: new RegExp(friday.laptop) }).check();
  await dialog.getByRole('button', { name: tr('Purchase') }).click();
  dialog = page.getByRole('dialog', { name: tr('Purchase a reward') });
  await expect(dialog.getByRole('alert')).toHaveText(tr('You do not have enough coins: {{count}} more coins are needed.', { count: 850 }));

  await dialog.getByRole('radio', { name: new RegExp(friday.sticker) }).check();
  await dialog.getByRole('button', { name: tr('Purchase') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr(PURCHASE_SUCCESS));
  await expect(page).toHaveURL(/\/me$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByTestId('coin-balance')).toHaveText('50');
  const request1 = page.getByTestId('reward-requests').getByRole('row').filter({ hasText: friday.sticker });
  await expect(request1).toContainText('100');
  await expect(request1).toContainText(tr('Pending'));

  // Staff: from the player page to the ledger.
  const staff = await otherWindow(browser, baseURL!);
  await logIn(staff, SUPERUSER.email, SUPERUSER.password);
  await visit(staff, `/practices/users/${learner.id}`);
  await staff.getByRole('link', { name: tr('Coin ledger') }).click();
  await expect(staff).toHaveURL(new RegExp(`/blacks-fridays/players/${learner.id}/coins$`));
  await expect(staff.getByRole('heading', { name: tr('Coins of {{name}}', { name: learner.username }) })).toBeVisible();
  await expect(staff.getByTestId('coin-balance')).toHaveText('50');
  const rows = staff.getByTestId('coin-ledger').getByRole('row');
  await expect(rows).toHaveCount(3); // header, purchase, solve
  await expect(rows.nth(1)).toContainText(tr('Purchase'));
  await expect(rows.nth(1)).toContainText('-100');
  await expect(rows.nth(1)).toContainText(friday.sticker);
  await expect(rows.nth(2)).toContainText(tr('Solve'));
  await expect(rows.nth(2)).toContainText('+150');
  await expect(rows.nth(2)).toContainText(friday.challenge);

  // Taking more than the balance is refused under the amount; a positive adjustment is booked.
  await staff.getByLabel(tr('Amount')).fill('-60');
  await staff.getByLabel(tr('Reason')).fill('Duplicate prize');
  await staff.getByRole('button', { name: tr('Adjust') }).click();
  await expect(staff.getByLabel(tr('Amount'))).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.locator('#amount-error')).toHaveText(tr('You do not have enough coins: {{count}} more coins are needed.', { count: 10 }));
  await staff.getByLabel(tr('Amount')).fill('25');
  await staff.getByLabel(tr('Reason')).fill('Helped at the stand');
  await staff.getByRole('button', { name: tr('Adjust') }).click();
  await expect(staff.getByTestId('flash')).toHaveText(tr('Coins adjusted successfully!'));
  await expect(staff.getByTestId('coin-balance')).toHaveText('75');
  await expect(staff.getByTestId('coin-ledger').getByRole('row').nth(1)).toContainText('Helped at the stand');

  await visit(page, '/me');
  await expect(page.getByTestId('coin-balance')).toHaveText('75');
});

test('a learner cannot open the staff ledger; staff get no purchase button', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, `/blacks-fridays/players/${learner.id}/coins`);
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/me');
  await expect(page.getByRole('heading', { name: tr('Account details') })).toBeVisible();
  await expect(page.getByRole('link', { name: tr('Purchase a reward') })).toHaveCount(0);
  await expect(page.getByText(tr('My black friday coins'))).toHaveCount(0);
  const missing = await page.goto('/blacks-fridays/players/99999999/coins');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: tr('Page not found') })).toBeVisible();
});

test('the purchase dialog with its requests and the staff ledger have no serious or critical violations', async ({ page, request, baseURL }) => {
  const tag = uniqueName('coinsax');
  const friday = await blackFriday(request, baseURL!, tag);
  const learner = await activeLearner(request, baseURL!);
  const headers = await rootHeaders(request, baseURL!);
  expect((await request.post(`/api/auth/users/${learner.id}/coins/`, { headers, data: { amount: 300, reason: 'Axe test' } })).status()).toBe(201);
  await logIn(page, learner.email, learner.password);
  const token = (await (await request.post('/api/auth/jwt/create/', { data: { email: learner.email, password: learner.password }, headers: { Origin: baseURL! } })).json()).access;
  const rewards = (await (await request.get('/api/rewards/?page_size=100', { headers: { Authorization: `Bearer ${token}` } })).json()).results as { id: number; title: string }[];
  const sticker = rewards.find((r) => r.title === friday.sticker)!;
  expect((await request.post(`/api/rewards/${sticker.id}/purchase/`, { headers: { Authorization: `Bearer ${token}`, Origin: baseURL! } })).status()).toBe(201);

  await visit(page, '/me?dialog=purchase');
  await expect(page.getByRole('dialog', { name: tr('Purchase a reward') })).toBeVisible();
  await expect(page.getByTestId('reward-requests')).toContainText(friday.sticker);
  expect(await seriousViolations(page)).toEqual([]);

  await page.context().clearCookies();
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/blacks-fridays/players/${learner.id}/coins`);
  await expect(page.getByTestId('coin-ledger').getByRole('row')).toHaveCount(3);
  expect(await seriousViolations(page)).toEqual([]);
});
