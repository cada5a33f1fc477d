import { teamSubmissions } from '~/domain/teams.server';
import { api, methodNotAllowed, paginated, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { pageQuery } from '~/schemas/query';
import type { Route } from './+types/submissions';
import { z } from 'zod';
import { dateTime, int, paginated as pageOf } from '../openapi/shapes';

export const TeamSubmissionJson = z
  .strictObject({
    id: int(),
    score: int(),
    is_correct: z.boolean(),
    is_validated: z.boolean().nullable(),
    learner: z.strictObject({ id: int(), username: z.string() }),
    team_data: z.strictObject({ id: int(), name: z.string() }),
    challenge: z.strictObject({ id: int(), name: z.string(), category_name: z.string(), initial_value: int() }),
    created_at: dateTime(),
  })
  .meta({ id: 'TeamSubmission' });
export const TeamSubmissionPageJson = pageOf(TeamSubmissionJson, 'TeamSubmissionPage');

/**
 * GET /api/teams/{id}/submissions/?page=n: the team's submissions, newest first, 10 per page
 * (members and staff see pending and rejected ones too; others those that count).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const { team, page } = await teamSubmissions(actor, Number(params.id), parseQuery(request, pageQuery).page);
    return paginated(request, page, (s): z.infer<typeof TeamSubmissionJson> => ({
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
