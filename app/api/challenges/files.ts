import { requireStaff } from '~/domain/policy.server';
import { addChallengeFiles, listChallengeFiles } from '~/domain/challenge-files.server';
import { fileJson } from './challenge-json';
import { api, methodNotAllowed, paginated, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { PAGE_SIZE, pageNumber, pageSize } from '~/lib/pagination';
import type { Route } from './+types/files';

/** GET /api/challenges/{id}/files/: {count, next, previous, results: [{id, name}]}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const url = new URL(request.url);
    const page = await listChallengeFiles(await getApiUser(request, context), Number(params.id) || 0, {
      page: pageNumber(url.searchParams.get('page')),
      pageSize: pageSize(url.searchParams.get('page_size'), PAGE_SIZE.list),
    });
    return paginated(request, page, fileJson);
  });
}

/** POST /api/challenges/{id}/files/ (staff; multipart files[]) -> 201 with the new files. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before reading the body
    const { form } = await readBody(request);
    if (!form) throw new Invalid({ files: ['No file was submitted.'] });
    const files = await addChallengeFiles(actor, Number(params.id) || 0, [...form.getAll('files'), ...form.getAll('files[]'), ...form.getAll('file')]);
    return Response.json(files.map(fileJson), { status: 201 });
  });
}
