import { requestPasswordReset } from '~/domain/accounts.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { contextOf } from '~/lib/context';
import { forgotPasswordSchema } from '~/schemas/account';
import type { Route } from './+types/reset-password';

/** POST /api/auth/users/reset_password/ {email}. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { data } = await parseBody(request, forgotPasswordSchema);
    await requestPasswordReset(data, { ip: contextOf(context).ip });
    return new Response(null, { status: 204 });
  });
}

export const loader = () => methodNotAllowed();
