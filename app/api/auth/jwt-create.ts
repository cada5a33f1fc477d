import { login } from '~/domain/accounts.server';
import { api, methodNotAllowed, parseBody } from '~/lib/api.server';
import { contextOf } from '~/lib/context';
import { sessionCookie } from '~/lib/session.server';
import { loginSchema } from '~/schemas/account';
import type { Route } from './+types/jwt-create';
import { z } from 'zod';

export const TokensJson = z
  .strictObject({
    access: z.string().meta({ description: 'Send it as `Authorization: Bearer <access>`.' }),
    refresh: z.string().meta({ description: 'The same token: there is one per session, revoked by POST /api/auth/jwt/destroy/.' }),
  })
  .meta({ id: 'Tokens' });

/**
 * POST /api/auth/jwt/create/: sets the same session cookie as the login page and returns the
 * session token as `access` (and `refresh`: there is one token, revoked by jwt/destroy). Like the
 * page it also sets the device cookie, and reads it back: a client that keeps cookies is a known
 * device of the account at its next login (docs/rules.md "Login limits").
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { data } = await parseBody(request, loginSchema);
    const { ip, park } = contextOf(context);
    const { token, deviceCookie } = await login(data, { ip, park, userAgent: request.headers.get('User-Agent'), cookie: request.headers.get('Cookie') });
    // The session cookie first (clients that read one Set-Cookie take it), then the device cookie.
    const headers = new Headers([['Set-Cookie', await sessionCookie.serialize(token)], ['Set-Cookie', deviceCookie]]);
    return Response.json({ access: token, refresh: token } satisfies z.infer<typeof TokensJson>, { headers });
  });
}

export const loader = () => methodNotAllowed();
