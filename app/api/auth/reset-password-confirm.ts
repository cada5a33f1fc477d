import { confirmPasswordReset } from '~/domain/accounts.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { contextOf } from '~/lib/context';
import { resetPasswordSchema } from '~/schemas/account';
import type { Route } from './+types/reset-password-confirm';

/** POST /api/auth/users/reset_password_confirm/ {uid, token, new_password, re_new_password}. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { data } = await parseBody(request, resetPasswordSchema);
    await confirmPasswordReset(data, { ip: contextOf(context).ip });
    return new Response(null, { status: 204 });
  });
}

export const loader = () => methodNotAllowed();
