import { unprocessedRewardRequests } from '~/domain/header-counts.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/reward-requests-count';
import { z } from 'zod';
import { int } from './openapi/shapes';

export const UnprocessedCountJson = z.strictObject({ count: int() }).meta({ id: 'UnprocessedCount' });

/** GET /api/reward-requests/count-unprocessed (staff): {count}. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    return { count: await unprocessedRewardRequests(actor) } satisfies z.infer<typeof UnprocessedCountJson>;
  });
}

export const action = () => methodNotAllowed();
