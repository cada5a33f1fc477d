// The staff action log's filter (issue 21 §3), read from the query of a plain GET form. Each field is
// read alone: a wrong one is reported under its field and left out, and the others still filter.
import { z } from 'zod';
import { STAFF_ACTION_KINDS, type StaffActionKind } from '~/domain/staff-actions';
import { CHOICE, choice, id, optional } from './fields';

export const DATE_FORMAT = 'Enter a date as YYYY-MM-DD.';
export const DATES_REVERSED = 'The end date must be on or after the start date.';

/** A calendar day written YYYY-MM-DD (what a date input sends), as 00:00 UTC of that day. */
const day = () =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, DATE_FORMAT)
    .transform((text, ctx) => {
      const date = new Date(`${text}T00:00:00Z`);
      // new Date accepts 2026-02-30 as March 2nd: the day must read back as written.
      if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
        ctx.addIssue({ code: 'custom', message: DATE_FORMAT });
        return z.NEVER;
      }
      return date;
    });

const FIELDS = {
  person: optional(id()),
  action: optional(choice(STAFF_ACTION_KINDS)),
  from: optional(day()),
  to: optional(day()),
};

export interface StaffLogQuery {
  /** What the form shows again, as typed. */
  values: Record<keyof typeof FIELDS, string>;
  filter: { actorId?: number; action?: StaffActionKind; from?: Date; to?: Date };
  errors: Partial<Record<keyof typeof FIELDS, string[]>>;
}

export function readStaffLogQuery(params: URLSearchParams): StaffLogQuery {
  const values = { person: params.get('person') ?? '', action: params.get('action') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' };
  const errors: StaffLogQuery['errors'] = {};
  const read = <K extends keyof typeof FIELDS>(key: K): z.output<(typeof FIELDS)[K]> | undefined => {
    const parsed = FIELDS[key].safeParse(values[key]);
    if (parsed.success) return parsed.data as z.output<(typeof FIELDS)[K]>;
    // A person id that is not a number is no choice of the list, as an unknown kind of action.
    errors[key] = [key === 'person' ? CHOICE : parsed.error.issues[0]!.message];
    return undefined;
  };
  const filter: StaffLogQuery['filter'] = { actorId: read('person'), action: read('action'), from: read('from'), to: read('to') };
  if (filter.from && filter.to && filter.from > filter.to) {
    errors.to = [DATES_REVERSED];
    filter.to = undefined;
  }
  return { values, filter, errors };
}
