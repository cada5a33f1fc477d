import { requireAuthenticated } from '~/domain/policy.server';
import { submitFlag } from '~/domain/submit-flag.server';
import { api, JsonText, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { submitFlagSchema } from '~/schemas/flag-attempt';
import type { Route } from './+types/submissions';

/** POST /api/challenges/{id}/submissions/ multipart {value, writeup}: 201 with the submission. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor); // before reading the body
    const { data, form } = await parseBody(request, submitFlagSchema);
    const s = await submitFlag(actor, Number(params.id), { value: data.value, writeup: form?.get('writeup') });
    return new JsonText(JSON.stringify({ id: s.id, score: s.score, is_correct: s.isCorrect, is_validated: s.isValidated, created_at: s.createdAt }), 201);
  }, context);
}

export const loader = () => methodNotAllowed();
