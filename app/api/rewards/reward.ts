import { requireStaff } from '~/domain/policy.server';
import { deleteReward, getReward, updateReward } from '~/domain/rewards.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { rewardSchema } from '~/schemas/reward';
import type { Route } from './+types/reward';
import { rewardJson } from './reward-json';

/** GET /api/rewards/{id}/ (signed-in users); a hidden reward is a 404. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => rewardJson(await getReward(await getApiUser(request, context), Number(params.id))));
}

/**
 * PUT /api/rewards/{id}/ {title, coin, is_ctf_certification_reward} and DELETE /api/rewards/{id}/
 * (staff). DELETE answers 204 whether the reward was deleted or, having requests, hidden.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'DELETE') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const id = Number(params.id);
    if (request.method === 'DELETE') {
      await deleteReward(actor, id);
      return new Response(null, { status: 204 });
    }
    await getReward(actor, id); // an unknown id is a 404 before its body is judged
    const { data } = await parseBody(request, rewardSchema);
    return rewardJson(await updateReward(actor, id, data));
  });
}
