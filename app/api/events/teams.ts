import { createTeam, listTeams, requireTeamPlayer, teamView } from '~/domain/teams.server';
import { resolveScope } from '~/domain/scope.server';
import { api, methodNotAllowed, paginated, parseBody, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { pageQuery } from '~/schemas/query';
import { teamCreateSchema } from '~/schemas/team';
import { rankedTeamJson, teamJson } from '../teams/team-json';
import type { Route } from './+types/teams';

/** GET /api/events/{id}/teams/?page=n: the event's teams, ranked by points, 10 per page (staff teams hidden). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const scope = await resolveScope({ eventId: params.id });
    const page = await listTeams(actor, scope, parseQuery(request, pageQuery).page);
    return paginated(request, page, (t) => rankedTeamJson(t, Number(params.id)));
  });
}

/**
 * POST /api/events/{id}/teams/ {name, password, re_password, event}: creates a team in the event of
 * the path (a body `event` naming another one is refused); 201 with the team, code included.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireTeamPlayer(actor);
    const scope = await resolveScope({ eventId: params.id });
    const { data } = await parseBody(request, teamCreateSchema);
    if (scope.kind !== 'event') throw new Invalid({ event: ['Choose the event of the team.'] });
    if (data.event !== undefined && data.event !== scope.event.id) throw new Invalid({ event: ['The event must be the one of the URL.'] });
    const team = await createTeam(actor, scope.event.id, data);
    return Response.json(teamJson(await teamView(actor, team.id)), { status: 201 });
  });
}
