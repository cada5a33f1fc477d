// SPEC §7 "Notifications": the lists, their unread counts and the live stream of those counts.
import { z } from 'zod';
import { NotificationCountsJson } from '~/api/notifications-count';
import { NotificationPageJson, SentNotificationJson } from '~/api/notifications/notification-json';
import { notificationSchema } from '~/schemas/notification';
import { pageQuery } from '~/schemas/query';
import type { Operation } from '../operation';

const LIST = 'What the caller sees, newest first, 10 per page, each with is_new. Reading through the API marks nothing read (the pages do).';

export const notifications: Operation[] = [
  {
    method: 'get',
    path: '/api/notifications/count-new-notification',
    summary: 'Unread notifications',
    description: 'The header badge: a hot call, answered from kept counts.',
    access: 'signed-in',
    answers: { 200: { description: 'Unread counts by kind.', schema: NotificationCountsJson } },
  },
  {
    method: 'get',
    path: '/api/notifications/',
    summary: 'Notifications',
    description: `Both kinds. ${LIST}`,
    access: 'signed-in',
    query: pageQuery,
    answers: { 200: { description: 'A page of notifications.', schema: NotificationPageJson } },
  },
  {
    method: 'post',
    path: '/api/notifications/',
    summary: 'Send a notification',
    description: 'An admin notification: to everyone, or to the players of one event.',
    access: 'staff',
    body: { schema: notificationSchema },
    answers: { 201: { description: "The notification, with SPEC §8's message.", schema: SentNotificationJson } },
  },
  {
    method: 'get',
    path: '/api/notifications/{kind}/',
    summary: 'Notifications of one kind',
    description: LIST,
    access: 'signed-in',
    params: z.object({ kind: z.enum(['general', 'admin']).meta({ description: 'general or admin.' }) }),
    query: pageQuery,
    answers: { 200: { description: 'A page of notifications.', schema: NotificationPageJson } },
    refusals: { 404: 'Another kind.' },
  },
  {
    method: 'get',
    path: '/api/notifications/stream',
    summary: 'Live unread counts',
    description:
      'Server-Sent Events: `{general, admin}` (as count-new-notification) at once and whenever they change, a comment every 25 s; the stream ends with the session. A few streams per account.',
    access: 'signed-in',
    answers: { 200: { description: 'The event stream.', media: ['text/event-stream'] } },
    rateLimited: true,
  },
];
