import { challengeChoices, listBoard, topSolvers } from '~/domain/challenge-board.server';
import { PRACTICE } from '~/domain/scope.server';
import { api, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { practiceBoardQuery } from '~/schemas/query';
import type { Route } from './+types/practices';
import { challengeJson } from './challenge-json';

/**
 * GET /api/challenges/practices/?category_id=&page=&page_size=: the practice board, 12 per page by
 * default, each challenge with its top five solvers. With `next` present: every challenge's id and
 * name, for choosing a recommended next challenge.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const query = parseQuery(request, practiceBoardQuery);
    if (query.next) return challengeChoices(actor, PRACTICE);
    const page = await listBoard(actor, PRACTICE, { categoryId: query.category_id, page: query.page, pageSize: query.page_size });
    const solvers = await Promise.all(page.results.map((c) => topSolvers(actor, PRACTICE, c.id)));
    return paginated(request, { ...page, results: page.results.map((c, i) => ({ c, s: solvers[i] })) }, ({ c, s }) => challengeJson(c, { solvers: s }));
  });
}

export const action = () => methodNotAllowed();
