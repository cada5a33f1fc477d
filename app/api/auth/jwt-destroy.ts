import { methodNotAllowed } from '~/lib/api.server';
import { destroySession, requestToken, sessionCookie } from '~/lib/session.server';
import type { Route } from './+types/jwt-destroy';

/** POST /api/auth/jwt/destroy/: ends the session that authenticated the call. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  const found = await requestToken(request);
  await destroySession(found?.token ?? null);
  return new Response(null, { status: 204, headers: { 'Set-Cookie': await sessionCookie.serialize('', { maxAge: 0 }) } });
}

export const loader = () => methodNotAllowed();
