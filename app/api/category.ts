import { deleteCategory, getCategory, updateCategory, type CategoryProgress } from '~/domain/categories.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { categorySchema } from '~/schemas/category';
import type { Route } from './+types/category';
import { z } from 'zod';
import { int, paginated } from './openapi/shapes';

export const CategoryJson = z
  .strictObject({
    id: int(),
    name: z.string(),
    submissions_percentage: int().meta({ description: "Share (0-100) of the category's challenges the caller solved." }),
  })
  .meta({ id: 'Category' });
export const CategoryPageJson = paginated(CategoryJson, 'CategoryPage');

/** A category as SPEC §3 names its fields. */
export function categoryJson(c: CategoryProgress): z.infer<typeof CategoryJson> {
  return { id: c.id, name: c.name, submissions_percentage: c.submissionsPercentage };
}

/** GET /api/categories/{id}/. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => categoryJson(await getCategory(await getApiUser(request, context), Number(params.id))));
}

/** PUT /api/categories/{id}/ {name} and DELETE /api/categories/{id}/ (staff). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body: a learner learns nothing from field errors
    const id = Number(params.id);
    if (request.method === 'DELETE') {
      await deleteCategory(actor, id);
      return new Response(null, { status: 204 });
    }
    const { data } = await parseBody(request, categorySchema);
    await updateCategory(actor, id, data);
    return categoryJson(await getCategory(actor, id));
  });
}
