// A user as every /api answer shows it (SPEC §3 User), from what the viewer may see (user-view.server.ts).
import { profileUrl, type UserView } from '~/domain/user-view.server';

export function userJson(view: UserView, extra: Record<string, unknown> = {}) {
  return {
    id: view.id,
    username: view.username,
    ...(view.private
      ? {
          fullname: view.private.fullname,
          email: view.private.email,
          gender: view.private.gender,
          is_active: view.private.isActive,
          is_validated: view.private.isValidated,
          coin: view.private.coin,
        }
      : {}),
    country: view.country,
    profile: profileUrl(view),
    is_staff: view.isStaff,
    is_superuser: view.isSuperuser,
    ...(view.type ? { type: view.type } : {}),
    ...extra,
  };
}
