import { createCategory, listCategories } from '~/domain/categories.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, parseBody, zodFieldErrors } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { PAGE_SIZE, pageNumber, pageSize } from '~/lib/pagination';
import { categoryListQuerySchema, categorySchema } from '~/schemas/category';
import type { Route } from './+types/categories';
import { categoryJson } from './category';

/**
 * GET /api/categories/?page=&page_size=&with_practice_challenges=&event_id=&training_week=: the
 * categories (page_size at most 100), each with the current player's submissions_percentage.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const params = new URL(request.url).searchParams;
    // An empty filter (`event_id=`) means no filter, as in Django's filter forms.
    const raw = Object.fromEntries(['with_practice_challenges', 'event_id', 'training_week'].flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
    const query = categoryListQuerySchema.safeParse(raw);
    if (!query.success) throw new Invalid(zodFieldErrors(query.error));
    const page = await listCategories(actor, {
      page: pageNumber(params.get('page')),
      pageSize: pageSize(params.get('page_size'), PAGE_SIZE.categories),
      withPracticeChallenges: query.data.with_practice_challenges,
      eventId: query.data.event_id,
      trainingWeek: query.data.training_week,
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
