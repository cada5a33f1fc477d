// "An event you registered for starts within a day" (issue 10 §5): a sweep, every minute, writes one
// general notification per person and event. The onceKey `event:<id>:starts:<userId>` makes it once:
// a sweep that runs twice, or two processes, write nothing more.
import { db } from '~/lib/db.server';
import { env } from '~/lib/env.server';
import { text } from '~/lib/i18n';
import { logger } from '~/lib/logger.server';
import { notifyPerson } from './notify.server';

export const REMINDER_AHEAD_MS = 24 * 60 * 60 * 1000;
const SWEEP_MS = 60_000;

export const reminderKey = (eventId: number, userId: number) => `event:${eventId}:starts:${userId}`;

const STARTS = { title: text('{{event}} starts soon'), text: text('{{event}} starts on {{date}} UTC.') };

/**
 * Writes the reminders due at `now`: for each event starting within the next day, each registered
 * player and team member who has not had one. Returns how many were written.
 */
export async function sweepEventReminders(now = new Date()): Promise<number> {
  const events = await db.event.findMany({
    where: { startDate: { gt: now, lte: new Date(now.getTime() + REMINDER_AHEAD_MS) } },
    select: { id: true, name: true, startDate: true },
  });
  let written = 0;
  for (const event of events) {
    const [registered, members] = await Promise.all([
      db.eventRegistration.findMany({ where: { eventId: event.id }, select: { userId: true } }),
      db.teamMember.findMany({ where: { eventId: event.id }, select: { userId: true } }),
    ]);
    const people = [...new Set([...registered, ...members].map((r) => r.userId))];
    if (!people.length) continue;
    const keys = people.map((userId) => reminderKey(event.id, userId));
    const done = new Set((await db.notification.findMany({ where: { onceKey: { in: keys } }, select: { onceKey: true } })).map((n) => n.onceKey));
    const due = people.filter((userId) => !done.has(reminderKey(event.id, userId)));
    if (!due.length) continue;
    // Short transactions (100 people each); the upsert by onceKey keeps a racing sweep from doubling.
    for (let i = 0; i < due.length; i += 100) {
      await db.$transaction(async (tx) => {
        for (const userId of due.slice(i, i + 100)) {
          await notifyPerson(tx, {
            recipientId: userId,
            ...STARTS,
            values: { event: event.name },
            dates: { date: event.startDate },
            link: `/competes/${event.id}/challenges`,
            onceKey: reminderKey(event.id, userId),
          });
        }
      });
    }
    written += due.length;
  }
  return written;
}

let timer: NodeJS.Timeout | null = null;

/**
 * Starts the sweep (from startup.server.ts): every minute, on an unref'd timer so it never keeps
 * the process alive. Off when EVENT_REMINDERS=off and under vitest (tests call the sweep directly).
 */
export function startEventReminders(): void {
  if (timer || !env.eventReminders) return;
  const sweep = () =>
    sweepEventReminders().then(
      (n) => n && logger.info({ reminders: n }, 'event reminders written'),
      (error) => logger.warn({ err: error }, 'event reminder sweep failed'),
    );
  timer = setInterval(sweep, SWEEP_MS);
  timer.unref();
}

export function stopEventReminders(): void {
  if (timer) clearInterval(timer);
  timer = null;
}
