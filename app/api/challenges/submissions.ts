import { requireAuthenticated } from '~/domain/policy.server';
import { submitFlag } from '~/domain/submit-flag.server';
import { api, JsonText, methodNotAllowed, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { submitFlagSchema } from '~/schemas/flag-attempt';
import type { Route } from './+types/submissions';
import { z } from 'zod';
import { dateTime, int } from '../openapi/shapes';

export const SubmittedJson = z
  .strictObject({
    id: int(),
    score: int(),
    is_correct: z.boolean(),
    is_validated: z.boolean().nullable().meta({ description: 'null while pending review.' }),
    created_at: dateTime(),
  })
  .meta({ id: 'Submitted' });

/** POST /api/challenges/{id}/submissions/ multipart {value, writeup}: 201 with the submission. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireAuthenticated(actor); // before reading the body
    const { data, form } = await parseBody(request, submitFlagSchema);
    const s = await submitFlag(actor, Number(params.id), { value: data.value, writeup: form?.get('writeup') });
    const json: z.infer<typeof SubmittedJson> = { id: s.id, score: s.score, is_correct: s.isCorrect, is_validated: s.isValidated, created_at: s.createdAt.toISOString() };
    return new JsonText(JSON.stringify(json), 201);
  }, context);
}

export const loader = () => methodNotAllowed();
