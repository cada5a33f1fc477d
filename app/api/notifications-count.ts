import { notificationCounts } from '~/domain/header-counts.server';
import { requireAuthenticated } from '~/domain/policy.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/notifications-count';
import { z } from 'zod';
import { int } from './openapi/shapes';

export const NotificationCountsJson = z
  .strictObject({ general: int().meta({ description: 'Unread general notifications.' }), admin: int().meta({ description: 'Unread admin notifications.' }) })
  .meta({ id: 'NotificationCounts' });

/**
 * GET /api/notifications/count-new-notification: {general, admin}, the unread counts. Served from
 * the header's kept counts (a hot call: clients poll it), so a repeat costs no query.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor);
    return (await notificationCounts(actor)) satisfies z.infer<typeof NotificationCountsJson>;
  }, context);
}

export const action = () => methodNotAllowed();
