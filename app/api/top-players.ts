import { PRACTICE } from '~/domain/scope.server';
import { scoreboard, type ScoreboardRow, type Standings } from '~/domain/standings.server';
import { api, JsonText, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { env } from '~/lib/env.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/top-players';

function row(r: ScoreboardRow) {
  return {
    id: r.id,
    username: r.username,
    name: r.username,
    country: r.country,
    score: r.score,
    coin: r.coin,
    number_of_solved_challenges: r.solved,
    submissions: r.submissions.map((s) => ({ score: s.score, date: s.date.toISOString() })),
  };
}

/**
 * The serialized page, built once per copy of the standings. Keyed by page only: the links
 * next/previous come from PUBLIC_URL and this route's path, and carry the page and nothing else the
 * caller added.
 */
function body(standings: Standings, url: URL): Promise<string> {
  const page = pageNumber(url.searchParams.get('page'));
  return standings.memo(`json:page=${page}`, async () =>
    JSON.stringify(paginated({ url: `${env.publicUrl}/api/auth/users/top-players/` }, await standings.page(page, PAGE_SIZE.list), row)),
  );
}

/** GET /api/auth/users/top-players/?page=n: the practice scoreboard, 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const standings = await scoreboard(actor, PRACTICE);
    return new JsonText(await body(standings, new URL(request.url)));
  }, context);
}

export const action = () => methodNotAllowed();
