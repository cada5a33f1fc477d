import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { requestPasswordReset } from '~/domain/accounts.server';
import { contextOf } from '~/lib/context';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { forgotPasswordSchema } from '~/schemas/account';
import type { Route } from './+types/password-forgot';

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
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const sent = !!result && 'sent' in result;
  const [form, fields] = useSchemaForm(forgotPasswordSchema, result && 'result' in result ? result.result : null, { nativeValidation: true });
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-2 text-2xl font-bold">{t('Forgot your password?')}</h1>
      <p className="mb-6 text-sm text-slate-600">{t('Enter the e-mail address of your account and we will send you a link to choose a new password.')}</p>
      {sent ? (
        <p role="status" className="mb-4 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-800">{t(MESSAGES.resetEmailSent)}</p>
      ) : null}
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <Field label={t('Email')} name="email" errors={fields.email.errors}>
          <input id="email" name="email" type="email" required={fields.email.required} autoComplete="email" className="input" />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Send link')}</button>
      </Form>
    </div>
  );
}
