import { requireStaff } from '~/domain/policy.server';
import { bulkValidationMessage, validateSubmissions } from '~/domain/submission-review.server';
import { api, methodNotAllowed, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/bulk-validate';
import { z } from 'zod';
import { detail, int } from '../openapi/shapes';

export const BulkValidatedJson = z.strictObject({ detail: detail(), validated: int() }).meta({ id: 'SubmissionsValidated' });

/**
 * PUT /api/submissions/bulk-validate/ {ids: [...]} (staff; an addition to SPEC §7): validates every
 * listed submission in one transaction, or none of them.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const { values } = await readBody(request);
    const validated = await validateSubmissions(actor, values.ids);
    return { detail: bulkValidationMessage(validated), validated } satisfies z.infer<typeof BulkValidatedJson>;
  });
}

export const loader = () => methodNotAllowed();
