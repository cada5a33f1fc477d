import { activate } from '~/domain/accounts.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { contextOf } from '~/lib/context';
import { uidTokenSchema } from '~/schemas/account';
import type { Route } from './+types/activation';

/** POST /api/auth/users/activation/ {uid, token}. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { data } = await parseBody(request, uidTokenSchema);
    await activate(data, { ip: contextOf(context).ip });
    return new Response(null, { status: 204 });
  });
}

export const loader = () => methodNotAllowed();
