import { writeupFile } from '~/domain/submission-review.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { bytesAttachment } from '~/lib/uploads.server';
import type { Route } from './+types/download-writeup';

/** GET /api/submissions/{id}/download-writeup/: the writeup as an attachment with its original name. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const file = await writeupFile(await getApiUser(request, context), Number(params.id));
    return bytesAttachment(file.bytes, file.name);
  });
}

export const action = () => methodNotAllowed();
