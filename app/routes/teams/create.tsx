import { getFormProps } from '@conform-to/react';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { resolveScope } from '~/domain/scope.server';
import { createTeam, eventsOpenForTeams, myTeamIn, requireTeamPlayer } from '~/domain/teams.server';
import { requireUser } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, translator, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { redirectWithFlash } from '~/lib/session.server';
import { TEAM_NAME_MAX, teamCreateSchema } from '~/schemas/team';
import type { Route } from './+types/create';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Create your team')} · CTF Arena` }];
};

/**
 * The event the page creates a team in: the URL's (/competes/{id}/teams/create) or, on /teams/create,
 * the one chosen in the form among the team events that are upcoming or active.
 */
async function fixedEvent(params: { eventId?: string }) {
  if (params.eventId === undefined) return null;
  const scope = await resolveScope(params);
  if (scope.kind !== 'event') throw new NotFound();
  return scope.event;
}

/** /teams/create and /competes/{event_id}/teams/create: anonymous visitors go to / (SPEC §2). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, '/');
  requireTeamPlayer(user);
  const event = await fixedEvent(params);
  const events = event ? [event] : await eventsOpenForTeams();
  const chosen = Number(new URL(request.url).searchParams.get('event')) || null;
  const current = event ? await myTeamIn(user, event.id) : null;
  return {
    fixed: event ? { id: event.id, name: event.name } : null,
    events: events.map((e) => ({ id: e.id, name: e.name, upcoming: e.startDate > new Date() })),
    chosen,
    current,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, '/');
  requireTeamPlayer(user);
  const event = await fixedEvent(params);
  const outcome = await handleForm(request, teamCreateSchema, (input) => createTeam(user, event?.id ?? input.event, input));
  if (!outcome.ok) return outcome.response;
  const team = outcome.value;
  // The message names the team: it is written in the viewer's language here, not looked up by the page.
  const t = translator(pageLanguage());
  return redirectWithFlash(request, `/competes/${team.eventId}/challenges`, { type: 'success', text: t('Your team {{name}} has been created.', { name: team.name }) });
}

export default function CreateTeam() {
  const { fixed, events, chosen, current } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [form, fields] = useSchemaForm(teamCreateSchema, result?.result);
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-2 text-2xl font-bold">{t('Create your team')}</h1>
      {fixed ? <p className="mb-4 text-sm text-slate-600">{t('Event:')} <strong>{fixed.name}</strong></p> : null}
      {current ? (
        <p className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          {t('You already play this event in the team')} <Link className="link" to={`/teams/me?team=${current.id}`}>{current.name}</Link>.
        </p>
      ) : null}
      <FormErrors errors={form.errors} />
      {!fixed && events.length === 0 ? (
        <p className="text-slate-600">{t('No team event is open for teams at the moment.')}</p>
      ) : (
        <Form method="post" {...getFormProps(form)}>
          {!fixed ? (
            <Field label={t('Event')} name="event" errors={fields.event.errors}>
              <select id="event" name="event" className="input" defaultValue={String(result?.result.initialValue?.event ?? chosen ?? events[0]?.id ?? '')}>
                {events.map((e) => (
                  <option key={e.id} value={e.id}>{e.name}{e.upcoming ? ` (${t('upcoming')})` : ''}</option>
                ))}
              </select>
            </Field>
          ) : fields.event.errors ? (
            <FormErrors errors={fields.event.errors} />
          ) : null}
          <Field label={t('Team name')} name="name" errors={fields.name.errors}>
            <input id="name" name="name" className="input" required={fields.name.required} maxLength={TEAM_NAME_MAX} autoComplete="off" defaultValue={String(result?.result.initialValue?.name ?? '')} />
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
      <p className="mt-4 text-center text-sm text-slate-600">
        {t('Have an invitation?')} <Link className="link" to={fixed ? `/teams/join?event=${fixed.id}` : '/teams/join'}>{t('Join a team')}</Link>
      </p>
    </div>
  );
}
