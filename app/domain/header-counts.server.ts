// The numbers in the header badges (SPEC §2 "Header and global behaviour"), from the real tables.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { isStaff, type Actor } from './policy.server';

/** Notifications a user may see: platform-wide ones and those of events they take part in. */
export function visibleNotifications(actor: Actor, kind: 'general' | 'admin'): Prisma.NotificationWhereInput {
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

export async function newNotificationCounts(actor: Actor): Promise<{ general: number; admin: number }> {
  const unread = (kind: 'general' | 'admin') =>
    db.notification.count({ where: { ...visibleNotifications(actor, kind), reads: { none: { userId: actor.id } } } });
  const [general, admin] = await Promise.all([unread('general'), unread('admin')]);
  return { general, admin };
}

export async function unprocessedRewardRequests(actor: Actor): Promise<number> {
  return isStaff(actor) ? db.rewardRequest.count({ where: { status: 'pending' } }) : 0;
}

export interface HeaderCounts { general: number; admin: number; rewardRequests: number }

/**
 * The header's badges on every page: kept a few seconds per user, since a page load needs no fresher
 * number and these counts are most of the root loader's cost. The /api count calls stay exact.
 */
const HEADER_COUNTS_TTL_MS = 5_000;
const recent = new Map<number, { at: number; counts: HeaderCounts }>();

export async function headerCounts(actor: Actor): Promise<HeaderCounts> {
  const hit = recent.get(actor.id);
  if (hit && Date.now() - hit.at < HEADER_COUNTS_TTL_MS) return hit.counts;
  const [notifications, rewardRequests] = await Promise.all([newNotificationCounts(actor), unprocessedRewardRequests(actor)]);
  const counts = { ...notifications, rewardRequests };
  if (recent.size > 10_000) recent.clear();
  recent.set(actor.id, { at: Date.now(), counts });
  return counts;
}
