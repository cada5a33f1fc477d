// The numbers in the header badges (SPEC §2 "Header and global behaviour"), from the real tables.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Kept } from '~/lib/kept.server';
import { isStaff, type Actor } from './policy.server';

type Viewer = Pick<Actor, 'id' | 'isStaff' | 'isSuperuser'>;

/** Notifications a user may see: platform-wide ones and those of events they take part in. */
export function visibleNotifications(actor: Viewer, kind: 'general' | 'admin'): Prisma.NotificationWhereInput {
  return {
    kind,
    OR: [
      { eventId: null },
      { event: { registrations: { some: { userId: actor.id } } } },
      { event: { memberships: { some: { userId: actor.id } } } },
      ...(isStaff(actor) ? [{ eventId: { not: null } }] : []),
    ],
  };
}

export async function newNotificationCounts(actor: Viewer): Promise<{ general: number; admin: number }> {
  const unread = (kind: 'general' | 'admin') =>
    db.notification.count({ where: { ...visibleNotifications(actor, kind), reads: { none: { userId: actor.id } } } });
  const [general, admin] = await Promise.all([unread('general'), unread('admin')]);
  return { general, admin };
}

export async function unprocessedRewardRequests(actor: Viewer): Promise<number> {
  return isStaff(actor) ? db.rewardRequest.count({ where: { status: 'pending' } }) : 0;
}

export interface HeaderCounts { general: number; admin: number; rewardRequests: number }

/**
 * The header's badges on every page: kept per user (lib/kept.server.ts) until a table they count
 * changes, since these counts are most of the root loader's cost.
 */
// Keyed by user and role (what the counts depend on besides the tables).
const kept = new Kept<string, Promise<HeaderCounts>>(
  ['Notification', 'NotificationRead', 'RewardRequest', 'EventRegistration', 'TeamMember'],
  async (key) => {
    const [id, role] = key.split(':');
    const viewer: Viewer = { id: Number(id), isStaff: role === 'staff', isSuperuser: false };
    const [notifications, rewardRequests] = await Promise.all([newNotificationCounts(viewer), unprocessedRewardRequests(viewer)]);
    return { ...notifications, rewardRequests };
  },
  10_000,
);

export function headerCounts(actor: Actor): Promise<HeaderCounts> {
  return kept.get(`${actor.id}:${isStaff(actor) ? 'staff' : 'learner'}`);
}
