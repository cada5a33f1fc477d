// Exports (issue 21 §3, docs/rules.md "Exports") against the production server: each list page's
// /export answers a CSV and an .xlsx of every row its filters keep, with the download headers, and
// refuses whoever the page refuses, the same way. Learners, staff, rewards and requests are written
// into the server's database (as the rewards tests do); solves and reviews go through the API.
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, base, call, sessionCookie, solve, superuserToken } from '../support/api-client';
import { makeRequest, makeReward, useServerDatabase } from '../support/reward-factories';
import { SUPERUSER } from '../support/test-server';

useServerDatabase('api');

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const TODAY = () => new Date().toISOString().slice(0, 10);

interface Download { status: number; headers: Headers; bytes: Uint8Array<ArrayBuffer> }

async function download(path: string, cookie?: string): Promise<Download> {
  const res = await fetch(`${base()}${path}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: 'manual' });
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** A CSV's rows as cells (RFC 4180: quoted fields may hold commas, quotes and line breaks). */
function csvRows(bytes: Uint8Array): string[][] {
  const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
  expect(text.startsWith('\uFEFF')).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(cell), (cell = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(cell), rows.push(row), (row = []), (cell = ''), i++;
    else cell += c;
  }
  expect(row).toEqual([]);
  return rows;
}

/** An .xlsx's first sheet as cells, read back with exceljs (numbers as numbers, dates as text). */
async function xlsxRows(bytes: Uint8Array): Promise<(string | number | null)[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  const rows: (string | number | null)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells: (string | number | null)[] = [];
    for (let i = 1; i <= sheet.columnCount; i++) {
      const v = row.getCell(i).value;
      cells.push(v instanceof Date ? v.toISOString().slice(0, 19).replace('T', ' ') : (v as string | number | null) ?? null);
    }
    rows.push(cells);
  });
  return rows;
}

function expectFile(d: Download, name: string, format: 'csv' | 'xlsx') {
  expect(d.status).toBe(200);
  expect(d.headers.get('content-type')).toBe(format === 'csv' ? 'text/csv; charset=utf-8' : XLSX);
  expect(d.headers.get('content-disposition')).toBe(`attachment; filename="${name}-${TODAY()}.${format}"`);
  expect(d.headers.get('x-content-type-options')).toBe('nosniff');
  expect(d.headers.get('cache-control')).toBe('private, no-store');
}

/** The status and Location a page or an export answers this cookie (or none). */
async function refusal(path: string, cookie?: string) {
  const res = await fetch(`${base()}${path}`, { headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) }, redirect: 'manual' });
  await res.arrayBuffer();
  return { status: res.status, location: res.headers.get('location') };
}

let root: string;
let rootCookie: string;
let staffCookie: string;
let learner: Awaited<ReturnType<typeof activeLearner>>;
let learnerCookie: string;

beforeAll(async () => {
  root = await superuserToken();
  rootCookie = await sessionCookie(SUPERUSER);
  const { makeStaff, PASSWORD } = await import('../support/factories');
  const staff = await makeStaff();
  staffCookie = await sessionCookie({ email: staff.email, password: PASSWORD });
  learner = await activeLearner();
  learnerCookie = await sessionCookie(learner);
});

describe('the learners export (superuser)', () => {
  it("holds every row of the search, not only the page's ten, in CSV and .xlsx alike; the import takes it back", async () => {
    const { db } = await import('~/lib/db.server');
    const tag = `exl${Date.now().toString(36)}`;
    await db.user.createMany({
      data: Array.from({ length: 12 }, (_, i) => ({
        username: `${tag}_${String(i).padStart(2, '0')}`, usernameKey: `${tag}_${String(i).padStart(2, '0')}`,
        // A full name a spreadsheet would run as a formula.
        fullname: i === 0 ? '=HYPERLINK("http://evil.test","x")' : `Learner ${i}, ${tag}`,
        email: `${tag}_${i}@example.com`, passwordHash: 'x', gender: i % 2 ? 'F' : 'M', country: 'SN', isActive: true, isValidated: true,
      })),
    });

    const csv = await download(`/practices/users/export?format=csv&q=${tag}`, rootCookie);
    expectFile(csv, 'learners', 'csv');
    const rows = csvRows(csv.bytes);
    expect(rows[0]).toEqual(['id', 'username', 'fullname', 'email', 'gender', 'country', 'type', 'is_active', 'is_validated', 'total_points']);
    expect(rows).toHaveLength(13);
    expect(rows[1].slice(1)).toEqual([`${tag}_00`, `'=HYPERLINK("http://evil.test","x")`, `${tag}_0@example.com`, 'M', 'SN', 'Learner', 'yes', 'yes', '0']);
    expect(rows[12].slice(1, 4)).toEqual([`${tag}_11`, `Learner 11, ${tag}`, `${tag}_11@example.com`]);

    const xlsx = await download(`/practices/users/export?format=xlsx&q=${tag}`, rootCookie);
    expectFile(xlsx, 'learners', 'xlsx');
    const cells = await xlsxRows(xlsx.bytes);
    // The same cells, the formula guard apart (a workbook holds text as text) and numbers as numbers.
    expect(cells).toEqual(rows.map((r, i) => r.map((c, j) => (i > 0 && (j === 0 || j === 9) ? Number(c) : i === 1 && j === 2 ? c.slice(1) : c))));

    // The columns are the import's: the file goes back in, and changes nothing.
    const form = new FormData();
    form.set('file', new File([xlsx.bytes], 'learners.xlsx'));
    const imported = await call('POST', '/api/auth/users/upload-users/', { token: root, form });
    expect(imported.status).toBe(200);
    expect(imported.body.report.map((r: { outcome: string }) => r.outcome)).toEqual(Array(12).fill('unchanged'));
  });

  it('sends staff and learners home and anonymous visitors to log in, as pages above their role do', async () => {
    const path = '/practices/users/export?format=csv';
    expect(await refusal(path, staffCookie)).toEqual({ status: 302, location: '/' });
    expect(await refusal(path, learnerCookie)).toEqual({ status: 302, location: '/' });
    expect(await refusal(path)).toEqual({ status: 302, location: `/login?redirectTo=${encodeURIComponent(path)}` });
  });

  it('answers 400 on format for a format it does not write', async () => {
    for (const query of ['', '?format=pdf', '?format=CSV']) {
      const res = await call('GET', `/practices/users/export${query}`, { cookie: rootCookie });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ format: ['Choose a format: csv or xlsx.'] });
    }
  });
});

describe('the submissions review and the scoreboard exports', () => {
  let pendingName: string;
  let rejectedName: string;

  beforeAll(async () => {
    const category = await call('POST', '/api/categories/', { token: root, json: { name: `Export ${Date.now().toString(36)}` } });
    const challenge = async (name: string, value: number) => {
      const res = await call('POST', '/api/challenges/', {
        token: root,
        json: { name, category: category.body.id, description: 'Find it.', initial_value: value, flag: { value: `CTF{${name.replace(/\W/g, '')}}`, collation: 'plain_text' } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    pendingName = `Export pending ${learner.username}`;
    rejectedName = `Export, "rejected" ${learner.username}`;
    const pending = await challenge(pendingName, 150);
    const rejected = await challenge(rejectedName, 70);
    await solve(learner.token, pending, `CTF{${pendingName.replace(/\W/g, '')}}`);
    const second = await solve(learner.token, rejected, `CTF{${rejectedName.replace(/\W/g, '')}}`);
    // A reviewer's comment a spreadsheet would run as a formula.
    const dismissed = await call('PUT', `/api/submissions/${second.id}/dismiss/`, { token: root, json: { description: "=cmd|' /C calc'!A0" } });
    expect(dismissed.status).toBe(200);
  });

  it("holds the review's filtered rows: state and search as the page reads them", async () => {
    const header = ['Date (UTC)', 'Learner', 'Challenge', 'Category', 'Initial value', 'Score', 'State', 'Comment', 'Reviewed (UTC)', 'Writeup'];
    const all = await download(`/practices/submissions/export?format=csv&q=${learner.username}`, rootCookie);
    expectFile(all, 'submissions-practice', 'csv');
    const rows = csvRows(all.bytes);
    expect(rows[0]).toEqual(header);
    // Newest first.
    expect(rows.slice(1).map((r) => [r[1], r[2], r[6], r[7], r[9]])).toEqual([
      [learner.username, rejectedName, 'Rejected', `'=cmd|' /C calc'!A0`, 'writeup.md'],
      [learner.username, pendingName, 'Pending', '', 'writeup.md'],
    ]);
    expect(rows[2][0]).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const pending = await download(`/practices/submissions/export?format=xlsx&state=pending&q=${learner.username}`, rootCookie);
    expectFile(pending, 'submissions-practice', 'xlsx');
    const cells = await xlsxRows(pending.bytes);
    expect(cells[0]).toEqual(header);
    expect(cells.slice(1).map((r) => [r[2], r[4], r[5], r[6]])).toEqual([[pendingName, 150, 150, 'Pending']]);
    // A state that is no state is every state, as on the page.
    expect(csvRows((await download(`/practices/submissions/export?format=csv&state=toString&q=${learner.username}`, rootCookie)).bytes)).toHaveLength(3);
    expect(csvRows((await download(`/practices/submissions/export?format=csv&state=accepted&q=${learner.username}`, rootCookie)).bytes)).toEqual([header]);
  });

  it('refuses learners and anonymous visitors as the review page does; a black-friday event has none (404)', async () => {
    for (const cookie of [learnerCookie, undefined]) {
      const page = await refusal(`/practices/submissions?q=x`, cookie);
      const file = await refusal(`/practices/submissions/export?format=csv&q=x`, cookie);
      expect(file.status).toBe(page.status);
      expect(file.status).toBe(302);
      expect(file.location).toBe(cookie ? '/' : `/login?redirectTo=${encodeURIComponent('/practices/submissions/export?format=csv&q=x')}`);
    }
    const friday = (await call('GET', '/api/events/?type=black-friday&page_size=1', { token: root })).body.results[0];
    expect((await refusal(`/competes/${friday.id}/submissions`, rootCookie)).status).toBe(404);
    expect((await download(`/competes/${friday.id}/submissions/export?format=csv`, rootCookie)).status).toBe(404);
  });

  it('gives a scoreboard to whoever may see it: players in practice, teams in a team event, coins in black-friday', async () => {
    const practice = await download('/practices/scoreboard/export?format=csv', learnerCookie);
    expectFile(practice, 'scoreboard-practice', 'csv');
    const rows = csvRows(practice.bytes);
    expect(rows[0]).toEqual(['Rank', 'Player', 'Country', 'Score', 'Challenges solved']);
    // The pending solve counts in practice, the rejected one does not.
    const mine = rows.find((r) => r[1] === learner.username)!;
    expect(mine.slice(2)).toEqual(['BJ', '150', '1']);
    expect(rows.slice(1).map((r) => Number(r[0]))).toEqual(rows.slice(1).map((_, i) => i + 1));

    // The demo seed's events.
    const event = async (type: string, name: string) =>
      ((await call('GET', `/api/events/?type=${type}&page_size=100`, { token: root })).body.results as { id: number; name: string }[]).find((e) => e.name === name)!;
    const online = await event('online', 'Cyber Week Online CTF');
    const team = await download(`/competes/${online.id}/scoreboard/export?format=xlsx`, learnerCookie);
    expectFile(team, `scoreboard-event-${online.id}-cyber-week-online-ctf`, 'xlsx');
    const teams = await xlsxRows(team.bytes);
    expect(teams[0]).toEqual(['Rank', 'Team', 'Members', 'Score', 'Challenges solved']);
    expect(teams.find((r) => r[1] === 'Cotonou Crackers')?.[2]).toBe('alice, carol');

    const friday = await event('black-friday', 'Black Friday CTF');
    const coins = csvRows((await download(`/competes/${friday.id}/scoreboard/export?format=csv`, learnerCookie)).bytes);
    expect(coins[0]).toEqual(['Rank', 'Player', 'Country', 'Score', 'Challenges solved', 'Coins']);

    // Anonymous visitors log in first, as on the page.
    const anonymous = await refusal('/practices/scoreboard/export?format=csv');
    expect(anonymous).toEqual({ status: 302, location: `/login?redirectTo=${encodeURIComponent('/practices/scoreboard/export?format=csv')}` });
    expect((await refusal('/practices/scoreboard')).status).toBe(302);
  });
});

describe('the reward requests export (staff)', () => {
  it('holds every request of the tab: processed ones on the processed tab, with who decided', async () => {
    const player = await activeLearner();
    const [validated, dismissed, pending] = [await makeReward({ coin: 40 }), await makeReward({ coin: 50, isCtfCertificationReward: true }), await makeReward({ coin: 60 })];
    const a = await makeRequest(player.id, validated.id);
    const b = await makeRequest(player.id, dismissed.id);
    await makeRequest(player.id, pending.id);
    expect((await call('PUT', `/api/reward-requests/${a.id}/validate/`, { token: root })).status).toBe(200);
    expect((await call('PUT', `/api/reward-requests/${b.id}/dismiss/`, { token: root })).status).toBe(200);

    const processed = await download('/blacks-fridays/processed-reward-requests/export?format=csv', staffCookie);
    expectFile(processed, 'reward-requests-processed', 'csv');
    const rows = csvRows(processed.bytes);
    expect(rows[0]).toEqual(['Requested (UTC)', 'Player', 'Reward', 'CTF certification', 'Coin', 'State', 'Processed (UTC)', 'Processed by']);
    const mine = rows.filter((r) => r[1] === player.username).map((r) => [r[2], r[3], r[4], r[5], r[7]]);
    expect(mine).toEqual([
      [dismissed.title, 'Yes', '50', 'Dismissed', SUPERUSER.username],
      [validated.title, 'No', '40', 'Validated', SUPERUSER.username],
    ]);

    const unprocessed = await xlsxRows((await download('/blacks-fridays/unprocessed-reward-requests/export?format=xlsx', staffCookie)).bytes);
    expect(unprocessed.filter((r) => r[1] === player.username).map((r) => [r[2], r[5]])).toEqual([[pending.title, 'Pending']]);
  });

  it('sends learners home and anonymous visitors to log in, as the tab does', async () => {
    for (const cookie of [learnerCookie, undefined]) {
      const page = await refusal('/blacks-fridays/processed-reward-requests', cookie);
      const file = await refusal('/blacks-fridays/processed-reward-requests/export?format=xlsx', cookie);
      expect(file.status).toBe(page.status);
      expect(file.location).toBe(cookie ? '/' : `/login?redirectTo=${encodeURIComponent('/blacks-fridays/processed-reward-requests/export?format=xlsx')}`);
    }
  });
});
