// What each role may see of a user (SPEC §2 "Lists", "Team and player pages", §6), decided once:
// the learners list, player pages and every /api user answer read it from here.
import type { User } from '~/generated/prisma/client';
import { isStaff, type Actor } from './policy.server';

/**
 * Whose account a viewer may reach by id: the superuser reaches everyone; staff every account but
 * the superuser's; learners accounts that are active or validated (never an unactivated sign-up,
 * never the superuser). The learners list shows a subset of these (learners.server.ts).
 */
export function canReachUser(viewer: Actor, user: User): boolean {
  if (viewer.isSuperuser || viewer.id === user.id) return true;
  if (user.isSuperuser) return false;
  return isStaff(viewer) || user.isActive || user.isValidated;
}

export interface UserView {
  id: number;
  username: string;
  country: string;
  /** The stored picture's name, or null for the default image. */
  profile: string | null;
  isStaff: boolean;
  isSuperuser: boolean;
  /** Staff and the user themself: who they are and their account's state. */
  private: { fullname: string; email: string; gender: string; isActive: boolean; isValidated: boolean; coin: number } | null;
  /** The superuser's Type column. */
  type: 'Collaborater' | 'Learner' | null;
}

/** Where a user's picture is served (signed-in users only), or the default image. */
export function profileUrl(user: Pick<User, 'id' | 'profile'>): string {
  return user.profile ? `/media/profiles/${user.id}` : '/default-profile.svg';
}

/** The user as `viewer` may see them. */
export function viewOfUser(viewer: Actor, user: User): UserView {
  const privileged = isStaff(viewer) || viewer.id === user.id;
  return {
    id: user.id,
    username: user.username,
    country: user.country || 'BJ',
    profile: user.profile,
    isStaff: user.isStaff,
    isSuperuser: user.isSuperuser,
    private: privileged
      ? { fullname: user.fullname, email: user.email, gender: user.gender, isActive: user.isActive, isValidated: user.isValidated, coin: user.coin }
      : null,
    type: viewer.isSuperuser ? (user.isStaff ? 'Collaborater' : 'Learner') : null,
  };
}
