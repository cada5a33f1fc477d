import { createEvent, getEvent, listEvents } from '~/domain/events.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, parseQuery, readBody, zodFieldErrors } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { withoutBlanks } from '~/schemas/challenge';
import { eventSchema } from '~/schemas/event';
import { eventsQuery } from '~/schemas/query';
import { eventJson } from './event-json';
import type { Route } from './+types/events';

/** GET /api/events/?type=&page=&page_size=: everyone, anonymous included; 6 per page (SPEC §9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const query = parseQuery(request, eventsQuery);
    const page = await listEvents(actor, { type: query.type, page: query.page, pageSize: query.page_size });
    return paginated(request, page, eventJson);
  });
}

/** POST /api/events/ (staff; multipart with the image, SPEC §7) -> 201 with the event. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body
    const { values, form } = await readBody(request);
    const parsed = eventSchema.safeParse(form ? withoutBlanks(values) : values);
    const image = form?.get('image') ?? null;
    if (!parsed.success) {
      const errors = zodFieldErrors(parsed.error);
      if (!image || typeof image === 'string') errors.image ??= ['This field is required.'];
      throw new Invalid(errors);
    }
    const event = await createEvent(actor, parsed.data, image);
    return Response.json(eventJson(await getEvent(actor, event.id)), { status: 201 });
  });
}
