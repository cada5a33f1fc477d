import { blackFridayStandings, type GeneralRow, type GeneralStandings } from '~/domain/black-friday-standings.server';
import { api, JsonText, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { env } from '~/lib/env.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/blacks-fridays-top-players';

/** A player's scoreboard entry (SPEC §3), as the practice and event top-players calls write it. */
function entryJson(r: GeneralRow) {
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

/** The serialized page, built once per copy of the board (links from PUBLIC_URL, page only). */
function body(board: GeneralStandings, url: URL): Promise<string> {
  const page = pageNumber(url.searchParams.get('page'));
  return board.memo(`json:page=${page}`, async () =>
    JSON.stringify(paginated({ url: `${env.publicUrl}/api/events/blacks-fridays/top-players/` }, await board.page(page, PAGE_SIZE.list), entryJson)),
  );
}

/** GET /api/events/blacks-fridays/top-players/?page=n: players over every black-friday event (staff), 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    return new JsonText(await body(await blackFridayStandings(actor), new URL(request.url)));
  }, context);
}

export const action = () => methodNotAllowed();
