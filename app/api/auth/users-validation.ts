import { requireStaff } from '~/domain/policy.server';
import { setValidation, validationMessage } from '~/domain/learners.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { learnerIdsSchema } from '~/schemas/account';
import type { Route } from './+types/users-validation';
import { z } from 'zod';
import { detail, int } from '../openapi/shapes';

export const ValidationJson = z
  .strictObject({ detail: detail(), changed: int().meta({ description: 'Learners whose state changed (those already in it are left as they were).' }) })
  .meta({ id: 'LearnerValidation' });

/**
 * PUT /api/auth/users/{id}/validate/ and /invalidate/, and the bulk forms
 * PUT /api/auth/users/bulk-validate/ and /bulk-invalidate/ with body {ids: [...]}.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body
    const path = new URL(request.url).pathname.replace(/\/$/, '');
    const validated = !path.endsWith('invalidate');
    const bulk = !params.id;
    const ids = bulk ? (await parseBody(request, learnerIdsSchema)).data.ids : [Number(params.id) || 0];
    const changed = await setValidation(actor, ids, validated);
    return { detail: validationMessage(validated, changed, bulk), changed } satisfies z.infer<typeof ValidationJson>;
  });
}

export const loader = () => methodNotAllowed();
