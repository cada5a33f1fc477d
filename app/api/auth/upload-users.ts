import { importLearners } from '~/domain/import-learners.server';
import { requireSuperuser } from '~/domain/policy.server';
import { api, methodNotAllowed, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { MESSAGES } from '~/lib/messages';
import type { Route } from './+types/upload-users';

/** POST /api/auth/users/upload-users/ multipart {file}: the superuser's learner import. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireSuperuser(actor); // before reading the body
    const { form } = await readBody(request);
    const report = await importLearners(actor, form?.get('file'));
    return { detail: MESSAGES.exportSuccess, report };
  });
}

export const loader = () => methodNotAllowed();
