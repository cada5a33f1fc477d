import { useActionData, useLoaderData } from 'react-router';
import { eventFormValues, eventImageUrl, getEventForEdit, updateEvent } from '~/domain/events.server';
import { requireStaffPage } from '~/lib/auth.server';
import { handleForm, submittedForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { redirectWithFlash } from '~/lib/session.server';
import { EVENT_MESSAGES, EVENT_TYPE_OPTIONS, eventSchema, withCleared } from '~/schemas/event';
import { EventForm, valuesAfter, type FormValues } from './event-form';
import { nextFridayReply, postedValues } from './event-form.server';
import type { Route } from './+types/event-edit';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${data ? t('Edit {{name}}', { name: data.name }) : t('Edit event')} · CTF Arena` }];
};

/** The form's `datetime-local` value of a date, in UTC as the form says. */
const inputDate = (d: Date) => d.toISOString().slice(0, 16);

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const event = await getEventForEdit(user, params.id);
  const v = eventFormValues(event);
  const values: FormValues = {
    name: v.name,
    type: v.type,
    description: v.description,
    place: v.place ?? '',
    register_link: v.register_link ?? '',
    pictures_link: v.pictures_link ?? '',
    start_date: inputDate(v.start_date),
    end_date: inputDate(v.end_date),
    team_size_limit: v.team_size_limit ? String(v.team_size_limit) : '',
  };
  return { id: event.id, name: event.name, values, imageUrl: eventImageUrl(event), options: EVENT_TYPE_OPTIONS };
}

/** Staff change an event; the image is optional here (a new one replaces the old). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const current = await getEventForEdit(user, params.id);
  // A body refused whole: its message above the form, which keeps what it showed.
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const friday = nextFridayReply(form);
  if (friday) return friday;
  // Every refusal shows on the form, a missing record's (404) too.
  const outcome = await handleForm(form, eventSchema, (input) => updateEvent(user, current.id, withCleared(postedValues(form), input), form.get('image')), { notFoundOnForm: true });
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, `/events/${outcome.value.type}`, { type: 'success', text: EVENT_MESSAGES.updated });
}

export default function EventEdit() {
  const { id, name, values, imageUrl, options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('Edit {{name}}', { name })}</h1>
      <EventForm key={id} mode="edit" values={valuesAfter(result, values)} lastResult={result} options={options} imageUrl={imageUrl} cancelTo="/events" />
    </div>
  );
}
