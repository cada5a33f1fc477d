import { createCollaborator, signUp, signUpAlsoRefused } from '~/domain/accounts.server';
import { isStaff } from '~/domain/policy.server';
import { viewOfUser } from '~/domain/user-view.server';
import { listLearners } from '~/domain/learners.server';
import { api, methodNotAllowed, paginated, parseBody, parseQuery, readBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { contextOf } from '~/lib/context';
import { PAGE_SIZE } from '~/lib/pagination';
import { collaboratorSchema, signUpSchema } from '~/schemas/account';
import { learnersQuery } from '~/schemas/query';
import { MESSAGES } from '~/lib/messages';
import type { Route } from './+types/users';
import { userJson, type CollaboratorJson, type UserWithPointsJson } from './user-json';
import type { z } from 'zod';

const sendsPassword = async (request: Request) => {
  const { values } = await readBody(request);
  return ['password', 're_password'].some((field) => values[field] !== undefined && values[field] !== null && values[field] !== '');
};

/** GET /api/auth/users/?learnerSearchInput=&page=: the learners list, paged by 10. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return api(async () => {
    const actor = await getApiUser(request, context);
    const query = parseQuery(request, learnersQuery);
    const page = await listLearners(actor, { search: query.learnerSearchInput, page: query.page, pageSize: PAGE_SIZE.list });
    return paginated(request, page, (row): z.infer<typeof UserWithPointsJson> => ({ ...userJson(row.user), total_points: row.totalPoints }));
  });
}

/**
 * POST /api/auth/users/ (SPEC §7: sign-up and collaborator creation). A staff caller (whoever the
 * collaborator page admits, SPEC §6) sending no password creates a staff collaborator from the
 * profile fields (the welcome e-mail sets a password) -> 201 with the user and SPEC §8's message as
 * `detail`. A body with a password is a learner sign-up, whoever sends it (a staff member's browser
 * session must not turn someone's sign-up into a collaborator) -> 201.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    if (isStaff(actor) && !(await sendsPassword(request.clone()))) {
      const { data } = await parseBody(request, collaboratorSchema);
      const user = await createCollaborator(actor, data);
      return Response.json({ ...userJson(viewOfUser(actor!, user)), detail: MESSAGES.collaboratorSuccess } satisfies z.infer<typeof CollaboratorJson>, { status: 201 });
    }
    const { data } = await parseBody(request, signUpSchema, { alsoRefused: signUpAlsoRefused });
    const { ip, park } = contextOf(context);
    const user = await signUp(data, { ip, park });
    return Response.json(userJson(viewOfUser(user, user)), { status: 201 });
  });
}
