// Events (issue 9 §1): the catalogue and type pages by role and state, the event form, deletion,
// registration and the training-only notice, with JavaScript off and on.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { datesFor, PNG_BYTES, type Phase } from '../support/event-factories';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit, writeDescription } from './helpers';
import { tr, trLabelStart } from './language';

const DEMO = { email: 'alice@example.com', password: 'demo-learner-2026' }; // a validated demo learner
const TRAINING_ONLY = 'This event is reserved for learners enrolled in our training offer.';

const card = (page: Page, name: string) => page.getByRole('article').filter({ has: page.getByRole('heading', { name, exact: true }) });

/** Visits `path` page after page until the card of `name` shows (other tests add events too). */
async function openCard(page: Page, path: string, name: string) {
  for (let n = 1; n <= 20; n++) {
    await visit(page, `${path}${path.includes('?') ? '&' : '?'}page=${n}`);
    if (await card(page, name).count()) return card(page, name);
    if (!(await page.getByRole('navigation', { name: tr('Pagination') }).getByRole('link', { name: `${tr('Next')} ›` }).count())) break;
  }
  throw new Error(`no card for ${name} under ${path}`);
}

async function rootToken(request: APIRequestContext, baseURL: string): Promise<string> {
  const res = await request.post('/api/auth/jwt/create/', { data: { email: SUPERUSER.email, password: SUPERUSER.password }, headers: { Origin: baseURL } });
  return (await res.json()).access;
}

/** An event made through the API, in the phase asked for. */
async function apiEvent(request: APIRequestContext, baseURL: string, type: string, phase: Phase, over: Record<string, string> = {}) {
  const { startDate, endDate } = datesFor(phase);
  const name = uniqueName(`E2E ${type} `);
  const res = await request.post('/api/events/', {
    headers: { Authorization: `Bearer ${await rootToken(request, baseURL)}`, Origin: baseURL },
    multipart: {
      name, type, description: 'An event made by a test.', start_date: startDate.toISOString(), end_date: endDate.toISOString(),
      image: { name: 'e.png', mimeType: 'image/png', buffer: PNG_BYTES }, ...over,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

const inputDate = (d: Date) => d.toISOString().slice(0, 16);

test('anonymous visitors see the catalogue, the type pages by state and dates in UTC or their own zone', async ({ page, request, baseURL, javaScriptEnabled }) => {
  const ended = await apiEvent(request, baseURL!, 'online', 'ended');
  const upcoming = await apiEvent(request, baseURL!, 'in-person', 'upcoming', { place: 'Porto-Novo', register_link: 'https://example.com/register-here' });

  await visit(page, '/events');
  await expect(page.getByRole('heading', { name: tr('Events'), level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(tr('Black Friday CTF')) })).toHaveAttribute('href', '/events/black-friday');
  await expect(page.getByRole('link', { name: new RegExp(tr('Training platform CTF')) })).toHaveAttribute('href', '/events/training-platform');
  await expect(page.getByRole('link', { name: tr('Event'), exact: true })).toHaveCount(0);
  // The in-person events are one click away, not a URL to type.
  await page.getByRole('link', { name: new RegExp(`^${tr('In-person events')}`) }).click();
  await expect(page.getByRole('heading', { name: tr('In-person events'), level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\/events\/in-person$/);
  await visit(page, '/events');

  // An ended online event: Scoreboard, and no Participate.
  const endedCard = await openCard(page, '/events', ended.name);
  await expect(endedCard.getByRole('link', { name: tr('Scoreboard') })).toHaveAttribute('href', `/competes/${ended.id}/scoreboard`);
  await expect(endedCard.getByRole('link', { name: tr('Participate') })).toHaveCount(0);
  const time = endedCard.locator('time').first();
  if (javaScriptEnabled) await expect(time).toHaveAttribute('data-zone', 'local');
  else await expect(time).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC$/);

  // An upcoming in-person event: 'Starts on' and its own Register link; a breadcrumb back.
  const upcomingCard = await openCard(page, '/events/in-person', upcoming.name);
  await expect(page.getByRole('navigation', { name: tr('Breadcrumb') }).getByRole('link', { name: tr('Events') })).toHaveAttribute('href', '/events');
  await expect(page.getByRole('heading', { name: tr('In-person events') })).toBeVisible();
  await expect(upcomingCard).toContainText(tr('Starts on'));
  await expect(upcomingCard).toContainText('Porto-Novo');
  await expect(upcomingCard.getByRole('link', { name: tr('Register') })).toHaveAttribute('href', 'https://example.com/register-here');
  await expect(upcomingCard.getByRole('link', { name: tr('Participate') })).toHaveCount(0);

  // A page past the last one says where the list ends.
  await visit(page, '/events/in-person?page=999');
  const pastTheEnd = tr('There is no page {{page}}: the list ends at page {{last}}.', { page: 999, last: 987654 }).replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('987654', '\\d+');
  await expect(page.getByText(new RegExp(`^${pastTheEnd}$`))).toBeVisible();

  // An unknown type is a 404 page.
  const missing = await page.goto('/events/party');
  expect(missing?.status()).toBe(404);
});

test('a learner registers for a team event and a black-friday Participate registers then opens the board', async ({ page, request, baseURL }) => {
  const online = await apiEvent(request, baseURL!, 'online', 'active');
  const friday = await apiEvent(request, baseURL!, 'black-friday', 'active');
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);

  const onlineCard = await openCard(page, '/events/online', online.name);
  await expect(onlineCard.getByRole('link', { name: tr('Participate') })).toHaveAttribute('href', `/competes/${online.id}/challenges`);
  await onlineCard.getByRole('button', { name: tr('Register') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('You are registered for this event.'));
  await expect(card(page, online.name).getByText(tr('Registered'), { exact: true })).toBeVisible();
  await expect(card(page, online.name).getByRole('button', { name: tr('Register') })).toHaveCount(0);

  const fridayCard = await openCard(page, '/events/black-friday', friday.name);
  await fridayCard.getByRole('button', { name: tr('Participate') }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${friday.id}/challenges$`));
  const state = await request.get(`/api/events/${friday.id}/`, { headers: { Cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; ') } });
  expect((await state.json()).user_is_registered).toBe(true);
});

test('a learner who is not validated meets the training-only notice instead of entering', async ({ page, request, baseURL }) => {
  const training = await apiEvent(request, baseURL!, 'training-platform', 'active');
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  const trainingCard = await openCard(page, '/events/training-platform', training.name);
  await trainingCard.getByRole('link', { name: tr('Participate') }).click();
  await expect(page).toHaveURL(/dialog=training-only/);
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: tr('Training only') })).toBeVisible();
  await expect(dialog).toContainText(tr(TRAINING_ONLY));
  await dialog.getByRole('link', { name: 'OK' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // Closed, the focus goes back to the link that opened it, not to <body> (without JavaScript the
  // close is a page load, which starts at the top).
  if (test.info().project.use.javaScriptEnabled !== false) await expect(trainingCard.getByRole('link', { name: tr('Participate') })).toBeFocused();

  // A validated learner goes in.
  await page.context().clearCookies();
  await logIn(page, DEMO.email, DEMO.password);
  const open = await openCard(page, '/events/training-platform', training.name);
  await expect(open.getByRole('link', { name: tr('Participate') })).toHaveAttribute('href', `/competes/${training.id}/challenges`);
});

test('staff create a team event and a training event through the form; the superuser deletes one', async ({ page, javaScriptEnabled }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/events');
  await page.getByRole('link', { name: tr('Event'), exact: true }).click();
  await expect(page.getByRole('heading', { name: tr('New event') })).toBeVisible();
  await expect(page.getByLabel(tr('Type'), { exact: true })).toHaveValue('online');
  await expect(page.getByLabel(tr('Type'), { exact: true }).locator('option:checked')).toHaveText(tr('Other Competition'));
  await expect(page.getByLabel(trLabelStart('Pictures link (in-person events)'))).toHaveCount(0);

  const { startDate, endDate } = datesFor('active');
  const team = uniqueName('Form team event ');
  await page.getByLabel(tr('Name')).fill(team);
  await writeDescription(page, 'Teams of four, flags for all.', javaScriptEnabled);
  await page.getByLabel(trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await page.getByLabel(tr('Start date (UTC)')).fill(inputDate(endDate));
  await page.getByLabel(tr('End date (UTC)')).fill(inputDate(startDate));
  await page.getByLabel(trLabelStart('Team size limit (team events; empty for no limit)')).fill('4');
  await page.getByRole('button', { name: tr('Create'), exact: true }).click();
  // The end before the start comes back under its field; the image must be chosen again.
  await expect(page.getByText(tr('The end date must be after the start date.'))).toBeVisible();
  await expect(page.getByLabel(tr('End date (UTC)'))).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel(tr('Name'))).toHaveValue(team);
  await page.getByLabel(tr('Start date (UTC)')).fill(inputDate(startDate));
  await page.getByLabel(tr('End date (UTC)')).fill(inputDate(endDate));
  await page.getByLabel(trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await page.getByRole('button', { name: tr('Create'), exact: true }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await expect(page).toHaveURL(/\/events\/online$/);

  const created = await openCard(page, '/events/online', team);
  await expect(created.locator('img')).toHaveAttribute('src', /^\/media\/events\/\d+$/);
  await expect(created.getByRole('link', { name: tr('Explore challenges') })).toBeVisible();

  // Edit keeps what was entered.
  await created.getByRole('link', { name: tr('Edit {{name}}', { name: team }) }).click();
  await expect(page.getByRole('heading', { name: tr('Edit {{name}}', { name: team }) })).toBeVisible();
  await expect(page.getByLabel(trLabelStart('Team size limit (team events; empty for no limit)'))).toHaveValue('4');
  await expect(page.getByLabel(tr('Start date (UTC)'))).toHaveValue(inputDate(startDate));
  await expect(page.getByLabel(trLabelStart('Pictures link (in-person events)'))).toHaveCount(0); // in-person events only
  const renamed = `${team} renamed`;
  await page.getByLabel(tr('Name')).fill(renamed);
  await page.getByRole('button', { name: tr('Save') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Update completed successfully!'));
  await expect(page).toHaveURL(/\/events\/online$/);

  // A training event.
  const training = uniqueName('Form training event ');
  await visit(page, '/events/create');
  await page.getByLabel(tr('Name')).fill(training);
  await page.getByLabel(tr('Type'), { exact: true }).selectOption({ label: tr('Training platform') });
  await writeDescription(page, 'Week one of the cohort.', javaScriptEnabled);
  await page.getByLabel(trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')).setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG_BYTES });
  await page.getByLabel(tr('Start date (UTC)')).fill(inputDate(startDate));
  await page.getByLabel(tr('End date (UTC)')).fill(inputDate(endDate));
  await page.getByRole('button', { name: tr('Create'), exact: true }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Addition completed successfully!'));
  await expect(page).toHaveURL(/\/events\/training-platform$/);
  await openCard(page, '/events/training-platform', training);

  // The superuser deletes the team event after confirming.
  const doomed = await openCard(page, '/events/online', renamed);
  await doomed.getByRole('link', { name: tr('Delete {{name}}', { name: renamed }) }).click();
  await expect(page).toHaveURL(/confirm=delete/);
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText(tr('Are you sure you want to delete the event “{{name}}”? Its challenges, submissions, teams and their files are deleted with it. This cannot be undone.', { name: renamed }));
  await confirm.getByRole('button', { name: tr('Delete') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Event deleted successfully!'));
  await expect(card(page, renamed)).toHaveCount(0);
});

test('the ended event\'s card leads a learner to its scoreboard', async ({ page, request, baseURL }) => {
  const ended = await apiEvent(request, baseURL!, 'online', 'ended');
  await logIn(page, DEMO.email, DEMO.password);
  const endedCard = await openCard(page, '/events/online', ended.name);
  await expect(endedCard.getByRole('button', { name: tr('Register') })).toHaveCount(0);
  await endedCard.getByRole('link', { name: tr('Scoreboard') }).click();
  await expect(page).toHaveURL(new RegExp(`/competes/${ended.id}/scoreboard$`));
});
