import { deleteEvent, getEvent, updateEvent } from '~/domain/events.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, readBody, zodFieldErrors } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { withoutBlanks } from '~/schemas/challenge';
import { eventPatchSchema, withCleared } from '~/schemas/event';
import { eventJson } from './event-json';
import type { Route } from './+types/event';

/** GET /api/events/{id}/: everyone (the catalogue is public), with the caller's user_is_registered. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => eventJson(await getEvent(await getApiUser(request, context), params.id)));
}

/**
 * PUT (staff; multipart or JSON; the fields sent replace the current ones, a new image replaces the
 * old) and DELETE (superuser; the event with its challenges, submissions, teams and files -> 204).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    if (request.method === 'PUT' || request.method === 'PATCH') {
      requireStaff(actor); // before reading the body
      const { values, form } = await readBody(request);
      const parsed = eventPatchSchema.safeParse(form ? withoutBlanks(values) : values);
      if (!parsed.success) throw new Invalid(zodFieldErrors(parsed.error));
      const event = await updateEvent(actor, params.id, withCleared(values, parsed.data), form?.get('image') ?? null);
      return eventJson(await getEvent(actor, event.id));
    }
    if (request.method === 'DELETE') {
      await deleteEvent(actor, params.id);
      return new Response(null, { status: 204 });
    }
    return methodNotAllowed();
  });
}
