import { redirect, useActionData, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { onUse } from '~/components/on-demand';
import { signUp, signUpAlsoRefused } from '~/domain/accounts.server';
import { getUser } from '~/lib/auth.server';
import { contextOf } from '~/lib/context';
import { countriesIn } from '~/lib/countries.server';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { MESSAGES } from '~/lib/messages';
import { redirectWithFlash } from '~/lib/session.server';
import { signUpSchema } from '~/schemas/account';
import type { Route } from './+types/sign-up';

// conform and zod load when the visitor starts using the form.
const AccountForm = onUse(() => import('~/components/account-form'), (m) => m.AccountForm);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('Sign up · CTF Arena') }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  if (await getUser(request, context)) throw redirect('/');
  return { countries: countriesIn(pageLanguage()) };
}

export async function action({ request, context }: Route.ActionArgs) {
  if (await getUser(request, context)) throw redirect('/');
  const ctx = contextOf(context);
  // The language the page was in becomes the account's: its e-mails, the first one included, are in it.
  const language = pageLanguage();
  const outcome = await handleForm(request, signUpSchema, (input) => signUp(input, { ip: ctx.ip, park: ctx.park }, language), { alsoRefused: signUpAlsoRefused });
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, '/login', { type: 'success', text: MESSAGES.signUpSuccess });
}

export default function SignUp() {
  const { countries } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  return (
    <div className="card mx-auto max-w-2xl">
      <h1 className="mb-6 text-2xl font-bold">{t('Create your account')}</h1>
      <AccountForm mode="sign-up" countries={countries} lastResult={result?.result} />
      <p className="mt-6 text-sm text-slate-600">
        {t('Already registered?')} <Link className="link" to="/login">{t('Log in')}</Link>
      </p>
    </div>
  );
}
