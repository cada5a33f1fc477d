import { requireStaff } from '~/domain/policy.server';
import { listRewardRequests } from '~/domain/reward-requests.server';
import { api, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { invalid } from '~/lib/errors.server';
import { PAGE_SIZE, pageNumber, pageSize } from '~/lib/pagination';
import type { Route } from './+types/list';
import { rewardRequestJson } from './request-json';

const PROCESSED: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** is_processed=true|false picks a tab; absent or empty lists both. */
function processedParam(value: string | null): boolean | undefined {
  if (value === null || value === '') return undefined;
  const key = value.toLowerCase();
  if (!(key in PROCESSED)) invalid('is_processed', 'Must be a valid boolean.');
  return PROCESSED[key];
}

/** GET /api/reward-requests/?is_processed=false|true&page=n&page_size= (staff): newest first, 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const params = new URL(request.url).searchParams;
    const page = await listRewardRequests(actor, { processed: processedParam(params.get('is_processed')), page: pageNumber(params.get('page')), pageSize: pageSize(params.get('page_size'), PAGE_SIZE.rewardRequests) });
    return paginated(request, page, rewardRequestJson);
  });
}

export const action = () => methodNotAllowed();
