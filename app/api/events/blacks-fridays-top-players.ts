import { blackFridayStandings, type GeneralStandings } from '~/domain/black-friday-standings.server';
import { api, JsonText, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { env } from '~/lib/env.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pageQuery } from '~/schemas/query';
import { playerEntryJson } from '../scoreboard-entry';
import type { Route } from './+types/blacks-fridays-top-players';

/** The serialized page, built once per copy of the board (links from PUBLIC_URL, page only). */
function body(board: GeneralStandings, page: number): Promise<string> {
  return board.memo(`json:page=${page}`, async () =>
    JSON.stringify(paginated({ url: `${env.publicUrl}/api/events/blacks-fridays/top-players/` }, await board.page(page, PAGE_SIZE.list), playerEntryJson)),
  );
}

/** GET /api/events/blacks-fridays/top-players/?page=n: players over every black-friday event (staff), 10 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    return new JsonText(await body(await blackFridayStandings(actor), parseQuery(request, pageQuery).page));
  }, context);
}

export const action = () => methodNotAllowed();
