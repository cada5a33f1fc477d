import { login } from '~/domain/accounts.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { contextOf } from '~/lib/context';
import { sessionCookie } from '~/lib/session.server';
import { loginSchema } from '~/schemas/account';
import type { Route } from './+types/jwt-create';

/**
 * POST /api/auth/jwt/create/: sets the same session cookie as the login page and returns the
 * session token as `access` (and `refresh`: there is one token, revoked by jwt/destroy).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { data } = await parseBody(request, loginSchema);
    const { token } = await login(data, { ip: contextOf(context).ip, userAgent: request.headers.get('User-Agent') });
    return Response.json({ access: token, refresh: token }, { headers: { 'Set-Cookie': await sessionCookie.serialize(token) } });
  });
}

export const loader = () => methodNotAllowed();
