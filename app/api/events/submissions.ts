import { resolveScope } from '~/domain/scope.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { reviewList } from '../submissions/review-list';
import type { Route } from './+types/submissions';

/** GET /api/events/{id}/submissions/?is_validated=&page=&search= (staff; 404 for black-friday, whose solves are not reviewed). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    return reviewList(request, actor, await resolveScope({ eventId: params.id }));
  });
}

export const action = () => methodNotAllowed();
