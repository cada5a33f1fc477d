import { assertEventEntry } from '~/domain/events.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/access-permission';
import { z } from 'zod';

export const AccessPermissionJson = z.strictObject({ has_permission: z.literal(true) }).meta({ id: 'AccessPermission' });

/**
 * GET /api/events/{id}/access-permission/: whether the caller may enter the event (training-platform
 * events: validated learners and staff). 200 {has_permission: true}, or 403 with the training-only
 * message that the site's information dialog shows.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    await assertEventEntry(await getApiUser(request, context), params.id);
    return { has_permission: true } satisfies z.infer<typeof AccessPermissionJson>;
  });
}

export const action = () => methodNotAllowed();
