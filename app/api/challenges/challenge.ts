import { requireStaff } from '~/domain/policy.server';
import { deleteChallenge, updateChallenge } from '~/domain/challenge-authoring.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { challengePatchSchema } from '~/schemas/challenge';
import { singleChallengeJson } from './challenge-json';
import type { Route } from './+types/challenge';

const idOf = (params: { id?: string }) => Number(params.id) || 0;

/** GET /api/challenges/{id}/: anyone who may see it, with its top solvers like the list; the flag and the hint text for staff only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => singleChallengeJson(await getApiUser(request, context), idOf(params)));
}

/** PUT (staff; the fields sent replace the current ones) and DELETE (superuser -> 204). */
export async function action({ request, params, context }: Route.ActionArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    if (request.method === 'PUT' || request.method === 'PATCH') {
      requireStaff(actor); // before reading the body
      const { data } = await parseBody(request, challengePatchSchema);
      const challenge = await updateChallenge(actor, idOf(params), data);
      return singleChallengeJson(actor, challenge.id);
    }
    if (request.method === 'DELETE') {
      await deleteChallenge(actor, idOf(params));
      return new Response(null, { status: 204 });
    }
    return methodNotAllowed();
  });
}
