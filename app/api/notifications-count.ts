import { notificationCounts } from '~/domain/header-counts.server';
import { requireAuthenticated } from '~/domain/policy.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/notifications-count';

/**
 * GET /api/notifications/count-new-notification: {general, admin}, the unread counts. Served from
 * the header's kept counts (a hot call: clients poll it), so a repeat costs no query.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor);
    return notificationCounts(actor);
  }, context);
}

export const action = () => methodNotAllowed();
