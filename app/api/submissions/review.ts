import { requireStaff } from '~/domain/policy.server';
import { invalidateSubmission, REVIEW_MESSAGES, validateSubmission } from '~/domain/submission-review.server';
import { api, methodNotAllowed, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/review';
import { z } from 'zod';
import { detail, int } from '../openapi/shapes';

export const ValidatedJson = z.strictObject({ id: int(), is_validated: z.literal(true), detail: detail() }).meta({ id: 'SubmissionValidated' });
export const InvalidatedJson = z.strictObject({ id: int(), is_validated: z.literal(false), comment: z.string(), detail: detail() }).meta({ id: 'SubmissionInvalidated' });

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
      return { id: s.id, is_validated: s.isValidated, detail: REVIEW_MESSAGES.validated } satisfies z.infer<typeof ValidatedJson>;
    }
    const { values } = await readBody(request);
    const s = await invalidateSubmission(actor, id, { description: values.description });
    return { id: s.id, is_validated: s.isValidated, comment: s.comment, detail: REVIEW_MESSAGES.invalidated } satisfies z.infer<typeof InvalidatedJson>;
  });
}

export const loader = () => methodNotAllowed();
