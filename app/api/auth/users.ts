import { signUp } from '~/domain/accounts.server';
import { viewOfUser } from '~/domain/user-view.server';
import { listLearners } from '~/domain/learners.server';
import { api, methodNotAllowed, paginated, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { contextOf } from '~/lib/context';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { signUpSchema } from '~/schemas/account';
import type { Route } from './+types/users';
import { userJson } from './user-json';

/** GET /api/auth/users/?learnerSearchInput=&page=: the learners list, paged by 10. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const url = new URL(request.url);
    const page = await listLearners(actor, { search: url.searchParams.get('learnerSearchInput') ?? '', page: pageNumber(url.searchParams.get('page')), pageSize: PAGE_SIZE.list });
    return paginated(request, page, (row) => userJson(row.user, { total_points: row.totalPoints }));
  });
}

/** POST /api/auth/users/: sign up. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { data } = await parseBody(request, signUpSchema);
    const user = await signUp(data, { ip: contextOf(context).ip });
    return Response.json(userJson(viewOfUser(user, user)), { status: 201 });
  });
}
