// The team forms (app/routes/teams/*.tsx), in a module of their own: with conform and zod they are
// most of those pages' JavaScript (components/on-demand.tsx, docs/rules.md "The JavaScript budget").
// Each loads when the player starts using it (onUse); the members of a team see it read-only on
// /teams/me, and never load it.
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { Form, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { useT } from '~/lib/i18n';
import { TEAM_NAME_MAX, teamCreateSchema, teamJoinSchema, teamUpdateSchema } from '~/schemas/team';

type Reply = SubmissionResult<string[]> | null | undefined;

/** A new team in `fixed` (the event of the URL), or in one of `events` (`chosen` first). */
export function TeamCreateForm({ fixed, events, chosen, lastResult }: {
  fixed: { id: number; name: string } | null;
  events: { id: number; name: string; upcoming: boolean }[];
  chosen: number | null;
  lastResult: Reply;
}) {
  const [form, fields] = useSchemaForm(teamCreateSchema, lastResult);
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <>
      <FormErrors errors={form.errors} />
      {!fixed && events.length === 0 ? (
        <p className="text-slate-600">{t('No team event is open for teams at the moment.')}</p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          {!fixed ? (
            <Field label={t('Event')} name="event" errors={fields.event.errors}>
              <select id="event" name="event" className="input" defaultValue={String(lastResult?.initialValue?.event ?? chosen ?? events[0]?.id ?? '')}>
                {events.map((e) => (
                  <option key={e.id} value={e.id}>{e.name}{e.upcoming ? ` (${t('upcoming')})` : ''}</option>
                ))}
              </select>
            </Field>
          ) : fields.event.errors ? (
            <FormErrors errors={fields.event.errors} />
          ) : null}
          <Field label={t('Team name')} name="name" errors={fields.name.errors}>
            <input id="name" name="name" className="input" required={fields.name.required} maxLength={TEAM_NAME_MAX} autoComplete="off" defaultValue={String(lastResult?.initialValue?.name ?? '')} />
          </Field>
          <Field label={t('Password')} name="password" errors={fields.password.errors}>
            <input id="password" name="password" type="password" className="input" required={fields.password.required} autoComplete="new-password" />
          </Field>
          <Field label={t('Confirm password')} name="re_password" errors={fields.re_password.errors}>
            <input id="re_password" name="re_password" type="password" className="input" required={fields.re_password.required} autoComplete="new-password" />
          </Field>
          <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Create')}</button>
        </Form>
      )}
    </>
  );
}

/** Joining by the team's name and password (an invitation link needs no form to check). */
export function TeamJoinForm({ event, lastResult }: { event: string | number | null; lastResult: Reply }) {
  const [form, fields] = useSchemaForm(teamJoinSchema, lastResult);
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <>
      <FormErrors errors={form.errors} />
      <Form method="post" {...getFormProps(form)}>
        {event ? <input type="hidden" name="event" value={event} /> : null}
        <FormErrors errors={fields.event.errors} />
        <Field label={t('Team name')} name="name" errors={fields.name.errors}>
          <input id="name" name="name" className="input" required maxLength={TEAM_NAME_MAX} autoComplete="off" defaultValue={String(lastResult?.initialValue?.name ?? '')} />
        </Field>
        <Field label={t('Password')} name="password" errors={fields.password.errors}>
          <input id="password" name="password" type="password" className="input" required autoComplete="off" />
        </Field>
        <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Join')}</button>
      </Form>
    </>
  );
}

/** The leader's form on /teams/me: the team's name and password. */
export function TeamAccountForm({ team, lastResult }: { team: { id: number; name: string }; lastResult: Reply }) {
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
