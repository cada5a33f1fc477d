import { PRACTICE } from '~/domain/scope.server';
import { scoreboard, type Standings } from '~/domain/standings.server';
import { api, JsonText, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { env } from '~/lib/env.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pageQuery } from '~/schemas/query';
import { playerEntryJson } from './scoreboard-entry';
import type { Route } from './+types/top-players';

/**
 * The serialized page, built once per copy of the standings. Keyed by page only: the links
 * next/previous come from PUBLIC_URL and this route's path, and carry the page and nothing else the
 * caller added.
 */
function body(standings: Standings, page: number): Promise<string> {
  return standings.memo(`json:page=${page}`, async () =>
    JSON.stringify(paginated({ url: `${env.publicUrl}/api/auth/users/top-players/` }, await standings.page(page, PAGE_SIZE.list), playerEntryJson)),
  );
}

/** GET /api/auth/users/top-players/?page=n: the practice scoreboard, 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const standings = await scoreboard(actor, PRACTICE);
    return new JsonText(await body(standings, parseQuery(request, pageQuery).page));
  }, context);
}

export const action = () => methodNotAllowed();
