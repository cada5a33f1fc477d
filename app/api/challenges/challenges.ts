import { createChallenge, scopeOfEventField } from '~/domain/challenge-authoring.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, readBody, zodFieldErrors } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { apiChallengeCreateSchema, parseFlagField, withoutBlanks } from '~/schemas/challenge';
import { singleChallengeJson } from './challenge-json';
import type { Route } from './+types/challenges';

/**
 * POST /api/challenges/ (staff; multipart or JSON): the challenge, its flag ({value, collation}, a
 * JSON string in multipart) and files[], created together -> 201 with the challenge.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const { values, form } = await readBody(request);
    const parsed = apiChallengeCreateSchema.safeParse(form ? withoutBlanks(values) : values);
    const flag = parseFlagField(values.flag);
    const errors = { ...(parsed.success ? {} : zodFieldErrors(parsed.error)), ...flag.errors };
    if (!parsed.success || Object.keys(errors).length) throw new Invalid(errors);
    const scope = await scopeOfEventField(parsed.data.event);
    const files = form ? [...form.getAll('files'), ...form.getAll('files[]')] : [];
    const challenge = await createChallenge(actor, scope, parsed.data, flag.flag, files);
    return Response.json(await singleChallengeJson(actor, challenge.id), { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
