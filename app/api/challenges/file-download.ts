import { downloadChallengeFile } from '~/domain/challenge-files.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/file-download';

/** GET /api/challenges/{id}/files/{file_id}/download/: an attachment named as uploaded. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => downloadChallengeFile(await getApiUser(request, context), Number(params.id) || 0, Number(params.fileId) || 0));
}

export const action = () => methodNotAllowed();
