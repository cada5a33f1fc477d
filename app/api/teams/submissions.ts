import { teamSubmissions } from '~/domain/teams.server';
import { api, methodNotAllowed, paginated } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { pageNumber } from '~/lib/pagination';
import type { Route } from './+types/submissions';

/**
 * GET /api/teams/{id}/submissions/?page=n: the team's submissions, newest first, 10 per page
 * (members and staff see pending and rejected ones too; others those that count).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const { team, page } = await teamSubmissions(actor, Number(params.id), pageNumber(new URL(request.url).searchParams.get('page')));
    return paginated(request, page, (s) => ({
      id: s.id,
      score: s.score,
      is_correct: s.isCorrect,
      is_validated: s.isValidated,
      learner: { id: s.learner.id, username: s.learner.username },
      team_data: { id: team.id, name: team.name },
      challenge: { id: s.challenge.id, name: s.challenge.name, category_name: s.challenge.category.name, initial_value: s.challenge.initialValue },
      created_at: s.createdAt.toISOString(),
    }));
  });
}

export const action = () => methodNotAllowed();
