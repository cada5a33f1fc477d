// Black Friday runs every Friday (SPEC §1). Which event types are Black Friday, and the dates of the
// coming Friday, for the event form (browser and server alike: plain data, nothing server-only).
import { EVENT_TYPES, type EventType } from './event-types';

/**
 * The Black Friday types: the registry's play that earns coins (SPEC §1: players earn coins in the
 * Black Friday event type). Read from the rules, so no module compares type names.
 */
export const BLACK_FRIDAY_TYPES: readonly EventType[] = (Object.keys(EVENT_TYPES) as EventType[]).filter((t) => EVENT_TYPES[t].rules.coins);

/** Whether events of this type run every Friday (and so get the form's 'Next Friday' dates). */
export const runsOnFridays = (type: string | null | undefined): boolean => !!type && (BLACK_FRIDAY_TYPES as readonly string[]).includes(type);

const FRIDAY = 5;
const DAY_MS = 24 * 3600 * 1000;

/**
 * The coming Friday in UTC: the first Friday after today (on a Friday, the next week's), from 00:00
 * to 23:59. Dates as the form's `datetime-local` values (YYYY-MM-DDTHH:MM, UTC).
 */
export function nextFriday(now: Date = new Date()): { start_date: string; end_date: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const ahead = ((FRIDAY - now.getUTCDay() + 7) % 7) || 7;
  const day = new Date(today + ahead * DAY_MS).toISOString().slice(0, 10);
  return { start_date: `${day}T00:00`, end_date: `${day}T23:59` };
}
