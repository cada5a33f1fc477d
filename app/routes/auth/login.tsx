import { redirect, useActionData, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { onUse } from '~/components/on-demand';
import { getUser } from '~/lib/auth.server';
import { loginAuthenticator } from '~/domain/login-form.server';
import { contextOf } from '~/lib/context';
import type { FormFields } from '~/lib/body.server';
import { DomainError } from '~/lib/errors.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { handleForm, submittedForm } from '~/lib/form.server';
import { loginSchema } from '~/schemas/account';
import { RETURN_PARAM, safeReturnPath } from '~/lib/return-to';
import { sessionCookie } from '~/lib/session.server';
import type { Route } from './+types/login';

// conform and zod load when the visitor starts using the form.
const LoginForm = onUse(() => import('~/components/login-form'), (m) => m.LoginForm);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('Log in · CTF Arena') }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM));
  if (await getUser(request, context)) throw redirect(returnTo);
  return { returnTo };
}

/**
 * What remix-auth-form reads (it calls formData() on a clone of the request it is given): only the
 * two fields it checks, re-encoded, so the body is read once, by submittedForm, whatever it holds.
 */
function credentialsRequest(request: Request, form: FormFields): Request {
  const headers = new Headers({ 'Content-Type': 'application/x-www-form-urlencoded' });
  // The user agent names the session; the cookies carry the device cookie (docs/rules.md "Login limits").
  for (const name of ['User-Agent', 'Cookie']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Request(request.url, { method: 'POST', headers, body: new URLSearchParams({ email: form.text('email'), password: form.text('password') }) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const outcome = await handleForm(form, loginSchema, () => authenticated(loginAuthenticator(contextOf(context)), credentialsRequest(request, form)));
  if (!outcome.ok) return outcome.response;
  // Back to the page that sent the visitor here; only ever a path of this site. The device cookie
  // makes this browser a known device of the account (docs/rules.md "Login limits").
  const { token, deviceCookie } = outcome.value;
  const headers = new Headers([['Set-Cookie', await sessionCookie.serialize(token)], ['Set-Cookie', deviceCookie]]);
  return redirect(safeReturnPath(form.get(RETURN_PARAM)), { headers });
}

/** The strategy's answer; remix-auth hands back the domain's refusal as the cause of its own error. */
async function authenticated(authenticator: ReturnType<typeof loginAuthenticator>, request: Request) {
  try {
    return await authenticator.authenticate('form', request);
  } catch (error) {
    const cause = (error as { cause?: unknown })?.cause;
    throw error instanceof DomainError || !(cause instanceof DomainError) ? error : cause;
  }
}

export default function Login() {
  const { returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const t = useT();
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold">{t('Log in')}</h1>
      <LoginForm returnTo={returnTo} lastResult={result} />
      <p className="mt-6 text-center text-sm text-slate-600">
        {t('No account yet?')} <Link className="link" to="/sign-up">{t('Sign up')}</Link>
      </p>
    </div>
  );
}
