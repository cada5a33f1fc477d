// Team play's journey, JS off and on: a learner creates a team in the seed's running online event, a
// second joins by the invitation link, a third by name and password; /teams/me for the owner and a
// member; the event's teams list, the team page and a player within the team.
import { expect, test, type Page } from '@playwright/test';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';

const EVENT = 'Cyber Week Online CTF';
const TEAM_PASSWORD = 'team-password-1';

async function switchTo(page: Page, email: string, password: string) {
  await page.context().clearCookies();
  await logIn(page, email, password);
}

test('create a team, join it by link and by name and password, then see it from every side', async ({ page, request, baseURL }) => {
  const js = test.info().project.use.javaScriptEnabled !== false;
  const [owner, second, third] = [
    await activeLearner(request, baseURL!, { username: uniqueName('own') }),
    await activeLearner(request, baseURL!, { username: uniqueName('sec') }),
    await activeLearner(request, baseURL!, { username: uniqueName('thi') }),
  ];
  const name = uniqueName('Team ');

  // The owner: anything missing or mismatched is said under its field, then the team is created.
  await logIn(page, owner.email, owner.password);
  await visit(page, '/teams/create');
  await expect(page.getByRole('heading', { name: tr('Create your team') })).toBeVisible();
  await page.getByLabel(tr('Event')).selectOption({ label: EVENT });
  await page.getByLabel(tr('Team name')).fill(name);
  await page.getByLabel(tr('Password'), { exact: true }).fill(TEAM_PASSWORD);
  await page.getByLabel(tr('Confirm password')).fill('something-else-1');
  await page.getByRole('button', { name: tr('Create') }).click();
  await expect(page.getByText(tr("This two password field didn't match"))).toBeVisible();
  await page.getByLabel(tr('Password'), { exact: true }).fill(TEAM_PASSWORD);
  await page.getByLabel(tr('Confirm password')).fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: tr('Create') }).click();
  await expect(page).toHaveURL(/\/competes\/\d+\/challenges$/);
  const eventId = Number(new URL(page.url()).pathname.split('/')[2]);

  // /teams/me for the owner: the invitation link (Copy only with JavaScript) and the edit form.
  await visit(page, '/teams/me');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  const link = await page.getByLabel(tr('Invitation link')).inputValue();
  expect(link).toMatch(/\/teams\/join\/\w{50}$/);
  await expect(page.getByLabel(tr('Invitation link'))).toHaveAttribute('readonly', '');
  await expect(page.getByRole('button', { name: tr('Copy') })).toHaveCount(js ? 1 : 0);
  if (js) {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: tr('Copy') }).click();
    await expect(page.getByRole('status').filter({ hasText: new RegExp(`${tr('Copied!')}|Ctrl\\+C`) })).toBeVisible();
  }
  const invitation = new URL(link).pathname;

  // An anonymous visitor following the link is sent home (SPEC §2), told why, and logs in back to it.
  await page.context().clearCookies();
  await visit(page, invitation);
  await expect(page).toHaveURL(/\/\?invitation=\w{50}$/);
  await expect(page.getByRole('heading', { name: tr('You were invited to join a team') })).toBeVisible();
  await page.getByRole('link', { name: tr('Log in to join') }).click();
  await page.getByLabel(tr('Email')).fill(second.email);
  await page.getByLabel(tr('Password')).fill(second.password);
  await page.getByRole('button', { name: tr('Log in') }).click();

  // The second learner joins by the link.
  await expect(page).toHaveURL(new RegExp(`${invitation}$`));
  await expect(page.getByRole('heading', { name: tr('Join {{name}}', { name }) })).toBeVisible();
  await page.getByRole('button', { name: tr('Join') }).click();
  await expect(page).toHaveURL(/\/teams\/me\?team=\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // A member sees the team read-only.
  await expect(page.getByText(tr('Only the team leader can change the name and the password.'))).toBeVisible();
  await expect(page.getByRole('button', { name: tr('Update') })).toHaveCount(0);
  await expect(page.getByLabel(tr('Invitation link'))).toHaveValue(link);

  // The third joins by name and password; a wrong password shows the server's detail first.
  await switchTo(page, third.email, third.password);
  await visit(page, '/teams/me');
  await expect(page.getByText(tr('Currently you are not a member of any active groups.'))).toBeVisible();
  await page.getByRole('link', { name: tr('Join a team') }).click();
  await expect(page).toHaveURL(/\/teams\/join$/);
  await page.getByLabel(tr('Team name')).fill(name.toLowerCase());
  await page.getByLabel(tr('Password')).fill('wrong-password-1');
  await page.getByRole('button', { name: tr('Join') }).click();
  await expect(page.getByText(tr('No team of an open event has this name and password.'))).toBeVisible();
  await expect(page.getByRole('link', { name: tr('Create'), exact: true })).toHaveAttribute('href', '/teams/create');
  await page.getByLabel(tr('Team name')).fill(name.toLowerCase());
  await page.getByLabel(tr('Password')).fill(TEAM_PASSWORD);
  await page.getByRole('button', { name: tr('Join') }).click();
  await expect(page).toHaveURL(/\/teams\/me\?team=\d+$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();

  // The owner renames the team; a new password needs the right current one.
  const renamed = `${name} II`;
  await switchTo(page, owner.email, owner.password);
  await visit(page, '/teams/me');
  await page.getByLabel(tr('Team name')).fill(renamed);
  await page.getByLabel(tr('Current password')).fill('not-the-password');
  await page.getByLabel(tr('New password'), { exact: true }).fill('new-team-password-1');
  await page.getByLabel(tr('Confirm new password')).fill('new-team-password-1');
  await page.getByRole('button', { name: tr('Update') }).click();
  await expect(page.getByText(tr('The current password is not correct.'))).toBeVisible();
  await page.getByLabel(tr('Current password')).fill(TEAM_PASSWORD);
  await page.getByLabel(tr('New password'), { exact: true }).fill('new-team-password-1');
  await page.getByLabel(tr('Confirm new password')).fill('new-team-password-1');
  await page.getByRole('button', { name: tr('Update') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Your Team account has been successfully modified.'));
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();

  // The event's teams list, then the team page and a member's page.
  // Teams are ranked by points, then by name: other journeys' teams (they run in two languages, with
  // and without JavaScript, on one server) can push this one past the first page of 10.
  await visit(page, `/competes/${eventId}/teams`);
  await expect(page.getByRole('row').filter({ hasText: 'Cotonou Crackers' }).getByRole('cell').nth(3)).toHaveText('50');
  const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: renamed, exact: true }) });
  for (let n = 1; n <= 10; n++) {
    await visit(page, `/competes/${eventId}/teams?page=${n}`);
    if (await row.count()) break;
  }
  await expect(row.getByRole('cell')).toHaveText([/\d+/, renamed, '3', '0']);
  await row.getByRole('link', { name: renamed }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${eventId}/teams/\\d+$`));
  await expect(page.getByRole('heading', { name: renamed })).toBeVisible();
  await expect(page.getByTestId('total-points')).toHaveText('0');
  const members = page.getByTestId('members-table');
  await expect(members.getByRole('row')).toHaveCount(4);
  // In a region the keyboard reaches, in case it scrolls sideways on a phone.
  await expect(page.getByRole('region', { name: tr('{{label}} table', { label: tr('Members') }) })).toHaveAttribute('tabindex', '0');
  await expect(members.getByRole('row').filter({ hasText: owner.username })).toContainText(tr('Leader'));
  await expect(members.getByRole('row').filter({ hasText: second.username })).not.toContainText(tr('Leader'));
  await members.getByRole('link', { name: second.username }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${eventId}/teams/\\d+/users/${second.id}$`));
  await expect(page.getByRole('heading', { name: second.username })).toBeVisible();
  await expect(page.getByRole('link', { name: renamed })).toBeVisible();
  await expect(page.getByText(tr('Total points'))).toHaveCount(0);
  await expect(page.getByText(tr('No challenge solved yet'))).toBeVisible();
});

test("the seed's team page shows its validated solve, and staff have no team page", async ({ page }) => {
  await logIn(page, 'alice@example.com', 'demo-learner-2026');
  await visit(page, '/teams/me');
  await expect(page.getByRole('heading', { name: 'Cotonou Crackers' })).toBeVisible();
  await page.getByRole('link', { name: EVENT }).click();
  await expect(page.getByRole('heading', { name: 'Cotonou Crackers' })).toBeVisible();
  await expect(page.getByTestId('total-points')).toHaveText('50');
  await expect(page.getByTestId('members-table').getByRole('row').filter({ hasText: 'carol' })).toContainText('50');
  await expect(page.getByRole('cell', { name: `${EVENT}: warm-up` })).toBeVisible();

  await page.context().clearCookies();
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  // The error page (403, with the reason) is checked like the 404 pages: after a plain load.
  const response = await page.goto('/teams/me');
  expect(response?.status()).toBe(403);
  await expect(page.getByText(tr('Staff accounts do not play in teams.'))).toBeVisible();
});
