import { PRACTICE } from '~/domain/scope.server';
import { scoreboard, warmStandings, type ScoreboardRow, type Standings } from '~/domain/standings.server';
import { api, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { requestToken, sessionUser } from '~/lib/session.server';
import type { Route } from './+types/top-players';

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

function row(r: ScoreboardRow) {
  return {
    id: r.id,
    username: r.username,
    country: r.country,
    score: r.score,
    number_of_solved_challenges: r.solved,
    submissions: r.submissions.map((s) => ({ score: s.score, date: s.date.toISOString() })),
  };
}

/**
 * The serialized page, built once per copy of the standings. Keyed by origin, path and page only,
 * so the links next/previous carry the page and nothing else the caller added.
 */
function body(standings: Standings, url: URL): Promise<string> {
  const page = pageNumber(url.searchParams.get('page'));
  const canonical = `${url.origin}${url.pathname}?page=${page}`;
  return standings.memo(`json:${canonical}`, async () =>
    JSON.stringify(paginated(new Request(canonical), await standings.page(page, PAGE_SIZE.list), row)),
  );
}

/**
 * For server.ts's fast path: the body when the caller's session is valid and the page is already
 * serialized; null sends the request down the ordinary loader (cold cache, no or bad session,
 * anything unusual), so both paths answer alike.
 */
async function warm(input: { url: string; authorization?: string; cookie?: string }, context: { userId?: number }): Promise<string | null> {
  const standings = warmStandings(PRACTICE);
  if (!standings) return null;
  const headers = new Headers();
  if (input.authorization) headers.set('Authorization', input.authorization);
  if (input.cookie) headers.set('Cookie', input.cookie);
  const found = await requestToken({ headers } as Request); // reads the headers only
  // Says yes only to what getApiUser accepts (an unexpired session of an active user); anything
  // else goes down the loader, which decides and cleans up.
  const user = found ? await sessionUser(found.token) : null;
  if (!user?.isActive) return null;
  context.userId = user.id; // for the request log, as the ordinary check does
  return body(standings, new URL(input.url));
}

/**
 * GET /api/auth/users/top-players/?page=n: the practice scoreboard, 10 per page. `warm` rides on
 * the loader because React Router strips the loader, and so it, from the browser build.
 */
export const loader = Object.assign(
  async function loader({ request, context }: Route.LoaderArgs) {
    return api(async () => {
      const actor = await getApiUser(request, context);
      const standings = await scoreboard(actor, PRACTICE);
      return new Response(await body(standings, new URL(request.url)), { headers: JSON_HEADERS });
    });
  },
  { warm },
);

export const action = () => methodNotAllowed();
