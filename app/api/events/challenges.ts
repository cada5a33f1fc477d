import { challengeChoices, listBoard, topSolvers } from '~/domain/challenge-board.server';
import { resolveScope } from '~/domain/scope.server';
import { api, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { eventBoardQuery } from '~/schemas/query';
import { challengeJson } from '../challenges/challenge-json';
import type { Route } from './+types/challenges';

/**
 * GET /api/events/{id}/challenges/?category_id=&training_week=&page=&page_size=: the event's board,
 * as /api/challenges/practices/ serves practice's (the same domain call, through the event's scope:
 * a training event refuses non-validated learners, a team event without a team lets them look).
 * With `next` present: every challenge's id and name.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const scope = await resolveScope({ eventId: params.id });
    const query = parseQuery(request, eventBoardQuery);
    if (query.next) return challengeChoices(actor, scope);
    const page = await listBoard(actor, scope, { categoryId: query.category_id, trainingWeek: query.training_week, page: query.page, pageSize: query.page_size });
    const solvers = await Promise.all(page.results.map((c) => topSolvers(actor, scope, c.id)));
    return paginated(request, { ...page, results: page.results.map((c, i) => ({ c, s: solvers[i] })) }, ({ c, s }) => challengeJson(c, { solvers: s }));
  });
}

export const action = () => methodNotAllowed();
