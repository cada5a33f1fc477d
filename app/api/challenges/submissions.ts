import { submitFlag } from '~/domain/submit-flag.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { submitFlagSchema } from '~/schemas/flag-attempt';
import type { Route } from './+types/submissions';

/** POST /api/challenges/{id}/submissions/ multipart {value, writeup}: 201 with the submission. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    const { data, form } = await parseBody(request, submitFlagSchema);
    const s = await submitFlag(actor, Number(params.id), { value: data.value, writeup: form?.get('writeup') });
    return Response.json({ id: s.id, score: s.score, is_correct: s.isCorrect, is_validated: s.isValidated, created_at: s.createdAt }, { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
