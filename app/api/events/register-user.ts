import { registerForEvent } from '~/domain/events.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { EVENT_MESSAGES } from '~/schemas/event';
import { eventJson, type RegisteredJson } from './event-json';
import type { z } from 'zod';
import type { Route } from './+types/register-user';

/** POST /api/events/{id}/register-user/: the caller registers (idempotent) -> 200 with the event. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const view = await registerForEvent(await getApiUser(request, context), params.id);
    return { detail: EVENT_MESSAGES.registered, ...eventJson(view) } satisfies z.infer<typeof RegisteredJson>;
  });
}

export const loader = () => methodNotAllowed();
