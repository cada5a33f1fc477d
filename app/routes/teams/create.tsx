import { useActionData, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { onUse } from '~/components/on-demand';
import { resolveScope } from '~/domain/scope.server';
import { createTeam, eventsOpenForTeams, myTeamIn, requireTeamPlayer } from '~/domain/teams.server';
import { requireUser } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, translator, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { redirectWithFlash } from '~/lib/session.server';
import { teamCreateSchema } from '~/schemas/team';
import type { Route } from './+types/create';

// conform and zod load when the player starts using the form.
const TeamCreateForm = onUse(() => import('~/components/team-forms'), (m) => m.TeamCreateForm);

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
      <TeamCreateForm fixed={fixed} events={events} chosen={chosen} lastResult={result?.result} />
      <p className="mt-4 text-center text-sm text-slate-600">
        {t('Have an invitation?')} <Link className="link" to={fixed ? `/teams/join?event=${fixed.id}` : '/teams/join'}>{t('Join a team')}</Link>
      </p>
    </div>
  );
}
