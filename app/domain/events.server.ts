// Events (SPEC §2 "Events", §3 Event, §5 Event, §7 Events): the catalogue, the event form's rules,
// deletion, registration and the training-only entry decision. Pages and /api/events call these
// same functions; what a type implies is read from the registry (event-types.ts).
import type { Event, Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Forbidden, Invalid, NotFound, isUniqueViolation, type FieldErrors } from '~/lib/errors.server';
import type { Page } from '~/lib/pagination';
import { hasContent, markdownToSafeHtml } from '~/lib/rich-text.server';
import { statement } from '~/lib/sql.server';
import { checkImage, isFile, remove, store } from '~/lib/uploads.server';
import { EVENT_MESSAGES, type EventInput, type EventUpdate } from '~/schemas/event';
import { REQUIRED } from '~/schemas/fields';
import { entryRefusal } from './challenge-access.server';
import { runsOnFridays } from './fridays';
import { eventTypeRules, isEventType, type EventType } from './event-types';
import { isStaff, requireAuthenticated, requireStaff, requireSuperuser, type Actor } from './policy.server';
import { EVENT_NOT_FOUND, eventPhase, type EventPhase } from './scope.server';
import { logStaffAction } from './staff-log.server';

export { EVENT_NOT_FOUND };
export const DEFAULT_PLACE = 'Online event';
export const REGISTRATION_MESSAGES = {
  staff: 'Staff accounts do not register for events.',
  ended: 'This event has ended: registration is closed.',
} as const;

/** Event images: SPEC §5 names PNG, JPEG and WebP (profile pictures also take GIF). */
const EVENT_IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);

/** An event as pages and the API show it: its row, its phase and the viewer's registration. */
export interface EventView {
  event: Event;
  phase: EventPhase;
  registered: boolean;
}

const parseId = (id: number | string) => {
  const n = typeof id === 'number' ? id : Number(id);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
};

async function findEvent(id: number | string): Promise<Event> {
  const n = parseId(id);
  const event = n ? await db.event.findUnique({ where: { id: n } }) : null;
  if (!event) throw new NotFound(EVENT_NOT_FOUND);
  return event;
}

const registration = statement<{ one: number }, [number, number]>('SELECT 1 AS one FROM "EventRegistration" WHERE "eventId" = ? AND "userId" = ?');

/** The event as its board shows it to the viewer (its phase, their registration), from a row already read. */
export async function viewOf(actor: Actor, event: Event): Promise<EventView> {
  return { event, phase: eventPhase(event), registered: !!(await registration.get(event.id, actor.id)) };
}

async function registeredIds(actor: Actor | null, eventIds: number[]): Promise<Set<number>> {
  if (!actor || !eventIds.length) return new Set();
  const rows = await db.eventRegistration.findMany({ where: { userId: actor.id, eventId: { in: eventIds } }, select: { eventId: true } });
  return new Set(rows.map((r) => r.eventId));
}

function views(events: Event[], registered: Set<number>, now: Date): EventView[] {
  return events.map((event) => ({ event, phase: eventPhase(event, now), registered: registered.has(event.id) }));
}

/**
 * One page of events, anonymous visitors included (SPEC §6: the catalogue is public): of one type,
 * or all. Newest start first, so running and coming events lead and old ones sink. A type that runs
 * every Friday (fridays.ts) puts its next one first: the running one (ending first), else the
 * coming one (starting first); the others follow, newest start first.
 */
export async function listEvents(actor: Actor | null, options: { type?: EventType | null; page: number; pageSize: number }): Promise<Page<EventView>> {
  const where: Prisma.EventWhereInput = options.type ? { type: options.type } : {};
  const now = new Date();
  const next = runsOnFridays(options.type)
    ? ((await db.event.findFirst({ where: { ...where, startDate: { lte: now }, endDate: { gte: now } }, orderBy: [{ endDate: 'asc' }, { id: 'asc' }] })) ??
      (await db.event.findFirst({ where: { ...where, startDate: { gt: now } }, orderBy: [{ startDate: 'asc' }, { id: 'asc' }] })))
    : null;
  // The list with `next` moved to the front: row i of the page is row i - 1 of the others.
  const from = (options.page - 1) * options.pageSize;
  const others: Prisma.EventWhereInput = next ? { ...where, id: { not: next.id } } : where;
  const skip = next ? Math.max(0, from - 1) : from;
  const take = next && from === 0 ? options.pageSize - 1 : options.pageSize;
  const [count, rest] = await Promise.all([
    db.event.count({ where }),
    take > 0 ? db.event.findMany({ where: others, orderBy: [{ startDate: 'desc' }, { id: 'desc' }], skip, take }) : Promise.resolve([]),
  ]);
  const events = next && from === 0 ? [next, ...rest] : rest;
  const registered = await registeredIds(actor, events.map((e) => e.id));
  return { count, page: options.page, pageSize: options.pageSize, results: views(events, registered, new Date()) };
}

export async function getEvent(actor: Actor | null, id: number | string): Promise<EventView> {
  const event = await findEvent(id);
  const registered = await registeredIds(actor, [event.id]);
  return views([event], registered, new Date())[0]!;
}

/** For the edit form (staff): the event as it stands. */
export async function getEventForEdit(actor: Actor | null, id: number | string): Promise<Event> {
  requireStaff(actor);
  return findEvent(id);
}

// ---- The form's rules (SPEC §5 Event) ---------------------------------------------------------

type EventData = Pick<Event, 'name' | 'type' | 'description' | 'place' | 'registerLink' | 'picturesLink' | 'startDate' | 'endDate' | 'teamSizeLimit'>;

/**
 * The stored columns for `input`, or Invalid with every field error at once. In-person events need a
 * place and a registration link and may keep a pictures link; other types take place 'Online event'
 * and no links. A team size limit only means something where teams play.
 * `description` is the sanitized HTML already (an unchanged description is not parsed again).
 */
function decide(input: Omit<EventInput, 'description' | 'place' | 'register_link' | 'pictures_link'> & { descriptionHtml: string; place?: string | null; register_link?: string | null; pictures_link?: string | null }): EventData {
  const errors: FieldErrors = {};
  const rules = eventTypeRules(input.type);
  if (!hasContent(input.descriptionHtml)) errors.description = [REQUIRED];
  if (input.end_date.getTime() <= input.start_date.getTime()) errors.end_date = [EVENT_MESSAGES.endAfterStart];
  if (rules.inPerson) {
    if (!input.place) errors.place = [REQUIRED];
    if (!input.register_link) errors.register_link = [REQUIRED];
  }
  if (Object.keys(errors).length) throw new Invalid(errors);
  return {
    name: input.name,
    type: input.type,
    description: input.descriptionHtml,
    place: rules.inPerson ? input.place! : DEFAULT_PLACE,
    registerLink: rules.inPerson ? input.register_link! : null,
    picturesLink: rules.inPerson ? (input.pictures_link ?? null) : null,
    startDate: input.start_date,
    endDate: input.end_date,
    teamSizeLimit: rules.team ? (input.team_size_limit ?? null) : null,
  };
}

/** The image, checked by its bytes: PNG, JPEG or WebP, at most 2 MB. Null when none was sent. */
export async function readEventImage(file: unknown): Promise<{ bytes: Buffer; ext: string } | null> {
  if (!isFile(file)) return null;
  const image = await checkImage('image', file);
  if (!EVENT_IMAGE_TYPES.has(image.type)) throw new Invalid({ image: [EVENT_MESSAGES.imageType] });
  return { bytes: image.bytes, ext: image.ext };
}

/** Checks everything, then stores the image, then writes the row; a failed write takes the file back. */
async function withStoredImage<T>(image: { bytes: Buffer; ext: string } | null, write: (storedName: string | null) => Promise<T>): Promise<T> {
  const storedName = image ? await store('events', image.bytes, image.ext) : null;
  try {
    return await write(storedName);
  } catch (error) {
    await remove('events', storedName);
    throw error;
  }
}

/** Staff create an event; the image is required here (SPEC §5). */
export async function createEvent(actor: Actor | null, input: EventInput, imageFile: unknown): Promise<Event> {
  requireStaff(actor);
  let image: Awaited<ReturnType<typeof readEventImage>> = null;
  const errors: FieldErrors = {};
  try {
    image = await readEventImage(imageFile);
    if (!image) errors.image = [REQUIRED];
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    Object.assign(errors, error.fields);
  }
  let data: EventData | null = null;
  try {
    data = decide({ ...input, descriptionHtml: markdownToSafeHtml(input.description) });
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    Object.assign(errors, error.fields);
  }
  if (Object.keys(errors).length || !data) throw new Invalid(errors);
  const values = data;
  return withStoredImage(image, (storedName) =>
    db.$transaction(async (tx) => {
      const event = await tx.event.create({ data: { ...values, source: input.description, image: storedName } });
      await logStaffAction(tx, actor, 'event.create', 'event', [event.id], { name: event.name, type: event.type });
      return event;
    }),
  );
}

/** The form's values of a stored event: the Markdown the author typed (the HTML for events written before it was kept). */
export function eventFormValues(event: Event): Omit<EventInput, 'description'> & { description: string } {
  return {
    name: event.name,
    type: isEventType(event.type) ? event.type : 'online',
    description: event.source || event.description,
    place: event.place,
    register_link: event.registerLink ?? undefined,
    pictures_link: event.picturesLink ?? undefined,
    start_date: event.startDate,
    end_date: event.endDate,
    team_size_limit: event.teamSizeLimit,
  };
}

/**
 * Staff change an event: the fields sent replace the current ones (null clears a place or a link;
 * the form sends them all), the whole is checked again, and a new image replaces the old one (which leaves the disk).
 */
export async function updateEvent(actor: Actor | null, id: number | string, patch: EventUpdate, imageFile: unknown): Promise<Event> {
  requireStaff(actor);
  const current = await findEvent(id);
  const merged = { ...eventFormValues(current), ...Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) } as Omit<Parameters<typeof decide>[0], 'descriptionHtml'>;
  const errors: FieldErrors = {};
  let image: Awaited<ReturnType<typeof readEventImage>> = null;
  try {
    image = await readEventImage(imageFile);
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    Object.assign(errors, error.fields);
  }
  let data: EventData | null = null;
  try {
    const descriptionHtml = patch.description === undefined ? current.description : markdownToSafeHtml(patch.description);
    data = decide({ ...merged, descriptionHtml });
  } catch (error) {
    if (!(error instanceof Invalid)) throw error;
    Object.assign(errors, error.fields);
  }
  if (Object.keys(errors).length || !data) throw new Invalid(errors);
  const values = data;
  const updated = await withStoredImage(image, (storedName) =>
    db.$transaction(async (tx) => {
      const event = await tx.event.update({
        where: { id: current.id },
        data: { ...values, ...(patch.description === undefined ? {} : { source: patch.description }), ...(storedName ? { image: storedName } : {}) },
      });
      await logStaffAction(tx, actor, 'event.update', 'event', [event.id], { name: event.name, type: event.type });
      return event;
    }),
  );
  if (image && current.image) await remove('events', current.image);
  return updated;
}

/**
 * The superuser deletes an event with everything in it: its challenges (their flags, hints, files),
 * submissions with their writeups, teams, registrations and notifications go in one transaction (the
 * rows cascade from the event), then the files leave the disk: challenge files and the event's image.
 */
export async function deleteEvent(actor: Actor | null, id: number | string): Promise<void> {
  requireSuperuser(actor);
  const event = await findEvent(id);
  const files = await db.challengeFile.findMany({ where: { challenge: { eventId: event.id } }, select: { storedName: true } });
  await db.$transaction(async (tx) => {
    // Explicit, in the order a foreign key would ask for, rather than trusting every cascade.
    await tx.submission.deleteMany({ where: { OR: [{ eventId: event.id }, { challenge: { eventId: event.id } }] } });
    await tx.challenge.deleteMany({ where: { eventId: event.id } });
    await tx.team.deleteMany({ where: { eventId: event.id } });
    await tx.event.delete({ where: { id: event.id } });
    await logStaffAction(tx, actor, 'event.delete', 'event', [event.id], { name: event.name, type: event.type });
  });
  await Promise.all([
    ...files.map((f) => remove('challenges', f.storedName)),
    remove('events', event.image),
  ]);
}

// ---- Entering and registering -----------------------------------------------------------------

/**
 * Whether the actor may enter the event at all (the training-only rule of SPEC §1, decided by the
 * access rule's own entryRefusal): null when they may, the refusal otherwise. Dates do not matter
 * here; the board says when an event has not started.
 */
export function entryDecision(actor: Actor, event: Event) {
  return entryRefusal(actor, { kind: 'event', event });
}

/** GET /api/events/{id}/access-permission/: answers, or throws the training-only refusal (403). */
export async function assertEventEntry(actor: Actor | null, id: number | string): Promise<Event> {
  requireAuthenticated(actor);
  const event = await findEvent(id);
  const refused = entryDecision(actor, event);
  if (refused) throw refused;
  return event;
}

/** Records a player's registration inside a transaction (team creation and joins call this too). */
export async function recordRegistration(tx: Pick<Prisma.TransactionClient, 'eventRegistration'>, eventId: number, userId: number): Promise<void> {
  await tx.eventRegistration.upsert({ where: { eventId_userId: { eventId, userId } }, create: { eventId, userId }, update: {} });
}

/**
 * A learner registers for an event (SPEC §6 "register for events"). Idempotent: registering twice
 * changes nothing. Staff do not register (they do not play); nobody registers for an ended event;
 * a training event takes only those it would let in.
 */
export async function registerForEvent(actor: Actor | null, id: number | string): Promise<EventView> {
  requireAuthenticated(actor);
  const event = await findEvent(id);
  if (isStaff(actor)) throw new Forbidden(REGISTRATION_MESSAGES.staff);
  const refused = entryDecision(actor, event);
  if (refused) throw refused;
  const phase = eventPhase(event);
  if (phase === 'ended') throw new Forbidden(REGISTRATION_MESSAGES.ended);
  try {
    await recordRegistration(db, event.id, actor.id);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error; // a parallel request registered first: same outcome
  }
  return { event, phase, registered: true };
}

/** The stored image of an event, for the media route (anyone may see the catalogue's pictures). */
export async function eventImage(id: number | string): Promise<{ storedName: string; downloadName: string } | null> {
  const n = parseId(id);
  const event = n ? await db.event.findUnique({ where: { id: n }, select: { id: true, image: true } }) : null;
  if (!event?.image) return null;
  const ext = event.image.includes('.') ? event.image.slice(event.image.lastIndexOf('.')) : '';
  return { storedName: event.image, downloadName: `event-${event.id}${ext}` };
}

/** The URL of an event's picture, or null when it has none (the seed's events, say). */
export const eventImageUrl = (event: Pick<Event, 'id' | 'image'>) => (event.image ? `/media/events/${event.id}` : null);
