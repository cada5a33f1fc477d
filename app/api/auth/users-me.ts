import { updateProfile } from '~/domain/accounts.server';
import { viewOfUser } from '~/domain/user-view.server';
import { requireAuthenticated } from '~/domain/policy.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { isFile } from '~/lib/uploads.server';
import { profileSchema } from '~/schemas/account';
import type { Route } from './+types/users-me';
import { userJson, type MeJson } from './user-json';
import type { z } from 'zod';
import type { User } from '~/generated/prisma/client';
import { hasActiveTeam } from '~/domain/teams.server';

/**
 * The current user as GET and PUT /api/auth/users/me/ both answer it: the user JSON plus
 * has_active_team (a member of a team in an event that has not ended), for both verbs.
 */
async function meJson(user: User): Promise<z.infer<typeof MeJson>> {
  return { ...userJson(viewOfUser(user, user)), has_active_team: await hasActiveTeam(user.id) };
}

/** GET /api/auth/users/me/: the current profile (used to restore the session). */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor);
    return await meJson(actor);
  });
}

/** PUT /api/auth/users/me/ (multipart or JSON): edit the account; a new e-mail deactivates it. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor);
    const { data, form } = await parseBody(request, profileSchema);
    const picture = form?.get('profile');
    const { user } = await updateProfile(actor, data, isFile(picture) ? picture : null);
    return await meJson(user);
  });
}
