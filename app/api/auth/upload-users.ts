import { importLearners } from '~/domain/import-learners.server';
import { requireSuperuser } from '~/domain/policy.server';
import { api, methodNotAllowed, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { MESSAGES } from '~/lib/messages';
import type { Route } from './+types/upload-users';
import { z } from 'zod';
import { detail, int } from '../openapi/shapes';

/** What the import did with each row of the file. */
export const ImportJson = z
  .strictObject({
    detail: detail(),
    report: z.array(
      z.strictObject({
        row: int(),
        username: z.string(),
        email: z.string(),
        outcome: z.enum(['created', 'updated', 'unchanged', 'rejected']),
        reason: z.string().optional().meta({ description: 'Why a row was rejected.' }),
      }),
    ),
  })
  .meta({ id: 'LearnerImport' });

/** POST /api/auth/users/upload-users/ multipart {file}: the superuser's learner import. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireSuperuser(actor); // before reading the body
    const { form } = await readBody(request);
    const report = await importLearners(actor, form?.get('file'));
    return { detail: MESSAGES.exportSuccess, report } satisfies z.infer<typeof ImportJson>;
  });
}

export const loader = () => methodNotAllowed();
