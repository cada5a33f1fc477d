// The general Black Friday scoreboard (issue 10 §4) and the event form's 'Next Friday', with
// JavaScript off and on: staff see every black-friday player (the seed's and one who solves here),
// learners and anonymous visitors are refused.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { nextFriday } from '../../app/domain/fridays';
import { activeLearner, logIn, SUPERUSER, visit } from './helpers';
import { projectLanguage, tr } from './language';

const PATH = '/blacks-fridays/general-scoreboard';

/** The learner solves the seed's 'Stacked coupons' (100 points) in the Black Friday CTF through the API. */
async function solveFridayChallenge(request: APIRequestContext, learner: { email: string; password: string }) {
  const login = await request.post('/api/auth/jwt/create/', { data: { email: learner.email, password: learner.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const events = await (await request.get('/api/events/?type=black-friday&page_size=100')).json();
  const friday = events.results.find((e: { name: string }) => e.name === 'Black Friday CTF');
  const board = await (await request.get(`/api/events/${friday.id}/challenges/?page_size=100`, { headers })).json();
  const challenge = board.results.find((c: { name: string }) => c.name === 'Stacked coupons');
  const flag = 'CTF{one_coupon_per_order}';
  expect((await request.post(`/api/challenges/${challenge.id}/verify-submitted-flag/`, { headers, data: { flag } })).status()).toBe(200);
  expect((await request.post(`/api/challenges/${challenge.id}/submissions/`, { headers, multipart: { value: flag } })).status()).toBe(201);
}

test('staff open the general Black Friday scoreboard: chart, players of every black-friday event with coins and solves', async ({ page, request, baseURL }) => {
  const player = await activeLearner(request, baseURL!);
  await solveFridayChallenge(request, player);

  // Anonymous visitors log in first; learners are sent home, as from every staff page.
  await visit(page, PATH);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fblacks-fridays%2Fgeneral-scoreboard$/);
  await logIn(page, player.email, player.password);
  await visit(page, PATH);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: new RegExp(`^${tr('Black-friday')}`) })).toHaveCount(0);

  await page.context().clearCookies();
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/');
  await page.getByRole('navigation', { name: tr('Main') }).getByRole('link', { name: new RegExp(`^${tr('Black-friday')}`) }).click();
  await expect(page).toHaveURL(new RegExp(`${PATH}$`));
  await expect(page.getByRole('heading', { name: tr('Top 5 players'), level: 1 })).toBeVisible();
  await expect(page.getByTestId('score-chart')).toBeVisible();
  await expect(page.getByTestId('score-chart-legend')).toContainText('alice');

  const table = page.getByTestId('general-scoreboard-table');
  await expect(table.getByRole('columnheader')).toHaveText(['#', tr('Player'), tr('Country'), tr('Score'), tr('Coin'), tr('Challenge Solved')]);
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name, exact: true }) });
  // The seed's leader: three solves worth 300, a T-shirt bought (validated) out of her coins.
  await expect(row('alice').getByRole('cell').nth(3)).toHaveText('300');
  await expect(row('alice').getByRole('cell').nth(5)).toHaveText('3');
  await expect(row('alice').getByRole('cell').first()).toHaveText('1');
  // The player of this test: one solve, its coins equal to its score.
  await expect(row(player.username).getByRole('cell')).toHaveText([/^\d+$/, player.username, /BJ$/, '100', '100', '1']);
  // The flag is an image named by its country (an emoji flag is two letters in a box without an emoji font).
  const benin = new Intl.DisplayNames([projectLanguage()], { type: 'region' }).of('BJ')!;
  await expect(row(player.username).getByRole('img', { name: benin })).toHaveAttribute('src', '/media/flags/BJ');
  await expect.poll(() => row(player.username).getByRole('img', { name: benin }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test("the event form fills the coming Friday's dates for a Black Friday event in one click", async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/events/create');
  await page.getByLabel(tr('Name'), { exact: true }).fill('Friday to come');
  await page.getByLabel(tr('Type'), { exact: true }).selectOption({ label: tr('Black Friday') });
  await page.getByRole('button', { name: tr('Next Friday') }).click();
  const { start_date, end_date } = nextFriday();
  await expect(page.getByLabel(tr('Start date (UTC)'))).toHaveValue(start_date);
  await expect(page.getByLabel(tr('End date (UTC)'))).toHaveValue(end_date);
  // What was typed stays (without JavaScript the form came back from the server with it).
  await expect(page.getByLabel(tr('Name'), { exact: true })).toHaveValue('Friday to come');
  await expect(page.getByLabel(tr('Type'), { exact: true })).toHaveValue('black-friday');
  expect(new Date(`${start_date}:00Z`).getUTCDay()).toBe(5);
});
