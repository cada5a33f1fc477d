import { deleteChallengeFile } from '~/domain/challenge-files.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/file';

/** DELETE /api/challenges/{id}/files/{file_id}/ (staff) -> 204; the file leaves the disk too. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed();
  return api(async () => {
    await deleteChallengeFile(await getApiUser(request, context), Number(params.id) || 0, Number(params.fileId) || 0);
    return new Response(null, { status: 204 });
  });
}

export const loader = () => methodNotAllowed();
