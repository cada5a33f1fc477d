// The log-in form (app/routes/auth/login.tsx), in a module of its own: conform and zod load when the
// visitor starts using it (components/on-demand.tsx `onUse`, docs/rules.md "The JavaScript budget").
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { useT } from '~/lib/i18n';
import { RETURN_PARAM } from '~/lib/return-to';
import { loginSchema } from '~/schemas/account';

export function LoginForm({ returnTo, lastResult }: { returnTo: string; lastResult: SubmissionResult<string[]> | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const [form, fields] = useSchemaForm(loginSchema, lastResult, { nativeValidation: true });
  return (
    <>
      <FormErrors errors={form.errors} />
      <Form method="post" replace {...getFormProps(form)}>
        {returnTo !== '/' ? <input type="hidden" name={RETURN_PARAM} value={returnTo} /> : null}
        <Field label={t('Email')} name="email" errors={fields.email.errors}>
          <input id="email" name="email" type="email" required={fields.email.required} autoComplete="email" className="input" defaultValue={String(lastResult?.initialValue?.email ?? '')} />
        </Field>
        <Field label={t('Password')} name="password" errors={fields.password.errors}>
          <input id="password" name="password" type="password" required={fields.password.required} autoComplete="current-password" className="input" />
        </Field>
        <div className="mb-4 text-right text-sm">
          <Link className="link" to="/password/forgot">{t('Forgot password?')}</Link>
        </div>
        <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Log in')}</button>
      </Form>
    </>
  );
}
