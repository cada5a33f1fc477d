import { PRACTICE } from '~/domain/scope.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/practices';
import { reviewList } from './review-list';

/** GET /api/submissions/practices?is_validated=true|false|null&page=&search= (staff), 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => reviewList(request, await getApiUser(request, context), PRACTICE));
}

export const action = () => methodNotAllowed();
