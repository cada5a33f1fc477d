// Input of the notification form and POST /api/notifications/ (SPEC §2 "Notifications", §5): a title,
// a rich-text description (Markdown, or HTML from API clients; sanitized by the domain) and an
// optional receiving event. Whether the event exists is the domain's question.
import { z } from 'zod';
import { id, optional, text } from './fields';

export const NOTIFICATION_MESSAGES = {
  sent: 'Notification sent successfully!',
} as const;

export const TITLE_MAX = 200;
export const DESCRIPTION_MAX = 50_000;

export const notificationSchema = z.object({
  title: text(TITLE_MAX),
  description: text(DESCRIPTION_MAX),
  event: optional(id()),
});

export type NotificationInput = z.infer<typeof notificationSchema>;
