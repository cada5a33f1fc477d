import { requireStaff } from '~/domain/policy.server';
import { updateHint } from '~/domain/challenge-authoring.server';
import { hintJson } from './challenge-json';
import { unlockHint } from '~/domain/hints.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { hintSchema } from '~/schemas/challenge';
import type { Route } from './+types/hint';

/**
 * GET /api/challenges/{id}/hints/{hint_id}/: a learner's first GET unlocks the hint (its score is
 * then deducted from their solve); staff simply read it.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => hintJson(await unlockHint(await getApiUser(request, context), Number(params.id) || 0, Number(params.hintId) || 0)));
}

/** PUT /api/challenges/{id}/hints/{hint_id}/ (staff). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body
    const { data } = await parseBody(request, hintSchema);
    return hintJson(await updateHint(actor, Number(params.id) || 0, Number(params.hintId) || 0, data));
  });
}
