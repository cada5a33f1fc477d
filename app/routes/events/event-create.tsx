import { data, useActionData, useLoaderData } from 'react-router';
import { createEvent } from '~/domain/events.server';
import { requireStaffPage } from '~/lib/auth.server';
import { fromConformErrors } from '~/lib/errors.server';
import { isFile } from '~/lib/uploads.server';
import { pageErrors, parseWithSchema, readPageForm } from '~/lib/form.server';
import { redirectWithFlash } from '~/lib/session.server';
import { EVENT_MESSAGES, EVENT_TYPE_OPTIONS, eventSchema } from '~/schemas/event';
import { REQUIRED } from '~/schemas/fields';
import { EventForm, nextFridayResult, postedValues, type FormValues } from './event-form';
import type { Route } from './+types/event-create';

export const meta: Route.MetaFunction = () => [{ title: 'New event · CTF Arena' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context);
  return { options: EVENT_TYPE_OPTIONS };
}

/** Staff create an event; every error comes back under its field (the image must be chosen again). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const read = await readPageForm(request);
  // A body refused whole: its message above the form, which keeps what it showed.
  if (!read.ok) return data({ values: null, errors: read.errors }, { status: 400 });
  const form = read.form;
  const values = postedValues(form);
  const friday = nextFridayResult(form);
  if (friday) return data(friday, { status: friday.errors.start_date ? 400 : 200 });
  const parsed = parseWithSchema(form, eventSchema);
  if (parsed.status !== 'success') {
    const errors = fromConformErrors(parsed.error);
    if (!isFile(form.get('image'))) errors.image ??= [REQUIRED];
    return data({ values, errors }, { status: 400 });
  }
  try {
    const event = await createEvent(user, parsed.value, form.get('image'));
    return redirectWithFlash(request, `/events/${event.type}`, { type: 'success', text: EVENT_MESSAGES.created });
  } catch (error) {
    const shown = pageErrors(error);
    if (shown) return data({ values, errors: shown.errors }, { status: shown.status });
    throw error;
  }
}

export default function EventCreate() {
  const { options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as { values: FormValues; errors: Record<string, string[]> } | undefined;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">New event</h1>
      <EventForm mode="create" values={result?.values ?? { type: 'online' }} errors={result?.errors ?? {}} options={options} cancelTo="/events" />
    </div>
  );
}
