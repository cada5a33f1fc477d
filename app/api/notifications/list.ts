import { createAdminNotification, listNotifications, NOTIFICATION_KINDS, type NotificationList } from '~/domain/notifications.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, parseBody, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pageQuery } from '~/schemas/query';
import { NOTIFICATION_MESSAGES, notificationSchema } from '~/schemas/notification';
import type { Route } from './+types/list';
import type { z } from 'zod';
import { notificationJson, type SentNotificationJson } from './notification-json';

function listOf(kind: string | undefined): NotificationList {
  if (kind === undefined) return 'all';
  if ((NOTIFICATION_KINDS as readonly string[]).includes(kind)) return kind as NotificationList;
  throw new NotFound();
}

/**
 * GET /api/notifications/ (both kinds) and /api/notifications/{general|admin}/?page=n: what the
 * caller sees, newest first, 10 per page, each with `is_new`. Reading through the API marks nothing
 * read (the pages do); docs/rules.md "Notifications".
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const list = listOf(params.kind);
    const { page } = parseQuery(request, pageQuery);
    return paginated(request, await listNotifications(actor, list, { page, pageSize: PAGE_SIZE.list }), notificationJson);
  });
}

/** POST /api/notifications/ {title, description, event?} (staff): 201 with the notification. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST' || params.kind !== undefined) return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const { data } = await parseBody(request, notificationSchema);
    const created = await createAdminNotification(actor, data);
    return Response.json({ ...notificationJson(created), detail: NOTIFICATION_MESSAGES.sent } satisfies z.infer<typeof SentNotificationJson>, { status: 201 });
  });
}
