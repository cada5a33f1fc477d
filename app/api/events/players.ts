import { eventPlayers } from '~/domain/event-players.server';
import { resolveEvent } from '~/domain/scope.server';
import { api, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pageQuery } from '~/schemas/query';
import type { Route } from './+types/players';
import { z } from 'zod';
import { int, paginated as pageOf } from '../openapi/shapes';

export const EventPlayerJson = z.strictObject({ id: int(), username: z.string(), country: z.string(), total_points: int() }).meta({ id: 'EventPlayer' });
export const EventPlayerPageJson = pageOf(EventPlayerJson, 'EventPlayerPage');

/** GET /api/events/{id}/players/?page=: the event's players with their total points, 10 per page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const page = await eventPlayers(actor, await resolveEvent(params.id), { page: parseQuery(request, pageQuery).page, pageSize: PAGE_SIZE.list });
    return paginated(request, page, (p): z.infer<typeof EventPlayerJson> => ({ id: p.id, username: p.username, country: p.country, total_points: p.score }));
  });
}

export const action = () => methodNotAllowed();
