import { requireStaff } from '~/domain/policy.server';
import { createHint } from '~/domain/challenge-authoring.server';
import { hintJson } from './challenge-json';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { hintSchema } from '~/schemas/challenge';
import type { Route } from './+types/hints';

/** POST /api/challenges/{id}/hints/ (staff): description and score (at most half the initial value) -> 201. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body
    const { data } = await parseBody(request, hintSchema);
    return Response.json(hintJson(await createHint(actor, Number(params.id) || 0, data)), { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
