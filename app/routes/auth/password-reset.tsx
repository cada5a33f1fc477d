import { getFormProps } from '@conform-to/react';
import { Form, useActionData, useNavigation, useParams } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { confirmPasswordReset } from '~/domain/accounts.server';
import { contextOf } from '~/lib/context';
import { handleForm, submittedForm } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { redirectWithFlash, LOGIN_MESSAGES } from '~/lib/session.server';
import { resetPasswordSchema } from '~/schemas/account';
import type { Route } from './+types/password-reset';

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
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  // The action reads uid and token from the URL, not the form: the browser's check reads them there too.
  const { uid, token } = useParams();
  const [form, fields] = useSchemaForm(resetPasswordSchema, result?.result, { nativeValidation: true, serverFields: { uid, token } });
  // SPEC §5: server errors for new_password or token show their first message.
  const linkError = fields.token.errors?.[0] ?? fields.uid.errors?.[0];
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-6 text-2xl font-bold">{t('Choose a new password')}</h1>
      <FormErrors errors={linkError ? [linkError] : form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <Field label={t('New password')} name="new_password" errors={fields.new_password.errors}>
          <input id="new_password" name="new_password" type="password" required={fields.new_password.required} autoComplete="new-password" className="input" />
        </Field>
        <Field label={t('Confirm new password')} name="re_new_password" errors={fields.re_new_password.errors}>
          <input id="re_new_password" name="re_new_password" type="password" required={fields.re_new_password.required} autoComplete="new-password" className="input" />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Reset password')}</button>
      </Form>
    </div>
  );
}
