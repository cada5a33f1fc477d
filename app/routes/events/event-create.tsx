import { useActionData, useLoaderData } from 'react-router';
import { createEvent } from '~/domain/events.server';
import { requireStaffPage } from '~/lib/auth.server';
import { isFile } from '~/lib/uploads.server';
import { handleForm, submittedForm } from '~/lib/form.server';
import { redirectWithFlash } from '~/lib/session.server';
import { EVENT_MESSAGES, EVENT_TYPE_OPTIONS, eventSchema } from '~/schemas/event';
import { REQUIRED } from '~/schemas/fields';
import { EventForm, valuesAfter } from './event-form';
import { nextFridayReply } from './event-form.server';
import type { Route } from './+types/event-create';

export const meta: Route.MetaFunction = () => [{ title: 'New event · CTF Arena' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context);
  return { options: EVENT_TYPE_OPTIONS };
}

/**
 * The form's schema on create: when other fields are refused, a missing image is said with them (when
 * they pass, the domain says it with its own rules).
 */
const createSchema = (image: unknown) => eventSchema.refine(() => isFile(image), { path: ['image'], message: REQUIRED, when: (payload) => payload.issues.length > 0 });

/** Staff create an event; every error comes back under its field (the image must be chosen again). */
export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  // A body refused whole: its message above the form, which keeps what it showed.
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const friday = nextFridayReply(form);
  if (friday) return friday;
  const image = form.get('image');
  // Every refusal shows on the form, a missing record's (404) too.
  const outcome = await handleForm(form, createSchema(image), (input) => createEvent(user, input, image), { notFoundOnForm: true });
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, `/events/${outcome.value.type}`, { type: 'success', text: EVENT_MESSAGES.created });
}

export default function EventCreate() {
  const { options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">New event</h1>
      <EventForm mode="create" values={valuesAfter(result, { type: 'online' })} errors={result?.error ?? {}} options={options} cancelTo="/events" />
    </div>
  );
}
