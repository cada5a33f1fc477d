import { useActionData } from 'react-router';
import { onUse } from '~/components/on-demand';
import { requestPasswordReset } from '~/domain/accounts.server';
import { contextOf } from '~/lib/context';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { forgotPasswordSchema } from '~/schemas/account';
import type { Route } from './+types/password-forgot';

// conform and zod load when the visitor starts using the form.
const ForgotPasswordForm = onUse(() => import('~/components/password-forms'), (m) => m.ForgotPasswordForm);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('Forgot password · CTF Arena') }];
};

export async function action({ request, context }: Route.ActionArgs) {
  const { ip } = contextOf(context);
  const outcome = await handleForm(request, forgotPasswordSchema, (input) => requestPasswordReset(input, { ip }));
  if (!outcome.ok) return outcome.response;
  return { sent: true as const };
}

export default function ForgotPassword() {
  const result = useActionData<typeof action>();
  const t = useT();
  const sent = !!result && 'sent' in result;
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-2 text-2xl font-bold">{t('Forgot your password?')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('Enter the e-mail address of your account and we will send you a link to choose a new password.')}</p>
      {sent ? (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{t(MESSAGES.resetEmailSent)}</p>
      ) : null}
      <ForgotPasswordForm lastResult={result && 'result' in result ? result.result : null} />
    </div>
  );
}
