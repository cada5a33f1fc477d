import { myTeam, TEAM_MESSAGES } from '~/domain/teams.server';
import { api, methodNotAllowed, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import type { Route } from './+types/me';
import { teamJson, type MyTeamJson } from './team-json';
import { myTeamQuery } from '~/schemas/query';
import type { z } from 'zod';

/**
 * GET /api/teams/me/[?team=id]: the caller's team in the current or next team event (or the one
 * asked for), with `teams` listing every open team of theirs to choose from. 404 with SPEC §2's
 * no-team sentence when they have none; staff have no team (403).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const mine = await myTeam(actor, parseQuery(request, myTeamQuery).team);
    if (!mine) throw new NotFound(TEAM_MESSAGES.noTeam);
    return { ...teamJson(mine.team), teams: mine.others.map((t) => ({ id: t.id, name: t.name, event: t.event.id, event_name: t.event.name })) } satisfies z.infer<typeof MyTeamJson>;
  });
}

export const action = () => methodNotAllowed();
