import { createEvent, getEvent, listEvents } from '~/domain/events.server';
import { isEventType } from '~/domain/event-types';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, readBody, zodFieldErrors } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { PAGE_SIZE, pageNumber, pageSize } from '~/lib/pagination';
import { withoutBlanks } from '~/schemas/challenge';
import { eventSchema } from '~/schemas/event';
import { CHOICE } from '~/schemas/fields';
import { eventJson } from './event-json';
import type { Route } from './+types/events';

/** GET /api/events/?type=&page=&page_size=: everyone, anonymous included; 6 per page (SPEC §9). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const url = new URL(request.url);
    const type = url.searchParams.get('type') || null;
    if (type !== null && !isEventType(type)) throw new Invalid({ type: [CHOICE] });
    const page = await listEvents(actor, {
      type,
      page: pageNumber(url.searchParams.get('page')),
      pageSize: pageSize(url.searchParams.get('page_size'), PAGE_SIZE.events),
    });
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
