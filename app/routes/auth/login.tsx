import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { getUser } from '~/lib/auth.server';
import { loginAuthenticator } from '~/domain/login-form.server';
import { contextOf } from '~/lib/context';
import { DomainError, Invalid } from '~/lib/errors.server';
import { RETURN_PARAM, safeReturnPath } from '~/lib/return-to';
import { sessionCookie } from '~/lib/session.server';
import type { Route } from './+types/login';

export const meta: Route.MetaFunction = () => [{ title: 'Log in · CTF Arena' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const returnTo = safeReturnPath(new URL(request.url).searchParams.get(RETURN_PARAM));
  if (await getUser(request, context)) throw redirect(returnTo);
  return { returnTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.clone().formData();
  const email = String(form.get('email') ?? '');
  try {
    const { token, deviceCookie } = await loginAuthenticator(contextOf(context)).authenticate('form', request);
    // Back to the page that sent the visitor here; only ever a path of this site. The device cookie
    // makes this browser a known device of the account (README "Login limits").
    const headers = new Headers([['Set-Cookie', await sessionCookie.serialize(token)], ['Set-Cookie', deviceCookie]]);
    return redirect(safeReturnPath(form.get(RETURN_PARAM)), { headers });
  } catch (error) {
    const cause = error instanceof DomainError ? error : (error as { cause?: unknown })?.cause;
    if (cause instanceof Invalid) return data({ email, errors: cause.fields }, { status: 400 });
    if (cause instanceof DomainError) return data({ email, errors: { non_field_errors: [cause.message] } }, { status: cause.status });
    throw error;
  }
}

export default function Login() {
  const { returnTo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const errors = result?.errors as Record<string, string[]> | undefined;
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold">Log in</h1>
      <FormErrors errors={errors?.non_field_errors} />
      <Form method="post" replace>
        {returnTo !== '/' ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        <Field label="Email" name="email" errors={errors?.email}>
          <input id="email" name="email" type="email" required autoComplete="email" className="input" defaultValue={result?.email ?? ''} />
        </Field>
        <Field label="Password" name="password" errors={errors?.password}>
          <input id="password" name="password" type="password" required autoComplete="current-password" className="input" />
        </Field>
        <div className="mb-4 text-right text-sm">
          <Link className="link" to="/password/forgot">Forgot password?</Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>Log in</button>
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600">
        No account yet? <Link className="link" to="/sign-up">Sign up</Link>
      </p>
    </div>
  );
}
