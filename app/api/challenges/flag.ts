import { requireStaff } from '~/domain/policy.server';
import { getFlag, setFlag } from '~/domain/challenge-authoring.server';
import { flagJson } from './challenge-json';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { flagSchema } from '~/schemas/challenge';
import type { Route } from './+types/flag';

/** GET /api/challenges/{id}/flags/{flag_id}/ (staff). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => flagJson(await getFlag(await getApiUser(request, context), Number(params.id) || 0, Number(params.flagId) || 0)));
}

/** PUT /api/challenges/{id}/flags/{flag_id}/ (staff): value and collation. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT' && request.method !== 'PATCH') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body
    const { data } = await parseBody(request, flagSchema);
    return flagJson(await setFlag(actor, Number(params.id) || 0, data, Number(params.flagId) || 0));
  });
}
