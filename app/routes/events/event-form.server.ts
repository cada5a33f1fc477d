// The server's side of the event form (./event-form.tsx), for the create and edit actions.
import { data } from 'react-router';
import { nextFriday, runsOnFridays } from '~/domain/fridays';
import { FormFields } from '~/lib/body.server';
import { typedReply } from '~/lib/form.server';
import { eventFields } from '~/schemas/event';
import { NEXT_FRIDAY, NEXT_FRIDAY_WRONG_TYPE } from './event-form';

const FIELDS = Object.keys(eventFields);

/**
 * The 'Next Friday' button posted without JavaScript: the form shown again with the coming Friday's
 * dates (nothing is saved), or, for an event of another type, as it was with why not. Null for an
 * ordinary submission.
 */
export function nextFridayReply(form: FormFields) {
  if (form.get('intent') !== NEXT_FRIDAY) return null;
  if (!runsOnFridays(form.text('type'))) return data(typedReply(form, FIELDS, { start_date: [NEXT_FRIDAY_WRONG_TYPE] }), { status: 400 });
  const withDates = new FormFields([...form.entries()].filter(([name]) => name !== 'start_date' && name !== 'end_date'));
  for (const [name, value] of Object.entries(nextFriday())) withDates.append(name, value);
  return data(typedReply(withDates, FIELDS));
}

/** The form's strings from what was posted (files left out). */
export function postedValues(form: FormFields): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string') values[k] = v;
  return values;
}
