import { blackFridayStandings } from '~/domain/black-friday-standings.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/blacks-fridays-total-points';
import type { z } from 'zod';
import type { TotalPoints } from '../openapi/shapes';

/** GET /api/events/blacks-fridays/total-points/ (staff): the general board's leader total, the chart's maximum. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    return { total_points: (await blackFridayStandings(actor)).totalPoints } satisfies z.infer<typeof TotalPoints>;
  });
}

export const action = () => methodNotAllowed();
