// Events, images and event content for the events tests (domain, API and browser). The database is
// imported only by the functions that write rows, so the browser tests can use the rest.
import { randomBytes } from 'node:crypto';

const unique = (prefix = 'u') => `${prefix}${randomBytes(4).toString('hex')}`;
const database = async () => (await import('~/lib/db.server')).db;

const DAY = 24 * 60 * 60 * 1000;

/** The smallest valid PNG (1x1), JPEG and WebP headers, and a GIF, as files. */
export const PNG_BYTES = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000' + '1f15c4890000000d49444154789c6300010000050001' + '0d0a2db40000000049454e44ae426082', 'hex');
export const WEBP_BYTES = Buffer.concat([Buffer.from('RIFF'), Buffer.from([26, 0, 0, 0]), Buffer.from('WEBPVP8L'), Buffer.from([13, 0, 0, 0, 0x2f, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])]);
export const GIF_BYTES = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

export const pngFile = (name = 'event.png') => new File([PNG_BYTES], name, { type: 'image/png' });
export const webpFile = (name = 'event.webp') => new File([WEBP_BYTES], name, { type: 'image/webp' });
export const gifFile = (name = 'event.gif') => new File([GIF_BYTES], name, { type: 'image/gif' });
/** Text that claims to be a PNG: refused by its bytes. */
export const fakePng = () => new File(['not an image at all'], 'fake.png', { type: 'image/png' });
export const bigPng = () => new File([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024)], 'big.png', { type: 'image/png' });

export type Phase = 'upcoming' | 'active' | 'ended';

/** Start and end dates putting an event in `phase` now. */
export function datesFor(phase: Phase): { startDate: Date; endDate: Date } {
  const now = Date.now();
  if (phase === 'upcoming') return { startDate: new Date(now + 3 * DAY), endDate: new Date(now + 4 * DAY) };
  if (phase === 'ended') return { startDate: new Date(now - 4 * DAY), endDate: new Date(now - 3 * DAY) };
  return { startDate: new Date(now - DAY), endDate: new Date(now + DAY) };
}

/** An event row straight through Prisma. */
export async function makeEventRow(over: Partial<{ type: string; phase: Phase; name: string; place: string; registerLink: string | null; picturesLink: string | null; image: string | null }> = {}) {
  const db = await database();
  return db.event.create({
    data: {
      name: over.name ?? unique('Event '),
      type: over.type ?? 'online',
      place: over.place ?? 'Online event',
      description: '<p>An event.</p>',
      registerLink: over.registerLink ?? null,
      picturesLink: over.picturesLink ?? null,
      image: over.image ?? null,
      ...datesFor(over.phase ?? 'active'),
    },
  });
}

/** The form's input of a valid event of `type` (dates of `phase`). */
export function eventInput(over: Record<string, unknown> = {}, phase: Phase = 'active') {
  const { startDate, endDate } = datesFor(phase);
  return { name: unique('Event '), type: 'online' as const, description: 'Solve **everything**.', start_date: startDate, end_date: endDate, ...over };
}

/** The API's form fields of a valid event (multipart strings), image included unless `image: null`. */
export function eventForm(over: Record<string, string | File | null> = {}, phase: Phase = 'active'): FormData {
  const { startDate, endDate } = datesFor(phase);
  const fields: Record<string, string | File | null> = {
    name: unique('Event '),
    type: 'online',
    description: 'Solve **everything**.',
    start_date: startDate.toISOString(),
    end_date: endDate.toISOString(),
    image: pngFile(),
    ...over,
  };
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== null) form.set(k, v);
  return form;
}

/** An event challenge with a file on disk and a submission with a writeup. */
export async function fillEvent(eventId: number, learnerId: number, files: { challengeFile: string }) {
  const db = await database();
  const name = unique('cat');
  const category = await db.category.create({ data: { name, nameKey: name } });
  const challenge = await db.challenge.create({
    data: {
      name: unique('challenge'),
      categoryId: category.id,
      eventId,
      description: '<p>x</p>',
      initialValue: 100,
      flag: { create: { value: 'CTF{x}', collation: 'plain_text' } },
      files: { create: { name: 'clue.txt', storedName: files.challengeFile, size: 4 } },
    },
  });
  const team = await db.team.create({ data: { name: unique('team'), nameKey: unique('team'), eventId, ownerId: learnerId, passwordHash: 'x', codeInvitation: unique('code') } });
  await db.teamMember.create({ data: { teamId: team.id, userId: learnerId, eventId } });
  await db.eventRegistration.create({ data: { eventId, userId: learnerId } });
  await db.submission.create({ data: { challengeId: challenge.id, learnerId, teamId: team.id, eventId, score: 100, isCorrect: true, writeupName: 'w.md', writeupFile: { create: { bytes: Buffer.from('how') } } } });
  return { challenge, team };
}
