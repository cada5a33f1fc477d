import { requireStaff } from '~/domain/policy.server';
import { invalidateSubmission, REVIEW_MESSAGES, validateSubmission } from '~/domain/submission-review.server';
import { api, methodNotAllowed, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/review';

/**
 * PUT /api/submissions/{id}/validate/ and PUT /api/submissions/{id}/dismiss/ {description} (staff):
 * the review of one correct pending submission.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const id = Number(params.id);
    const dismiss = new URL(request.url).pathname.replace(/\/$/, '').endsWith('/dismiss');
    if (!dismiss) {
      const s = await validateSubmission(actor, id);
      return { id: s.id, is_validated: s.isValidated, detail: REVIEW_MESSAGES.validated };
    }
    const { values } = await readBody(request);
    const s = await invalidateSubmission(actor, id, { description: values.description });
    return { id: s.id, is_validated: s.isValidated, comment: s.comment, detail: REVIEW_MESSAGES.invalidated };
  });
}

export const loader = () => methodNotAllowed();
