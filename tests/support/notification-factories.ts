// Builders for the notification tests: events with registered players, notifications of each kind
// written straight through Prisma (the domain's writers are what the tests exercise).
import type { Event, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { unique } from './factories';

const HOUR = 3600_000;

/** An event starting `startsIn` ms from now (negative: already started), lasting a day. */
export async function makeEventStarting(startsIn: number, over: Partial<{ type: string }> = {}): Promise<Event> {
  const start = Date.now() + startsIn;
  return db.event.create({
    data: { name: unique('Event '), description: '<p>An event.</p>', type: over.type ?? 'online', startDate: new Date(start), endDate: new Date(start + 24 * HOUR) },
  });
}

export async function register(event: Event, ...users: User[]) {
  for (const user of users) await db.eventRegistration.create({ data: { eventId: event.id, userId: user.id } });
}

export async function makeNotification(over: Partial<{ kind: 'general' | 'admin'; title: string; eventId: number | null; recipientId: number | null; createdAt: Date }> = {}) {
  return db.notification.create({
    data: {
      kind: over.kind ?? 'admin',
      title: over.title ?? unique('Notice '),
      description: '<p>Something happened.</p>',
      eventId: over.eventId ?? null,
      recipientId: over.recipientId ?? null,
      ...(over.createdAt ? { createdAt: over.createdAt } : {}),
    },
  });
}
