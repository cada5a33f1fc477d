// The numbers in the header badges (SPEC §2 "Header and global behaviour"), from the real tables.
import { Kept } from '~/lib/kept.server';
import { db } from '~/lib/db.server';
import type { Table } from '~/lib/changes.server';
import type { ViewerValues } from '~/lib/viewer-template.server';
import { unreadCounts, visibleNotifications } from './notifications.server';
import { isStaff, type Actor } from './policy.server';
import { profileUrl } from './user-view.server';

type Viewer = Pick<Actor, 'id' | 'isStaff' | 'isSuperuser'>;

export { visibleNotifications };

/** Unread notifications of each kind (the visibility rule is notifications.server.ts's). */
export function newNotificationCounts(actor: Viewer): Promise<{ general: number; admin: number }> {
  return unreadCounts(actor);
}

export async function unprocessedRewardRequests(actor: Viewer): Promise<number> {
  return isStaff(actor) ? db.rewardRequest.count({ where: { status: 'pending' } }) : 0;
}

export interface HeaderCounts { general: number; admin: number; rewardRequests: number }

/** What the notification counts are read from: a write to any of them may move someone's badge. */
export const NOTIFICATION_COUNT_TABLES: readonly Table[] = ['Notification', 'NotificationRead', 'EventRegistration', 'TeamMember'];

/**
 * The header's badges on every page: kept per user (lib/kept.server.ts) until a table they count
 * changes, since these counts are most of the root loader's cost. The notification count call and
 * the live badge stream read them from here too.
 */
// Keyed by user and role (what the counts depend on besides the tables).
const kept = new Kept<string, Promise<HeaderCounts>>(
  [...NOTIFICATION_COUNT_TABLES, 'RewardRequest'],
  async (key) => {
    const [id, role] = key.split(':');
    const viewer: Viewer = { id: Number(id), isStaff: role === 'staff', isSuperuser: false };
    const [notifications, rewardRequests] = await Promise.all([newNotificationCounts(viewer), unprocessedRewardRequests(viewer)]);
    return { ...notifications, rewardRequests };
  },
  10_000,
);

export function headerCounts(actor: Viewer): Promise<HeaderCounts> {
  return kept.get(`${actor.id}:${isStaff(actor) ? 'staff' : 'learner'}`);
}

/** The two notification counts of the header, from the kept copy (GET .../count-new-notification). */
export async function notificationCounts(actor: Viewer): Promise<{ general: number; admin: number }> {
  const { general, admin } = await headerCounts(actor);
  return { general, admin };
}

/**
 * What the header shows of its viewer on every page: name, picture and badge counts. The root loader
 * and the page cache's hits (lib/page-cache.server.ts) both read it here.
 */
export async function viewerValues(user: Viewer & { username: string; profile: string | null }): Promise<ViewerValues> {
  return { id: user.id, username: user.username, profile: profileUrl(user), counts: await headerCounts(user) };
}
