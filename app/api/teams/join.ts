import { joinTeam, requireTeamPlayer, teamView } from '~/domain/teams.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { teamJoinSchema } from '~/schemas/team';
import type { Route } from './+types/join';
import { teamJson } from './team-json';

/**
 * POST /api/teams/join/ {code_invitation} or {name, password[, event]}: joins the team; answers with
 * it (the caller is now a member). Refusals carry SPEC §8's detail.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireTeamPlayer(actor);
    const { data } = await parseBody(request, teamJoinSchema);
    const team = await joinTeam(actor, data);
    return teamJson(await teamView(actor, team.id));
  });
}

export const loader = () => methodNotAllowed();
