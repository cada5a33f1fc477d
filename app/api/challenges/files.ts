import { requireStaff } from '~/domain/policy.server';
import { addChallengeFiles, listChallengeFiles } from '~/domain/challenge-files.server';
import { fileJson } from './challenge-json';
import { api, methodNotAllowed, paginated, parseQuery, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { Invalid } from '~/lib/errors.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pagedQuery } from '~/schemas/query';
import type { Route } from './+types/files';

export const filesQuery = pagedQuery(PAGE_SIZE.list);

/** GET /api/challenges/{id}/files/: {count, next, previous, results: [{id, name}]}. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const query = parseQuery(request, filesQuery);
    const page = await listChallengeFiles(await getApiUser(request, context), Number(params.id) || 0, { page: query.page, pageSize: query.page_size });
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
