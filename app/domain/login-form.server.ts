// remix-auth's form strategy for the login page; the API's /api/auth/jwt/create/ calls the same
// domain `login` directly with a JSON body.
import { Authenticator } from 'remix-auth';
import { FormStrategy } from 'remix-auth-form';
import { login } from './accounts.server';
import type { User } from '~/generated/prisma/client';
import { loginSchema } from '~/schemas/account';
import { zodFieldErrors } from '~/lib/api.server';
import type { RequestContext } from '~/lib/context';
import { Invalid } from '~/lib/errors.server';

export type LoginContext = Pick<RequestContext, 'ip' | 'park'>;

export function loginAuthenticator(ctx: LoginContext) {
  const authenticator = new Authenticator<{ user: User; token: string; deviceCookie: string }>();
  authenticator.use(
    new FormStrategy(async ({ form, request }) => {
      const parsed = loginSchema.safeParse({ email: form.get('email') ?? '', password: form.get('password') ?? '' });
      if (!parsed.success) throw new Invalid(zodFieldErrors(parsed.error));
      return login(parsed.data, { ip: ctx.ip, park: ctx.park, userAgent: request.headers.get('User-Agent'), cookie: request.headers.get('Cookie') });
    }),
    'form',
  );
  return authenticator;
}
