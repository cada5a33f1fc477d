import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { Field, FormErrors } from './field';

export type AccountFormMode = 'sign-up' | 'account' | 'collaborator';
export interface Country { code: string; name: string }
interface Defaults { username?: string; fullname?: string; email?: string; gender?: string; country?: string }
type AccountFields = Defaults & { password?: string; re_password?: string; profile?: File };

/**
 * The one form behind sign-up, account details and new collaborator (SPEC §2): the mode decides
 * whether passwords or the profile picture are asked for and what the button says.
 */
export function AccountForm({ mode, countries, lastResult, defaultValue, intent }: {
  mode: AccountFormMode;
  countries: Country[];
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Defaults;
  intent?: string;
}) {
  const [form, fields] = useForm<AccountFields>({ lastResult, defaultValue: { gender: 'M', country: 'BJ', ...defaultValue } });
  const busy = useNavigation().state === 'submitting';
  const button = mode === 'sign-up' ? 'Sign up' : mode === 'collaborator' ? 'Create' : 'Save';
  return (
    <Form method="post" {...getFormProps(form)} encType={mode === 'account' ? 'multipart/form-data' : undefined} noValidate={false}>
      <FormErrors errors={form.errors} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label="Username" name={fields.username.id} errors={fields.username.errors}>
          <input {...getInputProps(fields.username, { type: 'text' })} required autoComplete="username" className="input" />
        </Field>
        <Field label="Full name" name={fields.fullname.id} errors={fields.fullname.errors}>
          <input {...getInputProps(fields.fullname, { type: 'text' })} required autoComplete="name" className="input" />
        </Field>
        <Field label="Email" name={fields.email.id} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: 'email' })} required autoComplete="email" className="input" />
        </Field>
        <Field label="Gender" name={fields.gender.id} errors={fields.gender.errors}>
          <select {...getSelectProps(fields.gender)} className="input">
            <option value="M">Male</option>
            <option value="F">Female</option>
          </select>
        </Field>
        <Field label="Country" name={fields.country.id} errors={fields.country.errors}>
          <select {...getSelectProps(fields.country)} required className="input">
            {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </select>
        </Field>
        {mode === 'account' ? (
          <Field label="Profile picture" name="profile" errors={fields.profile.errors}>
            <input id="profile" name="profile" type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="input" />
          </Field>
        ) : null}
        {mode === 'sign-up' ? (
          <>
            <Field label="Password" name={fields.password.id} errors={fields.password.errors}>
              <input {...getInputProps(fields.password, { type: 'password' })} required autoComplete="new-password" className="input" />
            </Field>
            <Field label="Confirm password" name={fields.re_password.id} errors={fields.re_password.errors}>
              <input {...getInputProps(fields.re_password, { type: 'password' })} required autoComplete="new-password" className="input" />
            </Field>
          </>
        ) : null}
      </div>
      <button type="submit" className="btn-primary mt-2 w-full sm:w-auto" disabled={busy}>{button}</button>
    </Form>
  );
}
