import { requireAuthenticated } from '~/domain/policy.server';
import { verifyFlag } from '~/domain/submit-flag.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { verifyFlagSchema } from '~/schemas/flag-attempt';
import type { Route } from './+types/verify-flag';
import type { z } from 'zod';
import type { MessageJson } from '../openapi/shapes';

/** POST /api/challenges/{id}/verify-submitted-flag/ {flag}: 200 {detail} or 400 {flag: [...]}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor); // before reading the body
    const { data } = await parseBody(request, verifyFlagSchema);
    return (await verifyFlag(actor, Number(params.id), data.flag)) satisfies z.infer<typeof MessageJson>;
  }, context);
}

export const loader = () => methodNotAllowed();
