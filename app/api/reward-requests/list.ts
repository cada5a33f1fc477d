import { requireStaff } from '~/domain/policy.server';
import { listRewardRequests } from '~/domain/reward-requests.server';
import { api, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { rewardRequestsQuery } from '~/schemas/query';
import type { Route } from './+types/list';
import { rewardRequestJson } from './request-json';

/** GET /api/reward-requests/?is_processed=false|true&page=n&page_size= (staff): newest first, 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const query = parseQuery(request, rewardRequestsQuery);
    const page = await listRewardRequests(actor, { processed: query.is_processed, page: query.page, pageSize: query.page_size });
    return paginated(request, page, rewardRequestJson);
  });
}

export const action = () => methodNotAllowed();
