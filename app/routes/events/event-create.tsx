import { useActionData, useLoaderData } from 'react-router';
import { createEvent } from '~/domain/events.server';
import { requireStaffPage } from '~/lib/auth.server';
import { handleForm, submittedForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { redirectWithFlash } from '~/lib/session.server';
import { EVENT_MESSAGES, EVENT_TYPE_OPTIONS, eventCreateSchema } from '~/schemas/event';
import { EventForm, valuesAfter } from './event-form';
import { nextFridayReply } from './event-form.server';
import type { Route } from './+types/event-create';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('New event')} · CTF Arena` }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaffPage(request, context);
  return { options: EVENT_TYPE_OPTIONS };
}

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
  const outcome = await handleForm(form, eventCreateSchema(image), (input) => createEvent(user, input, image), { notFoundOnForm: true });
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, `/events/${outcome.value.type}`, { type: 'success', text: EVENT_MESSAGES.created });
}

export default function EventCreate() {
  const { options } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="mb-6 text-2xl font-bold">{t('New event')}</h1>
      <EventForm mode="create" values={valuesAfter(result, { type: 'online' })} lastResult={result} options={options} cancelTo="/events" />
    </div>
  );
}
