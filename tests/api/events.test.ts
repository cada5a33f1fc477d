// Contract tests of SPEC §7 "Events" (the calls of issue 9 §1) against the real production server.
import { beforeAll, describe, expect, it } from 'vitest';
import { activeLearner, call, superuserToken } from '../support/api-client';
import { eventForm, fakePng, gifFile, pngFile } from '../support/event-factories';

const REQUIRED = 'This field is required.';
const TRAINING_ONLY = 'This event is reserved for learners enrolled in our training offer.';

let root: string;
let learner: Awaited<ReturnType<typeof activeLearner>>;

beforeAll(async () => {
  root = await superuserToken();
  learner = await activeLearner();
});

async function newEvent(over: Parameters<typeof eventForm>[0] = {}, phase: Parameters<typeof eventForm>[1] = 'active') {
  const res = await call('POST', '/api/events/', { token: root, form: eventForm(over, phase) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any> & { id: number };
}

const EVENT_SHAPE = {
  id: expect.any(Number),
  name: expect.any(String),
  place: expect.any(String),
  description: expect.any(String),
  image: expect.any(String),
  type: expect.any(String),
  is_active: expect.any(Boolean),
  state: expect.stringMatching(/^(upcoming|active|ended)$/),
  start_date: expect.any(String),
  end_date: expect.any(String),
  register_link: null,
  pictures_link: null,
  pictures_links: [],
  team_size_limit: null,
  user_is_registered: false,
};

describe('POST /api/events/ (multipart)', () => {
  it('creates an event for staff: 201 with the SPEC §3 fields, the image served as an attachment', async () => {
    const created = await newEvent({ description: 'Find **them** <script>x</script>', place: 'Ignored', register_link: 'https://ignored.test' });
    expect(created).toEqual({ ...EVENT_SHAPE, type: 'online', place: 'Online event', is_active: true, state: 'active' });
    expect(created.description.trim()).toBe('<p>Find <strong>them</strong> </p>');
    const image = await fetch(created.image);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^attachment; filename="event-\d+\.png"/);
  });

  it('answers 400 with every field error: required fields, the image, end before start, in-person place and link', async () => {
    const empty = await call('POST', '/api/events/', { token: root, form: new FormData() });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({ name: [REQUIRED], type: [REQUIRED], description: [REQUIRED], start_date: [REQUIRED], end_date: [REQUIRED], image: [REQUIRED] });

    const inPerson = await call('POST', '/api/events/', { token: root, form: eventForm({ type: 'in-person', end_date: '2020-01-01T00:00:00Z', image: null }) });
    expect(inPerson.status).toBe(400);
    expect(inPerson.body).toEqual({ image: [REQUIRED], end_date: ['The end date must be after the start date.'], place: [REQUIRED], register_link: [REQUIRED] });

    const bad = await call('POST', '/api/events/', { token: root, form: eventForm({ type: 'party', start_date: 'tomorrow', register_link: 'javascript:alert(1)' }) });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      type: ['Select a valid choice.'],
      start_date: ['Enter a valid date and time (YYYY-MM-DDTHH:MM, UTC unless a zone is given).'],
      register_link: ['Enter a valid URL.'],
    });

    const fake = await call('POST', '/api/events/', { token: root, form: eventForm({ image: fakePng() }) });
    expect(fake.status).toBe(400);
    expect(fake.body).toEqual({ image: ['Upload a valid image. The file you uploaded was either not an image or a corrupted image.'] });
    expect((await call('POST', '/api/events/', { token: root, form: eventForm({ image: gifFile() }) })).body).toEqual({ image: ['Upload a PNG, JPEG or WebP image.'] });
  });

  it('keeps place and links of an in-person event, and the team size limit of a team event', async () => {
    const event = await newEvent({ type: 'in-person', place: 'Cotonou', register_link: 'https://r.test/', pictures_link: 'https://p.test/', team_size_limit: '4' }, 'ended');
    expect(event).toMatchObject({ place: 'Cotonou', register_link: 'https://r.test/', pictures_link: 'https://p.test/', pictures_links: ['https://p.test/'], team_size_limit: 4, is_active: false, state: 'ended' });
    const bad = await call('POST', '/api/events/', { token: root, form: eventForm({ team_size_limit: '0' }) });
    expect(bad.body).toEqual({ team_size_limit: ['Ensure this value is greater than or equal to 1.'] });
  });

  it('is 401 without credentials and 403 for learners', async () => {
    expect((await call('POST', '/api/events/', { form: eventForm() })).status).toBe(401);
    const forbidden = await call('POST', '/api/events/', { token: learner.token, form: eventForm() });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ detail: 'You do not have permission to perform this action.' });
  });
});

describe('GET /api/events/?type=&page=', () => {
  it('lists events of a type, 6 per page, for anonymous callers too, with absolute page links', async () => {
    for (let i = 0; i < 7; i++) await newEvent({ type: 'black-friday' });
    const first = await call('GET', '/api/events/?type=black-friday');
    expect(first.status).toBe(200);
    expect(first.body.count).toBeGreaterThanOrEqual(7);
    expect(first.body.results).toHaveLength(6);
    expect(first.body.results.every((e: { type: string }) => e.type === 'black-friday')).toBe(true);
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/\/api\/events\/\?type=black-friday&page=2$/);
    const second = await call('GET', '/api/events/?type=black-friday&page=2');
    expect(second.body.previous).toMatch(/page=1$/);
    expect(second.body.results.length).toBeGreaterThanOrEqual(1);
  });

  it('answers an unknown type with 400', async () => {
    const res = await call('GET', '/api/events/?type=party');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ type: ['Select a valid choice.'] });
  });
});

describe('GET, PUT, DELETE /api/events/{id}/', () => {
  it('GET answers everyone; 404 for an unknown event', async () => {
    const event = await newEvent();
    const anonymous = await call('GET', `/api/events/${event.id}/`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual(event);
    const missing = await call('GET', '/api/events/99999999/');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ detail: 'No Event matches the given query.' });
  });

  it('PUT (staff, multipart or JSON) changes the fields sent; switching away from in-person clears place and links', async () => {
    const event = await newEvent({ type: 'in-person', place: 'Lomé', register_link: 'https://r.test/' });
    const form = new FormData();
    form.set('name', 'Renamed event');
    form.set('pictures_link', 'https://p.test/');
    const renamed = await call('PUT', `/api/events/${event.id}/`, { token: root, form });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Renamed event', place: 'Lomé', pictures_link: 'https://p.test/', image: event.image });
    const online = await call('PUT', `/api/events/${event.id}/`, { token: root, json: { type: 'online' } });
    expect(online.body).toMatchObject({ type: 'online', place: 'Online event', register_link: null, pictures_link: null });
    const bad = await call('PUT', `/api/events/${event.id}/`, { token: root, json: { end_date: '2000-01-01T00:00:00Z' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ end_date: ['The end date must be after the start date.'] });
    const image = new FormData();
    image.set('image', pngFile('new.png'));
    const reimaged = await call('PUT', `/api/events/${event.id}/`, { token: root, form: image });
    expect(reimaged.status).toBe(200);
    expect((await call('PUT', `/api/events/${event.id}/`, { token: learner.token, json: { name: 'x' } })).status).toBe(403);
    expect((await call('PUT', `/api/events/${event.id}/`, { json: { name: 'x' } })).status).toBe(401);
    expect((await call('PUT', '/api/events/99999999/', { token: root, json: { name: 'x' } })).status).toBe(404);
  });

  it('DELETE is for the superuser: 204, then 404; learners 403, anonymous 401', async () => {
    const event = await newEvent();
    expect((await call('DELETE', `/api/events/${event.id}/`)).status).toBe(401);
    expect((await call('DELETE', `/api/events/${event.id}/`, { token: learner.token })).status).toBe(403);
    const deleted = await call('DELETE', `/api/events/${event.id}/`, { token: root });
    expect(deleted.status).toBe(204);
    expect((await call('GET', `/api/events/${event.id}/`)).status).toBe(404);
    expect((await fetch(event.image)).status).toBe(404);
    expect((await call('DELETE', `/api/events/${event.id}/`, { token: root })).status).toBe(404);
  });

  it('leaves the other /api/events/{id}/... calls to their own routes', async () => {
    const event = await newEvent();
    const board = await call('GET', `/api/events/${event.id}/challenges/`, { token: root });
    expect(board.status).toBe(200);
    expect(board.body).toHaveProperty('results');
  });
});

describe('POST /api/events/{id}/register-user/ and user_is_registered', () => {
  it('registers a learner, idempotently; the event then says user_is_registered', async () => {
    const event = await newEvent({}, 'upcoming');
    expect((await call('GET', `/api/events/${event.id}/`, { token: learner.token })).body.user_is_registered).toBe(false);
    const first = await call('POST', `/api/events/${event.id}/register-user/`, { token: learner.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ detail: 'You are registered for this event.', id: event.id, user_is_registered: true });
    expect((await call('POST', `/api/events/${event.id}/register-user/`, { token: learner.token })).status).toBe(200);
    expect((await call('GET', `/api/events/${event.id}/`, { token: learner.token })).body.user_is_registered).toBe(true);
    const listed = await call('GET', '/api/events/?type=online&page_size=100', { token: learner.token });
    expect(listed.body.results.find((e: { id: number }) => e.id === event.id)?.user_is_registered).toBe(true);
    expect((await call('GET', `/api/events/${event.id}/`)).body.user_is_registered).toBe(false);
  });

  it('is 401 anonymous, 403 for staff and for an ended event, 404 for an unknown one', async () => {
    const event = await newEvent();
    expect((await call('POST', `/api/events/${event.id}/register-user/`)).status).toBe(401);
    expect((await call('POST', `/api/events/${event.id}/register-user/`, { token: root })).body).toEqual({ detail: 'Staff accounts do not register for events.' });
    const ended = await newEvent({}, 'ended');
    const late = await call('POST', `/api/events/${ended.id}/register-user/`, { token: learner.token });
    expect(late.status).toBe(403);
    expect(late.body).toEqual({ detail: 'This event has ended: registration is closed.' });
    expect((await call('POST', '/api/events/99999999/register-user/', { token: learner.token })).status).toBe(404);
  });
});

describe('GET /api/events/{id}/access-permission/', () => {
  it('lets validated learners and staff into a training event; others get 403 with the training-only message', async () => {
    const training = await newEvent({ type: 'training-platform' });
    const refused = await call('GET', `/api/events/${training.id}/access-permission/`, { token: learner.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ detail: TRAINING_ONLY });
    expect((await call('POST', `/api/events/${training.id}/register-user/`, { token: learner.token })).body).toEqual({ detail: TRAINING_ONLY });
    const staff = await call('GET', `/api/events/${training.id}/access-permission/`, { token: root });
    expect(staff.status).toBe(200);
    expect(staff.body).toEqual({ has_permission: true });
    expect((await call('PUT', `/api/auth/users/${learner.id}/validate/`, { token: root })).status).toBe(200);
    expect((await call('GET', `/api/events/${training.id}/access-permission/`, { token: learner.token })).body).toEqual({ has_permission: true });
    const online = await newEvent();
    expect((await call('GET', `/api/events/${online.id}/access-permission/`, { token: learner.token })).status).toBe(200);
    expect((await call('GET', `/api/events/${online.id}/access-permission/`)).status).toBe(401);
    expect((await call('GET', '/api/events/99999999/access-permission/', { token: learner.token })).status).toBe(404);
  });
});
