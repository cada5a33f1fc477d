import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { Forbidden, Invalid, NotFound, Unauthorized } from '~/lib/errors.server';
import { EVENT_MESSAGES } from '~/schemas/event';
import { bigPng, eventInput, fakePng, fillEvent, gifFile, makeEventRow, pngFile, webpFile } from '../../tests/support/event-factories';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { ACCESS_MESSAGES } from './challenge-access.server';
import {
  assertEventEntry,
  createEvent,
  deleteEvent,
  eventFormValues,
  getEvent,
  listEvents,
  REGISTRATION_MESSAGES,
  registerForEvent,
  updateEvent,
} from './events.server';

const REQUIRED = 'This field is required.';

async function errorOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(() => null, (e: unknown) => e);
}
async function fieldsOf(promise: Promise<unknown>): Promise<Record<string, string[]>> {
  const error = await errorOf(promise);
  expect(error).toBeInstanceOf(Invalid);
  return (error as Invalid).fields;
}
const onDisk = (area: string, name: string) => existsSync(join(env.uploadDir, area, name));

describe('creating an event', () => {
  it('stores the sanitized description, resets place and links for non in-person types and keeps the image', async () => {
    const staff = await makeStaff();
    const event = await createEvent(staff, eventInput({ description: 'Hi <script>alert(1)</script>**there**', place: 'Paris', register_link: 'https://x.test/r' }), pngFile());
    expect(event.description.trim()).toBe('<p>Hi <strong>there</strong></p>');
    expect(event.place).toBe('Online event');
    expect(event.registerLink).toBeNull();
    expect(event.picturesLink).toBeNull();
    expect(event.image).toMatch(/^[0-9a-f]{32}\.png$/);
    expect(onDisk('events', event.image!)).toBe(true);
  });

  it('needs the image on create, checked by its bytes: PNG, JPEG or WebP up to 2 MB', async () => {
    const staff = await makeStaff();
    expect(await fieldsOf(createEvent(staff, eventInput(), null))).toEqual({ image: [REQUIRED] });
    expect((await fieldsOf(createEvent(staff, eventInput(), fakePng()))).image).toEqual(['Upload a valid image. The file you uploaded was either not an image or a corrupted image.']);
    expect((await fieldsOf(createEvent(staff, eventInput(), gifFile()))).image).toEqual([EVENT_MESSAGES.imageType]);
    expect((await fieldsOf(createEvent(staff, eventInput(), bigPng()))).image).toEqual(['The file is too large (at most 2 MB).']);
    expect((await createEvent(staff, eventInput(), webpFile())).image).toMatch(/\.webp$/);
  });

  it('in-person events need a place and a registration link; every error comes at once', async () => {
    const staff = await makeStaff();
    const fields = await fieldsOf(createEvent(staff, eventInput({ type: 'in-person', description: '<script>x</script>', end_date: new Date(Date.now() - 2 * 86400_000) }), null));
    expect(fields).toEqual({
      image: [REQUIRED],
      description: [REQUIRED],
      end_date: [EVENT_MESSAGES.endAfterStart],
      place: [REQUIRED],
      register_link: [REQUIRED],
    });
    const ok = await createEvent(staff, eventInput({ type: 'in-person', place: 'Cotonou', register_link: 'https://x.test/r', pictures_link: 'https://x.test/p' }), pngFile());
    expect([ok.place, ok.registerLink, ok.picturesLink]).toEqual(['Cotonou', 'https://x.test/r', 'https://x.test/p']);
  });

  it('keeps a team size limit for team events only', async () => {
    const staff = await makeStaff();
    expect((await createEvent(staff, eventInput({ team_size_limit: 4 }), pngFile())).teamSizeLimit).toBe(4);
    expect((await createEvent(staff, eventInput({ type: 'black-friday', team_size_limit: 4 }), pngFile())).teamSizeLimit).toBeNull();
  });

  it('is for staff only', async () => {
    expect(await errorOf(createEvent(null, eventInput(), pngFile()))).toBeInstanceOf(Unauthorized);
    expect(await errorOf(createEvent(await makeUser({ isValidated: true }), eventInput(), pngFile()))).toBeInstanceOf(Forbidden);
  });
});

describe('updating an event', () => {
  it('merges the fields sent, replaces the image (the old one leaves the disk) and clears links when the type stops being in-person', async () => {
    const staff = await makeStaff();
    const event = await createEvent(staff, eventInput({ type: 'in-person', place: 'Lomé', register_link: 'https://x.test/r' }), pngFile());
    const withPictures = await updateEvent(staff, event.id, { pictures_link: 'https://x.test/p' }, null);
    expect(withPictures.picturesLink).toBe('https://x.test/p');
    expect(withPictures.image).toBe(event.image);
    expect(withPictures.description).toBe(event.description);
    const online = await updateEvent(staff, event.id, { type: 'online' }, webpFile());
    expect([online.place, online.registerLink, online.picturesLink]).toEqual(['Online event', null, null]);
    expect(onDisk('events', online.image!)).toBe(true);
    expect(onDisk('events', event.image!)).toBe(false);
  });

  it('gives the edit form back the Markdown the author typed, not the stored HTML', async () => {
    const staff = await makeStaff();
    const event = await createEvent(staff, eventInput({ description: 'Solve **everything**.' }), pngFile());
    expect(eventFormValues(event).description).toBe('Solve **everything**.');
    const edited = await updateEvent(staff, event.id, { description: 'Now with a [link](https://x.test).' }, null);
    expect(eventFormValues(edited).description).toBe('Now with a [link](https://x.test).');
    expect(edited.description).toContain('<a href="https://x.test"');
    // Other edits keep it.
    expect(eventFormValues(await updateEvent(staff, event.id, { name: 'Renamed' }, null)).description).toBe('Now with a [link](https://x.test).');
  });

  it('refuses an in-person event whose place is cleared, and an end before the start', async () => {
    const staff = await makeStaff();
    const event = await createEvent(staff, eventInput({ type: 'in-person', place: 'Lomé', register_link: 'https://x.test/r' }), pngFile());
    expect(await fieldsOf(updateEvent(staff, event.id, { place: null }, null))).toEqual({ place: [REQUIRED] });
    expect(await fieldsOf(updateEvent(staff, event.id, { end_date: new Date(event.startDate.getTime() - 1) }, null))).toEqual({ end_date: [EVENT_MESSAGES.endAfterStart] });
    expect(await errorOf(updateEvent(staff, 99_999_999, { name: 'x' }, null))).toBeInstanceOf(NotFound);
  });
});

describe('deleting an event', () => {
  it('removes its challenges, submissions, teams and registrations in one go, then their files and the image from disk', async () => {
    const root = await makeSuperuser();
    const learner = await makeUser();
    const event = await createEvent(root, eventInput(), pngFile());
    const dir = (area: string) => {
      mkdirSync(join(env.uploadDir, area), { recursive: true });
      return join(env.uploadDir, area);
    };
    writeFileSync(join(dir('challenges'), 'delete-me-file'), 'clue');
    const { challenge, team } = await fillEvent(event.id, learner.id, { challengeFile: 'delete-me-file' });
    const writeups = await db.writeup.count();
    const other = await makeEventRow();

    expect(await errorOf(deleteEvent(await makeStaff(), event.id))).toBeInstanceOf(Forbidden);
    await deleteEvent(root, event.id);

    expect(await db.event.findUnique({ where: { id: event.id } })).toBeNull();
    expect(await db.challenge.findUnique({ where: { id: challenge.id } })).toBeNull();
    expect(await db.team.findUnique({ where: { id: team.id } })).toBeNull();
    expect(await db.submission.count({ where: { challengeId: challenge.id } })).toBe(0);
    expect(await db.eventRegistration.count({ where: { eventId: event.id } })).toBe(0);
    expect(onDisk('challenges', 'delete-me-file')).toBe(false);
    expect(await db.writeup.count()).toBe(writeups - 1); // with its submission
    expect(onDisk('events', event.image!)).toBe(false);
    expect(await db.event.findUnique({ where: { id: other.id } })).not.toBeNull();
    expect(await db.staffAction.count({ where: { action: 'event.delete', targetId: String(event.id) } })).toBe(1);
  });
});

describe('listing, phases and registration', () => {
  it('lists by type, newest start first, with each event\'s phase', async () => {
    const type = 'in-person';
    const ended = await makeEventRow({ type, phase: 'ended' });
    const upcoming = await makeEventRow({ type, phase: 'upcoming' });
    const active = await makeEventRow({ type, phase: 'active' });
    const page = await listEvents(null, { type, page: 1, pageSize: 6 });
    const mine = page.results.filter((v) => [ended.id, upcoming.id, active.id].includes(v.event.id));
    expect(mine.map((v) => [v.event.id, v.phase])).toEqual([[upcoming.id, 'upcoming'], [active.id, 'active'], [ended.id, 'ended']]);
    expect(page.results.every((v) => v.event.type === type)).toBe(true);
  });

  it('registers a learner once, however often asked (and in parallel); staff and ended events are refused', async () => {
    const learner = await makeUser();
    const event = await makeEventRow();
    expect((await getEvent(learner, event.id)).registered).toBe(false);
    await Promise.all(Array.from({ length: 10 }, () => registerForEvent(learner, event.id)));
    expect(await db.eventRegistration.count({ where: { eventId: event.id } })).toBe(1);
    expect((await getEvent(learner, event.id)).registered).toBe(true);
    expect((await errorOf(registerForEvent(await makeStaff(), event.id)) as Error).message).toBe(REGISTRATION_MESSAGES.staff);
    const ended = await makeEventRow({ phase: 'ended' });
    expect((await errorOf(registerForEvent(learner, ended.id)) as Error).message).toBe(REGISTRATION_MESSAGES.ended);
    expect(await errorOf(registerForEvent(null, event.id))).toBeInstanceOf(Unauthorized);
  });

  it('lets only validated learners and staff into a training event, with the training-only message', async () => {
    const training = await makeEventRow({ type: 'training-platform' });
    const learner = await makeUser({ isValidated: false });
    const refused = await errorOf(assertEventEntry(learner, training.id));
    expect(refused).toBeInstanceOf(Forbidden);
    expect((refused as Error).message).toBe(ACCESS_MESSAGES.trainingOnly);
    expect((await errorOf(registerForEvent(learner, training.id)) as Error).message).toBe(ACCESS_MESSAGES.trainingOnly);
    await expect(assertEventEntry(await makeUser({ isValidated: true }), training.id)).resolves.toMatchObject({ id: training.id });
    await expect(assertEventEntry(await makeStaff(), training.id)).resolves.toMatchObject({ id: training.id });
    await expect(assertEventEntry(learner, (await makeEventRow()).id)).resolves.toBeTruthy();
  });
});
