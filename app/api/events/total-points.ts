import { scoreboardOf } from '~/domain/scoreboard.server';
import { resolveEvent } from '~/domain/scope.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/total-points';
import type { z } from 'zod';
import type { TotalPoints } from '../openapi/shapes';

/** GET /api/events/{id}/total-points/: the leader's total, the chart's maximum. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const board = await scoreboardOf(actor, await resolveEvent(params.id));
    return { total_points: board.totalPoints } satisfies z.infer<typeof TotalPoints>;
  });
}

export const action = () => methodNotAllowed();
