import { PRACTICE } from '~/domain/scope.server';
import { scoreboard } from '~/domain/standings.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/practices-total-points';
import type { z } from 'zod';
import type { TotalPoints } from './openapi/shapes';

/** GET /api/challenges/practices-total-points/: the top player's total, the chart's maximum. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const standings = await scoreboard(await getApiUser(request, context), PRACTICE);
    return { total_points: standings.totalPoints } satisfies z.infer<typeof TotalPoints>;
  });
}

export const action = () => methodNotAllowed();
