// The forgotten-password and new-password forms (app/routes/auth/password-*.tsx), in a module of
// their own: conform and zod load when the visitor starts using one (components/on-demand.tsx
// `onUse`, docs/rules.md "The JavaScript budget").
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { useT } from '~/lib/i18n';
import { forgotPasswordSchema, resetPasswordSchema } from '~/schemas/account';

type Reply = SubmissionResult<string[]> | null | undefined;

export function ForgotPasswordForm({ lastResult }: { lastResult: Reply }) {
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const [form, fields] = useSchemaForm(forgotPasswordSchema, lastResult, { nativeValidation: true });
  return (
    <>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        <Field label={t('Email')} name="email" errors={fields.email.errors}>
          <input id="email" name="email" type="email" required={fields.email.required} autoComplete="email" className="input" />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Send link')}</button>
      </Form>
    </>
  );
}

/** `uid` and `token` come from the URL: the action reads them there, and so does the browser's check. */
export function ResetPasswordForm({ lastResult, uid, token }: { lastResult: Reply; uid: string | undefined; token: string | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const [form, fields] = useSchemaForm(resetPasswordSchema, lastResult, { nativeValidation: true, serverFields: { uid, token } });
  // SPEC §5: server errors for new_password or token show their first message.
  const linkError = fields.token.errors?.[0] ?? fields.uid.errors?.[0];
  return (
    <>
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
    </>
  );
}
