import { requireStaff } from '~/domain/policy.server';
import { createReward, rewardPage } from '~/domain/rewards.server';
import { api, methodNotAllowed, paginated, parseBody, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pagedQuery } from '~/schemas/query';
import { rewardSchema } from '~/schemas/reward';
import type { Route } from './+types/rewards';
import { rewardJson } from './reward-json';

export const rewardsQuery = pagedQuery(PAGE_SIZE.list);

/** GET /api/rewards/?page=&page_size= (signed-in users): the rewards on sale, cheapest first. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const query = parseQuery(request, rewardsQuery);
    const page = await rewardPage(actor, { page: query.page, pageSize: query.page_size });
    return paginated(request, page, rewardJson);
  });
}

/** POST /api/rewards/ {title, coin, is_ctf_certification_reward} as JSON or multipart (staff): 201. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body: a learner learns nothing from field errors
    const { data } = await parseBody(request, rewardSchema);
    return Response.json(rewardJson(await createReward(actor, data)), { status: 201 });
  });
}
