import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { PRACTICE } from '~/domain/scope.server';
import { scoreboard, warmStandings, type ScoreboardRow, type Standings } from '~/domain/standings.server';
import { api, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { databasePath, env } from '~/lib/env.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { requestToken } from '~/lib/session.server';
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

// The session check of the fast path: one prepared statement on a read-only connection, about a
// hundred times cheaper than the Prisma lookup. It only ever says yes to a session that the
// ordinary check (getApiUser) accepts too: existing, unexpired, of an active user. Anything else
// goes down the loader, which decides (and cleans up expired or deactivated sessions).
let sessions: Database.Statement<[string, string], { id: number }> | null | undefined;
function activeSessionUser(token: string): number | null {
  if (sessions === undefined) {
    const path = databasePath(env.databaseUrl);
    sessions = path
      ? new Database(path, { readonly: true, fileMustExist: true }).prepare(
          'SELECT u.id AS id FROM "Session" s JOIN "User" u ON u.id = s.userId WHERE s.id = ? AND s.expiresAt > ? AND u.isActive = 1',
        )
      : null;
  }
  if (!sessions) return null;
  // Prisma's text format for DateTime in SQLite, so the comparison is a plain string one.
  const now = new Date().toISOString().replace('Z', '+00:00');
  return sessions.get(createHash('sha256').update(token).digest('hex'), now)?.id ?? null;
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
  const userId = found ? activeSessionUser(found.token) : null;
  if (userId === null) return null;
  context.userId = userId; // for the request log, as the ordinary check does
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
