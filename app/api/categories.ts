import { createCategory, listCategories } from '~/domain/categories.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, parseBody, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { categorySchema } from '~/schemas/category';
import { categoriesQuery } from '~/schemas/query';
import type { Route } from './+types/categories';
import { categoryJson } from './category';

/**
 * GET /api/categories/?page=&page_size=&with_practice_challenges=&event_id=&training_week=: the
 * categories (page_size at most 100), each with the current player's submissions_percentage.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const query = parseQuery(request, categoriesQuery);
    const page = await listCategories(actor, {
      page: query.page,
      pageSize: query.page_size,
      withPracticeChallenges: query.with_practice_challenges,
      eventId: query.event_id,
      trainingWeek: query.training_week,
    });
    return paginated(request, page, categoryJson);
  });
}

/** POST /api/categories/ {name} (staff): 201 with the new category. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body: a learner learns nothing from field errors
    const { data } = await parseBody(request, categorySchema);
    const category = await createCategory(actor, data);
    return Response.json(categoryJson({ ...category, submissionsPercentage: 0 }), { status: 201 });
  });
}
