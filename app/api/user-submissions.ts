import { practiceSolves } from '~/domain/learners.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/user-submissions';
import { z } from 'zod';
import { dateTime, int } from './openapi/shapes';

/** A counted practice submission of the player's, with its challenge (SPEC §2 player page). */
export const SolveJson = z
  .strictObject({
    id: int(),
    score: int(),
    is_correct: z.boolean(),
    is_validated: z.boolean().nullable(),
    challenge: z.strictObject({ id: int(), name: z.string(), initial_value: int(), category_name: z.string() }),
    created_at: dateTime(),
  })
  .meta({ id: 'Solve' });

/** GET /api/auth/users/{id}/submissions/: the player's counted practice submissions, oldest first. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const id = Number(params.id);
    const solves = await practiceSolves(actor, Number.isInteger(id) ? id : 0);
    return solves.map((s): z.infer<typeof SolveJson> => ({
      id: s.id,
      score: s.score,
      is_correct: s.isCorrect,
      is_validated: s.isValidated,
      challenge: { id: s.challenge.id, name: s.challenge.name, initial_value: s.challenge.initialValue, category_name: s.challenge.category.name },
      created_at: s.createdAt.toISOString(),
    }));
  });
}

export const action = () => methodNotAllowed();
