// The team leader's form on /teams/me (name and password), in a module of its own: with conform and
// zod it is most of the page's JavaScript, which the members, who see the team read-only, never
// load (components/on-demand.ts, docs/rules.md "The JavaScript budget").
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { useT } from '~/lib/i18n';
import { TEAM_NAME_MAX, teamUpdateSchema } from '~/schemas/team';

export function TeamAccountForm({ team, lastResult }: { team: { id: number; name: string }; lastResult: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(teamUpdateSchema, lastResult);
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <input type="hidden" name="team" value={team.id} />
      <Field label={t('Team name')} name="name" errors={fields.name.errors}>
        <input id="name" name="name" className="input" required={fields.name.required} maxLength={TEAM_NAME_MAX} defaultValue={String(lastResult?.initialValue?.name ?? team.name)} />
      </Field>
      <Field label={t('Current password')} name="current_password" errors={fields.current_password.errors}>
        <input id="current_password" name="current_password" type="password" className="input" autoComplete="current-password" />
      </Field>
      <Field label={t('New password')} name="password" errors={fields.password.errors}>
        <input id="password" name="password" type="password" className="input" autoComplete="new-password" />
      </Field>
      <Field label={t('Confirm new password')} name="re_password" errors={fields.re_password.errors}>
        <input id="re_password" name="re_password" type="password" className="input" autoComplete="new-password" />
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>{t('Update')}</button>
    </Form>
  );
}
