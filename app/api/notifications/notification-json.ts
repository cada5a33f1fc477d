// The JSON of SPEC §3 Notification (title, description, event, created_at) plus what lists show.
import { z } from 'zod';
import type { NotificationItem } from '~/domain/notifications.server';
import { dateTime, detail, int, paginated } from '../openapi/shapes';

export const NotificationJson = z
  .strictObject({
    id: int(),
    title: z.string(),
    description: z.string().meta({ description: 'HTML.' }),
    event: int().nullable().meta({ description: 'The receiving event, if any.' }),
    event_name: z.string().nullable(),
    type: z.enum(['general', 'admin']),
    link: z.string().nullable().meta({ description: 'The page the notification is about.' }),
    is_new: z.boolean().meta({ description: 'Not yet seen on the site (reading through the API marks nothing read).' }),
    created_at: dateTime(),
  })
  .meta({ id: 'Notification' });
export const NotificationPageJson = paginated(NotificationJson, 'NotificationPage');
export const SentNotificationJson = NotificationJson.extend({ detail: detail() }).meta({ id: 'SentNotification' });

export function notificationJson(n: NotificationItem): z.infer<typeof NotificationJson> {
  return {
    id: n.id,
    title: n.title,
    description: n.description,
    event: n.event?.id ?? null,
    event_name: n.event?.name ?? null,
    type: n.kind,
    link: n.link,
    is_new: n.isNew,
    created_at: n.createdAt.toISOString(),
  };
}
