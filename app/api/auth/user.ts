import { getPlayer, practicePoints } from '~/domain/learners.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/user';
import { userJson, type UserWithPointsJson } from './user-json';
import type { z } from 'zod';

/** GET /api/auth/users/{id}/. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const user = await getPlayer(actor, Number(params.id) || 0);
    const points = await practicePoints([user.id]);
    return { ...userJson(user), total_points: points.get(user.id) ?? 0 } satisfies z.infer<typeof UserWithPointsJson>;
  });
}

export const action = () => methodNotAllowed();
