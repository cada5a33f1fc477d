import { teamView, updateTeam } from '~/domain/teams.server';
import { requireAuthenticated } from '~/domain/policy.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { teamUpdateSchema } from '~/schemas/team';
import type { Route } from './+types/team';
import { teamJson } from './team-json';

/** GET /api/teams/{id}/: the team (code_invitation for its members only). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => teamJson(await teamView(await getApiUser(request, context), Number(params.id))));
}

/**
 * PUT /api/teams/{id}/ {name, password, re_password, current_password}: the owner renames the team
 * or changes its password (with the current one); answers like GET.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor);
    const { data } = await parseBody(request, teamUpdateSchema);
    const team = await updateTeam(actor, Number(params.id), data);
    return teamJson(await teamView(actor, team.id));
  });
}
