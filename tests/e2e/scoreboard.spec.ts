import { expect, test, type APIRequestContext } from '@playwright/test';
import { activeLearner, logIn, visit } from './helpers';
import { projectLanguage, tr } from './language';

// The seeded standard challenges (prisma/seed.ts): fixed values, whoever solves them first.
const SEEDED = {
  'Hidden in plain sight': ['CTF{view_source_first}', 100],
  'Caesar salad': ['CTF{rot_thirteen}', 50],
  'Lost in the logs': ['CTF{grep_is_your_friend}', 100],
  'Strings attached': ['CTF{strings_are_cheap}', 150],
  'Where was this taken?': ['CTF{cotonou}', 200],
} as const;
type Seeded = keyof typeof SEEDED;

/** Solves seeded challenges through the API (check the flag, then submit a writeup), as a player would. */
async function solveAll(request: APIRequestContext, learner: { email: string; password: string }, names: Seeded[]) {
  const login = await request.post('/api/auth/jwt/create/', { data: { email: learner.email, password: learner.password } });
  const headers = { Authorization: `Bearer ${(await login.json()).access}` };
  const list = await (await request.get('/api/challenges/practices/?page_size=100', { headers })).json();
  for (const name of names) {
    const challenge = list.results.find((c: { name: string }) => c.name === name);
    const [flag] = SEEDED[name];
    expect((await request.post(`/api/challenges/${challenge.id}/verify-submitted-flag/`, { headers, data: { flag } })).status()).toBe(200);
    const submitted = await request.post(`/api/challenges/${challenge.id}/submissions/`, {
      headers,
      multipart: { value: flag, writeup: { name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('How I did it.') } },
    });
    expect(submitted.status()).toBe(201);
  }
}

test('the scoreboard shows the top-5 chart and the ranked players; a player page shows their points', async ({ page, request, baseURL }) => {
  const leader = await activeLearner(request, baseURL!);
  const runnerUp = await activeLearner(request, baseURL!);
  await solveAll(request, leader, ['Hidden in plain sight', 'Caesar salad', 'Lost in the logs', 'Strings attached', 'Where was this taken?']);
  await solveAll(request, runnerUp, ['Strings attached', 'Where was this taken?']);

  // Anonymous visitors are sent to log in.
  await visit(page, '/practices/scoreboard');
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fpractices%2Fscoreboard$/);

  await logIn(page, runnerUp.email, runnerUp.password);
  await visit(page, '/practices/scoreboard');
  await expect(page.getByRole('heading', { name: tr('Scoreboard'), level: 1 })).toBeVisible();

  // The chart is plain HTML and SVG from the server (visx): axes, one coloured line per player,
  // legend at the bottom. It is drawn for a phone and for wider screens; one of the two shows.
  const chart = page.getByTestId('score-chart');
  await expect(chart).toBeVisible();
  await expect(chart.locator(':scope > svg').filter({ visible: true })).toHaveCount(1);
  await expect(chart.locator('[data-marker="1"]').filter({ visible: true }).first()).toBeVisible();
  await expect(chart.locator('#sc-m1')).toHaveAttribute('fill', '#FF5733');
  await expect(chart.locator(`use[data-player="${leader.username}"]`).filter({ visible: true })).toHaveCount(1);
  await expect(page.getByTestId('score-chart-legend')).toContainText(leader.username);
  await expect(chart.getByTestId('score-chart-x-label').filter({ visible: true }).first()).toHaveText(projectLanguage() === 'fr' ? /^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/ : /^\d{1,2}\/\d{1,2}\/\d{4}, \d{1,2}:\d{2}\s[AP]M$/);

  // Ranked rows: number, flag and linked name, score; the leader above the runner-up.
  const table = page.getByTestId('scoreboard-table');
  const row = (name: string) => table.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  const rank = async (name: string) => Number(await row(name).getByRole('cell').first().textContent());
  await expect(row(leader.username).getByRole('cell').last()).toHaveText('600');
  // The flag is an image named by its country (an emoji flag is two letters in a box without an emoji font).
  const benin = new Intl.DisplayNames([projectLanguage()], { type: 'region' }).of('BJ')!;
  await expect(row(leader.username).getByRole('img', { name: benin })).toHaveAttribute('src', '/media/flags/BJ');
  await expect.poll(() => row(leader.username).getByRole('img', { name: benin }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const leaderRank = await rank(leader.username);
  // Other journeys' players (the journeys run in two languages, with and without JavaScript, on one
  // server) can push the runner-up past the first page of 10: the pages are read until it shows.
  for (let n = 2; n <= 10 && !(await row(runnerUp.username).count()); n++) await visit(page, `/practices/scoreboard?page=${n}`);
  await expect(row(runnerUp.username).getByRole('cell').last()).toHaveText('350');
  expect(leaderRank).toBeLessThan(await rank(runnerUp.username));

  // The player page: total points and the solved challenges with initial value and score obtained.
  await visit(page, '/practices/scoreboard');
  await row(leader.username).getByRole('link', { name: leader.username }).click();
  await expect(page).toHaveURL(new RegExp(`/practices/users/${leader.id}$`));
  await expect(page.getByRole('heading', { name: leader.username })).toBeVisible();
  await expect(page.getByTestId('total-points')).toHaveText('600');
  // In a region the keyboard reaches, in case it scrolls sideways on a phone.
  await expect(page.getByRole('region', { name: tr('{{label}} table', { label: tr('Solved challenges') }) })).toHaveAttribute('tabindex', '0');
  const solved = page.getByRole('row').filter({ hasText: 'Strings attached' });
  await expect(solved.getByRole('cell')).toHaveText(['4', 'Strings attached', '150', '150']);

  // Back to the scoreboard: with JavaScript a client navigation, whose data brings the chart's
  // markup (a document's hydration data only names it: components/server-markup.tsx).
  await page.goBack();
  await expect(page.getByRole('heading', { name: tr('Scoreboard'), level: 1 })).toBeVisible();
  await expect(chart.locator(`use[data-player="${leader.username}"]`).filter({ visible: true })).toHaveCount(1);
});

test('a player without solves has no points and the page says so', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, `/practices/users/${learner.id}`);
  await expect(page.getByTestId('total-points')).toHaveText('0');
  await expect(page.getByText(tr('No challenge solved yet'))).toBeVisible();
  await visit(page, '/practices/scoreboard');
  await expect(page.getByRole('link', { name: learner.username, exact: true })).toHaveCount(0);
});
