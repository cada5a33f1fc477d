import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import type { z } from 'zod';
import { LANGUAGE_NAMES, LANGUAGES, text, useT } from '~/lib/i18n';
import { collaboratorSchema, profileSchema, signUpSchema } from '~/schemas/account';
import { AGAIN, Field, FormErrors } from './field';
import { useReloadedAfterPost } from './use-hydrated';
import { useSchemaForm } from './use-schema-form';

export type AccountFormMode = 'sign-up' | 'account' | 'collaborator';
export interface Country { code: string; name: string }
/** `language`: the account's setting, '' for the browser's (account mode). */
interface Defaults { username?: string; fullname?: string; email?: string; gender?: string; country?: string; language?: string }

/** The schema each mode's action parses with (sign-up, /me, /practices/collaborater/create). */
const SCHEMAS = { 'sign-up': signUpSchema, account: profileSchema, collaborator: collaboratorSchema } as const;
/** Every field of the three modes: each mode shows only its own. */
type EveryField = z.ZodType<z.output<typeof signUpSchema> & z.output<typeof profileSchema>, z.input<typeof signUpSchema> & z.input<typeof profileSchema>>;

const BUTTONS: Record<AccountFormMode, string> = { 'sign-up': text('Sign up'), account: text('Save'), collaborator: text('Create') };

/**
 * The one form behind sign-up, account details and new collaborator (SPEC §2): the mode decides
 * whether passwords or the profile picture and language are asked for, what the button says, and the schema
 * that checks it in the browser before it posts (the action's own). Without JavaScript the
 * browser's required checks run, then the server's.
 */
export function AccountForm({ mode, countries, lastResult, defaultValue, intent }: {
  mode: AccountFormMode;
  countries: Country[];
  lastResult?: SubmissionResult<string[]> | null;
  defaultValue?: Defaults;
  intent?: string;
}) {
  // The sign-up schema reads passwords, the account's the language: one shape of fields for all three.
  const [form, fields] = useSchemaForm(SCHEMAS[mode] as unknown as EveryField, lastResult, {
    defaultValue: { gender: 'M', country: 'BJ', ...defaultValue },
    nativeValidation: true,
    // Only the server knows whether the username or the e-mail is taken: its answer says every error at once.
    postWhenInvalid: mode === 'sign-up',
  });
  const busy = useNavigation().state === 'submitting';
  const reloaded = useReloadedAfterPost(lastResult);
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)} encType={mode === 'account' ? 'multipart/form-data' : undefined}>
      <FormErrors errors={form.errors} />
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label={t('Username')} name={fields.username.id} errors={fields.username.errors}>
          <input {...getInputProps(fields.username, { type: 'text' })} autoComplete="username" className="input" />
        </Field>
        <Field label={t('Full name')} name={fields.fullname.id} errors={fields.fullname.errors}>
          <input {...getInputProps(fields.fullname, { type: 'text' })} autoComplete="name" className="input" />
        </Field>
        <Field label={t('Email')} name={fields.email.id} errors={fields.email.errors}>
          <input {...getInputProps(fields.email, { type: 'email' })} autoComplete="email" className="input" />
        </Field>
        <Field label={t('Gender')} name={fields.gender.id} errors={fields.gender.errors}>
          <select {...getSelectProps(fields.gender)} className="input">
            <option value="M">{t('Male')}</option>
            <option value="F">{t('Female')}</option>
          </select>
        </Field>
        <Field label={t('Country')} name={fields.country.id} errors={fields.country.errors}>
          <select {...getSelectProps(fields.country)} className="input">
            {countries.map((c) => <option key={c.code} value={c.code}>{c.name}</option>)}
          </select>
        </Field>
        {mode === 'account' ? (
          <>
            <Field label={t('Profile picture')} name="profile" errors={form.allErrors.profile} note={reloaded ? AGAIN.file('picture') : null}>
              <input id="profile" name="profile" type="file" accept="image/png,image/jpeg,image/gif,image/webp" className="input" />
            </Field>
            {/* Each language named in itself (LANGUAGE_NAMES), as the header's switch names it. */}
            <Field label={t('Language')} name={fields.language.id} errors={fields.language.errors}>
              <select {...getSelectProps(fields.language)} className="input">
                <option value="">{t("Browser's language")}</option>
                {LANGUAGES.map((language) => <option key={language} value={language} lang={language}>{LANGUAGE_NAMES[language]}</option>)}
              </select>
            </Field>
          </>
        ) : null}
        {mode === 'sign-up' ? (
          <>
            <Field label={t('Password')} name={fields.password.id} errors={fields.password.errors} note={reloaded ? AGAIN.passwords : null}>
              <input {...getInputProps(fields.password, { type: 'password' })} autoComplete="new-password" className="input" />
            </Field>
            <Field label={t('Confirm password')} name={fields.re_password.id} errors={fields.re_password.errors}>
              <input {...getInputProps(fields.re_password, { type: 'password' })} autoComplete="new-password" className="input" />
            </Field>
          </>
        ) : null}
      </div>
      <button type="submit" className="btn-primary mt-2 w-full sm:w-auto" disabled={busy}>{t(BUTTONS[mode])}</button>
    </Form>
  );
}
