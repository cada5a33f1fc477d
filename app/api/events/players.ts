import { eventPlayers } from '~/domain/event-players.server';
import { resolveEvent } from '~/domain/scope.server';
import { api, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/players';

/** GET /api/events/{id}/players/?page=: the event's players with their total points, 10 per page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const page = await eventPlayers(actor, await resolveEvent(params.id), { page: pageNumber(new URL(request.url).searchParams.get('page')), pageSize: PAGE_SIZE.list });
    return paginated(request, page, (p) => ({ id: p.id, username: p.username, country: p.country, total_points: p.score }));
  });
}

export const action = () => methodNotAllowed();
