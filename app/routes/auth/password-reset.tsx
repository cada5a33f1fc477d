import { useActionData, useParams } from 'react-router';
import { onUse } from '~/components/on-demand';
import { confirmPasswordReset } from '~/domain/accounts.server';
import { contextOf } from '~/lib/context';
import { handleForm, submittedForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { redirectWithFlash, LOGIN_MESSAGES } from '~/lib/session.server';
import { resetPasswordSchema } from '~/schemas/account';
import type { Route } from './+types/password-reset';

// conform and zod load when the visitor starts using the form.
const ResetPasswordForm = onUse(() => import('~/components/password-forms'), (m) => m.ResetPasswordForm);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('Reset password · CTF Arena') }];
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { ip } = contextOf(context);
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  form.set('uid', params.uid);
  form.set('token', params.token);
  const outcome = await handleForm(form, resetPasswordSchema, (input) => confirmPasswordReset(input, { ip }));
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, '/login', LOGIN_MESSAGES.password_reseted);
}

export default function ResetPassword() {
  const result = useActionData<typeof action>();
  const t = useT();
  const { uid, token } = useParams();
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold">{t('Choose a new password')}</h1>
      <ResetPasswordForm lastResult={result?.result} uid={uid} token={token} />
    </div>
  );
}
