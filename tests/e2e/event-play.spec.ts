// Event play in the browser (issue 9 §3, §4, §6), JS off and on: a team's members solve, staff
// validate on the event's review page, the event scoreboard ranks the team; a player without a team
// meets the 'Join a team' dialog; an ended event is read-only and leads to its scoreboard.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, otherWindow, uniqueName, visit } from './helpers';
import { tr } from './language';

async function tokenOf(request: APIRequestContext, baseURL: string, email: string, password: string): Promise<string> {
  const res = await request.post('/api/auth/jwt/create/', { data: { email, password }, headers: { Origin: baseURL } });
  expect(res.status()).toBe(200);
  return (await res.json()).access;
}

async function seededEvent(request: APIRequestContext, type: string, name: string): Promise<number> {
  const res = await request.get(`/api/events/?type=${type}&page_size=100`);
  const found = (await res.json()).results.find((e: { name: string }) => e.name === name);
  expect(found, `seeded event ${name}`).toBeTruthy();
  return found.id;
}

test('a team solves in an event, staff validate, the event scoreboard ranks the team', async ({ page, browser, request, baseURL }) => {
  const tag = uniqueName('ev');
  const eventId = await seededEvent(request, 'online', 'Cyber Week Online CTF');
  const root = await tokenOf(request, baseURL!, SUPERUSER.email, SUPERUSER.password);
  const asRoot = { Authorization: `Bearer ${root}`, Origin: baseURL! };
  const category = await request.post('/api/categories/', { headers: asRoot, data: { name: `Event ${tag}` } });
  const challenges = [];
  for (const n of [1, 2]) {
    const created = await request.post('/api/challenges/', {
      headers: asRoot,
      data: { name: `${tag} task ${n}`, category: (await category.json()).id, event: eventId, description: 'Team task.', initial_value: 100 * n, flag: { value: `CTF{${tag}_${n}}`, collation: 'plain_text' } },
    });
    expect(created.status()).toBe(201);
    challenges.push((await created.json()) as { id: number; name: string });
  }

  const owner = await activeLearner(request, baseURL!);
  const member = await activeLearner(request, baseURL!);
  const team = `Team ${tag}`;
  const ownerToken = await tokenOf(request, baseURL!, owner.email, owner.password);
  const made = await request.post(`/api/events/${eventId}/teams/`, { headers: { Authorization: `Bearer ${ownerToken}`, Origin: baseURL! }, data: { name: team, password: 'team-pass-123', re_password: 'team-pass-123' } });
  expect(made.status()).toBe(201);
  const joined = await request.post('/api/teams/join/', { headers: { Authorization: `Bearer ${await tokenOf(request, baseURL!, member.email, member.password)}`, Origin: baseURL! }, data: { code_invitation: (await made.json()).code_invitation } });
  expect(joined.status()).toBe(200);

  // The owner solves task 2 over the API; the member solves task 1 in the browser.
  const ownerSolve = await request.post(`/api/challenges/${challenges[1]!.id}/submissions/`, {
    headers: { Authorization: `Bearer ${ownerToken}`, Origin: baseURL! },
    multipart: { value: `CTF{${tag}_2}`, writeup: { name: 'w.md', mimeType: 'text/markdown', buffer: Buffer.from('# steps') } },
  });
  expect(ownerSolve.status()).toBe(201);

  await logIn(page, member.email, member.password);
  await visit(page, `/competes/${eventId}/challenges`);
  await expect(page.getByRole('heading', { name: 'Cyber Week Online CTF', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: challenges[0]!.name }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(tr('Flag')).fill(`CTF{${tag}_1}`);
  await dialog.getByRole('button', { name: tr('Check the flag') }).click();
  await expect(dialog.getByRole('status')).toHaveText(tr('Your flag is correct.'));
  await dialog.getByLabel(tr('Writeup')).setInputFiles({ name: 'writeup.md', mimeType: 'text/markdown', buffer: Buffer.from('How we did it.') });
  await dialog.getByRole('button', { name: tr('Submit') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your flag and writeup were submitted successfully. They count once staff have reviewed them.'));
  // Until staff decide, the dialog, the card and the team page say the solve waits for review.
  await expect(dialog.getByTestId('awaiting-review')).toHaveText(tr('Waiting for review'));
  await expect(dialog).toContainText(tr('Your flag and writeup were submitted: they count once staff have reviewed them.'));
  await expect(dialog).not.toContainText(tr('You have already solved this challenge.'));
  await visit(page, `/competes/${eventId}/challenges`);
  await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: challenges[0]!.name }) }).getByTestId('awaiting-review')).toBeVisible();
  await visit(page, `/competes/${eventId}/teams`);
  await page.getByRole('link', { name: team, exact: true }).click();
  await expect(page.getByTestId('awaiting-review-list')).toContainText(`${challenges[0]!.name} ${tr('by {{name}}', { name: member.username })}`);
  await expect(page.getByTestId('awaiting-review-list')).toContainText(`${challenges[1]!.name} ${tr('by {{name}}', { name: owner.username })}`);

  // Staff validate both on the event's review page.
  const staff = await otherWindow(browser, baseURL!);
  await logIn(staff, SUPERUSER.email, SUPERUSER.password);
  await visit(staff, `/competes/${eventId}/submissions`);
  await staff.getByLabel(tr('Learner or challenge')).fill(tag);
  await staff.getByRole('button', { name: tr('Filter') }).click();
  await expect(staff.getByRole('row')).toHaveCount(3);
  await staff.getByLabel(tr('Select submission of {{learner}} for {{challenge}}', { learner: owner.username, challenge: challenges[1]!.name })).check();
  await staff.getByLabel(tr('Select submission of {{learner}} for {{challenge}}', { learner: member.username, challenge: challenges[0]!.name })).check();
  await staff.getByRole('button', { name: tr('Validate selected') }).click();
  await staff.getByRole('dialog').getByRole('button', { name: tr('Confirm') }).click();
  await expect(staff.getByTestId('flash')).toHaveText(`${tr('Submission validation completed successfully!')} ${tr('{{count}} submissions validated.', { count: 2 })}`);

  // The scoreboard ranks the team with its 300 points and both members.
  await visit(page, `/competes/${eventId}/scoreboard`);
  const row = page.getByTestId('scoreboard-table').getByRole('row').filter({ has: page.getByRole('link', { name: team, exact: true }) });
  await expect(row).toContainText('300');
  await expect(row.getByRole('link', { name: owner.username })).toBeVisible();
  await expect(row.getByRole('link', { name: member.username })).toBeVisible();
  await row.getByRole('link', { name: team, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${eventId}/teams/\\d+$`));
  await expect(page.getByTestId('awaiting-review-list')).toHaveCount(0);

  // The member is told, in the language they read the site in (the notice keeps its words).
  await visit(page, '/notifications/general');
  const notice = page.getByTestId('notification').filter({ hasText: challenges[0]!.name });
  await expect(notice).toContainText(tr('Submission validated'));
  await expect(notice).toContainText(tr('Your submission for the challenge "{{challenge}}" was validated.', { challenge: challenges[0]!.name }));
});

test('a player without a team meets the Join a team dialog, and an ended event leads to its scoreboard', async ({ page, request, baseURL }) => {
  const eventId = await seededEvent(request, 'online', 'Cyber Week Online CTF');
  const ended = await seededEvent(request, 'online', 'Spring CTF 2026');
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);

  await visit(page, `/competes/${eventId}/challenges`);
  const dialog = page.getByRole('dialog', { name: tr('Join a team') });
  await expect(dialog).toContainText(tr('You need a team to play this event: create or join one first.'));
  await expect(dialog.getByRole('link', { name: tr('Create a team') })).toHaveAttribute('href', `/competes/${eventId}/teams/create`);
  await expect(dialog.getByRole('link', { name: tr('Join a team') })).toHaveAttribute('href', '/teams/join');
  await dialog.getByRole('link', { name: tr('Close') }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The notice opened with the page, from no button: closed, the focus goes to the page's content,
  // not to <body> (without JavaScript the close is a page load, which starts at the top).
  if (test.info().project.use.javaScriptEnabled !== false) await expect(page.locator('main#main')).toBeFocused();
  // Closed, it stays said above the board; the challenge dialog has no flag form.
  await expect(page.getByRole('status')).toContainText(tr('You need a team to play this event: create or join one first.'));
  await page.getByRole('link', { name: 'Cyber Week Online CTF: warm-up' }).click();
  await expect(page.getByTestId('play-blocked')).toContainText(tr('You need a team to play this event: create or join one first.'));
  await expect(page.getByRole('dialog').getByLabel(tr('Flag'))).toHaveCount(0);

  await visit(page, `/competes/${ended}/challenges`);
  await expect(page.getByRole('status')).toContainText(tr('This event has ended: flags are no longer accepted.'));
  await page.getByRole('status').getByRole('link', { name: tr('See the scoreboard') }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${ended}/scoreboard$`));
  await expect(page.getByRole('heading', { name: tr('Scoreboard') })).toBeVisible();
});
