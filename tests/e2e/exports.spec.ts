// Exports (issue 21 §3, docs/rules.md "Exports"): the list pages' 'Download CSV' and 'Download
// Excel' links, followed as a user would, with JavaScript off (plain attachment links) and on
// (DownloadLink fetches the file and says it worked). Each file holds every row of the page's
// filters, not only its first page. Learners and reward requests are written into the e2e server's
// database (as the rewards journey does); the submission comes through the API.
import { readFile } from 'node:fs/promises';
import { expect, test, type Download, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { makeRequest, makeReward, useServerDatabase } from '../support/reward-factories';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { apiToken, bearer, pendingSubmission } from './usability-helpers';

useServerDatabase('e2e');

const SUCCESS = 'Downloading file completed successfully!';
const js = () => test.info().project.use.javaScriptEnabled !== false;
const today = () => new Date().toISOString().slice(0, 10);

/**
 * Follows a download link, named by its English text; with JS, its message says the download worked.
 * The files themselves stay in English in every language (their headers are read by scripts).
 */
async function follow(page: Page, name: 'Download CSV' | 'Download Excel'): Promise<Download> {
  const link = page.getByRole('link', { name: tr(name), exact: true });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  if (js()) await expect(link.locator('xpath=..').getByTestId('download-message')).toHaveText(tr(SUCCESS));
  return download;
}

/** A CSV's lines (no quoted line breaks in these lists), its BOM checked and dropped. */
async function csvLines(download: Download): Promise<string[]> {
  const text = await readFile(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  return text.slice(1).replace(/\r\n$/, '').split('\r\n');
}

async function sheetRows(download: Download): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

test('the superuser downloads the searched learners, every page of them, as CSV and Excel', async ({ page }) => {
  const { db } = await import('~/lib/db.server');
  const tag = uniqueName('xl');
  const names = Array.from({ length: 12 }, (_, i) => `${tag}_${String(i).padStart(2, '0')}`);
  await db.user.createMany({
    data: names.map((username) => ({ username, usernameKey: username.toLowerCase(), fullname: `Full ${username}`, email: `${username}@example.com`, passwordHash: 'x', isActive: true, isValidated: true })),
  });
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/users?q=${tag}`);
  // The page shows ten; the files hold all twelve.
  await expect(page.getByRole('row')).toHaveCount(11);

  const csv = await follow(page, 'Download CSV');
  expect(csv.suggestedFilename()).toBe(`learners-${today()}.csv`);
  const lines = await csvLines(csv);
  expect(lines[0]).toBe('id,username,fullname,email,gender,country,type,is_active,is_validated,total_points');
  expect(lines.slice(1).map((l) => l.split(',')[1])).toEqual(names);

  const xlsx = await follow(page, 'Download Excel');
  expect(xlsx.suggestedFilename()).toBe(`learners-${today()}.xlsx`);
  const rows = await sheetRows(xlsx);
  expect(rows.slice(1).map((r) => r[1])).toEqual(names);
  expect(rows[1].slice(2, 4)).toEqual([`Full ${names[0]}`, `${names[0]}@example.com`]);
});

test('staff download the submissions review with the filter they applied', async ({ page, request, baseURL }) => {
  const tag = uniqueName('xs');
  const { challenge, learner } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/submissions');
  // The filter form, then the links carry what the page applied.
  await page.getByLabel(tr('State')).selectOption('pending');
  await page.getByLabel(tr('Learner or challenge')).fill(tag);
  await page.getByRole('button', { name: tr('Filter') }).click();
  await expect(page).toHaveURL(new RegExp(`state=pending&q=${tag}`));
  await expect(page.getByRole('link', { name: tr('Download CSV') })).toHaveAttribute('href', `/practices/submissions/export?state=pending&q=${tag}&format=csv`);

  const csv = await follow(page, 'Download CSV');
  expect(csv.suggestedFilename()).toBe(`submissions-practice-${today()}.csv`);
  const lines = await csvLines(csv);
  expect(lines).toHaveLength(2);
  expect(lines[1].split(',').slice(1, 3)).toEqual([learner.username, challenge.name]);
  expect(lines[1]).toContain(',Pending,');

  const rows = await sheetRows(await follow(page, 'Download Excel'));
  expect(rows.map((r) => r[6])).toEqual(['State', 'Pending']);
});

test('a learner downloads the scoreboard they may see', async ({ page, request, baseURL }) => {
  const tag = uniqueName('xb');
  // A learner with a pending practice solve: practice counts it.
  const { learner } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/scoreboard');
  const csv = await follow(page, 'Download CSV');
  expect(csv.suggestedFilename()).toBe(`scoreboard-practice-${today()}.csv`);
  const lines = await csvLines(csv);
  expect(lines[0]).toBe('Rank,Player,Country,Score,Challenges solved');
  expect(lines.find((l) => l.split(',')[1] === learner.username)?.split(',').slice(2)).toEqual(['BJ', '100', '1']);
  const rows = await sheetRows(await follow(page, 'Download Excel'));
  expect(rows.find((r) => r[1] === learner.username)?.slice(2)).toEqual(['BJ', 100, 1]);
});

test('staff download the processed reward requests', async ({ page, request, baseURL }) => {
  const player = await activeLearner(request, baseURL!, { username: uniqueName('xr') });
  const reward = await makeReward({ title: `Mug ${player.username}`, coin: 30 });
  const bought = await makeRequest(player.id, reward.id);
  const root = bearer(await apiToken(request, baseURL!, SUPERUSER.email, SUPERUSER.password), baseURL!);
  expect((await request.put(`/api/reward-requests/${bought.id}/validate/`, { headers: root })).status()).toBe(200);

  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/blacks-fridays/processed-reward-requests');
  const xlsx = await follow(page, 'Download Excel');
  expect(xlsx.suggestedFilename()).toBe(`reward-requests-processed-${today()}.xlsx`);
  const rows = await sheetRows(xlsx);
  expect(rows[0]).toEqual(['Requested (UTC)', 'Player', 'Reward', 'CTF certification', 'Coin', 'State', 'Processed (UTC)', 'Processed by']);
  expect(rows.find((r) => r[1] === player.username)?.slice(2, 6)).toEqual([reward.title, 'No', 30, 'Validated']);
  const csv = await csvLines(await follow(page, 'Download CSV'));
  expect(csv.some((l) => l.includes(`,${player.username},${reward.title},No,30,Validated,`))).toBe(true);
});
