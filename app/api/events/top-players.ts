import { scoreboardOf, type BoardEntry, type Scoreboard } from '~/domain/scoreboard.server';
import { resolveEvent } from '~/domain/scope.server';
import { api, JsonText, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { env } from '~/lib/env.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pageQuery } from '~/schemas/query';
import { playerEntryJson, submissionsJson, type PlayerEntryJson, type TeamEntryJson } from '../scoreboard-entry';
import type { z } from 'zod';
import type { Route } from './+types/top-players';

/** A scoreboard entry as SPEC §3 names it: a player (with coin) or a team (with its learners). */
export function entryJson(e: BoardEntry): z.infer<typeof PlayerEntryJson> | z.infer<typeof TeamEntryJson> {
  if (e.members) {
    return { id: e.id, name: e.name, score: e.score, number_of_solved_challenges: e.solved, learners: e.members.map((m) => ({ id: m.id, username: m.username, country: m.country })), submissions: submissionsJson(e.submissions) };
  }
  return playerEntryJson({ ...e, username: e.name });
}

/** The serialized page, built once per copy of the standings (links from PUBLIC_URL, page only). */
function body(board: Scoreboard, eventId: number, page: number): Promise<string> {
  return board.memo(`json:page=${page}`, async () =>
    JSON.stringify(paginated({ url: `${env.publicUrl}/api/events/${eventId}/top-players/` }, await board.page(page, PAGE_SIZE.list), entryJson)),
  );
}

/** GET /api/events/{id}/top-players/?page=: the event's scoreboard, teams in team events, players otherwise; 10 per page. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const scope = await resolveEvent(params.id);
    return new JsonText(await body(await scoreboardOf(actor, scope), scope.event.id, parseQuery(request, pageQuery).page));
  }, context);
}

export const action = () => methodNotAllowed();
