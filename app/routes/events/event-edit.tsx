import { data, useActionData, useLoaderData } from 'react-router';
import { eventFormValues, eventImageUrl, getEventForEdit, updateEvent } from '~/domain/events.server';
import { requireStaffPage } from '~/lib/auth.server';
import { fromConformErrors } from '~/lib/errors.server';
import { pageErrors, parseWithSchema, readPageForm } from '~/lib/form.server';
import { redirectWithFlash } from '~/lib/session.server';
import { EVENT_MESSAGES, EVENT_TYPE_OPTIONS, eventSchema, withCleared } from '~/schemas/event';
import { EventForm, nextFridayResult, postedValues, type FormValues } from './event-form';
import type { Route } from './+types/event-edit';

export const meta: Route.MetaFunction = ({ data }) => [{ title: `Edit ${data?.name ?? 'event'} · CTF Arena` }];

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
  const read = await readPageForm(request);
  // A body refused whole: its message above the form, which keeps what it showed.
  if (!read.ok) return data({ values: null, errors: read.errors }, { status: 400 });
  const form = read.form;
  const values = postedValues(form);
  const friday = nextFridayResult(form);
  if (friday) return data(friday, { status: friday.errors.start_date ? 400 : 200 });
  const parsed = parseWithSchema(form, eventSchema);
  if (parsed.status !== 'success') return data({ values, errors: fromConformErrors(parsed.error) }, { status: 400 });
  try {
    const event = await updateEvent(user, current.id, withCleared(values, parsed.value), form.get('image'));
    return redirectWithFlash(request, `/events/${event.type}`, { type: 'success', text: EVENT_MESSAGES.updated });
  } catch (error) {
    const shown = pageErrors(error);
    if (shown) return data({ values, errors: shown.errors }, { status: shown.status });
    throw error;
  }
}

export default function EventEdit() {
  const { id, name, values, imageUrl, options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { values: FormValues; errors: Record<string, string[]> } | undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">Edit {name}</h1>
      <EventForm key={id} mode="edit" values={result?.values ?? values} errors={result?.errors ?? {}} options={options} imageUrl={imageUrl} cancelTo="/events" />
    </div>
  );
}
