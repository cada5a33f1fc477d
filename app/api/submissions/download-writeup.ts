import { REVIEW_MESSAGES, writeupFile } from '~/domain/submission-review.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { attachment } from '~/lib/uploads.server';
import type { Route } from './+types/download-writeup';

/** GET /api/submissions/{id}/download-writeup/: the writeup as an attachment with its original name. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const file = await writeupFile(await getApiUser(request, context), Number(params.id));
    const response = attachment('writeups', file.storedName, file.name);
    if (response.status === 404) throw new NotFound(REVIEW_MESSAGES.noWriteup);
    return response;
  });
}

export const action = () => methodNotAllowed();
