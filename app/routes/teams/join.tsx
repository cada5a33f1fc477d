import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { FormErrors } from '~/components/field';
import { onUse } from '~/components/on-demand';
import { joinTeam, requireTeamPlayer, teamByCode } from '~/domain/teams.server';
import { requireUser } from '~/lib/auth.server';
import { handleForm, submittedForm } from '~/lib/form.server';
import { metaTranslator, translator, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { redirectWithFlash } from '~/lib/session.server';
import { invitationHome } from '~/schemas/invitation';
import { teamJoinSchema } from '~/schemas/team';
import type { Route } from './+types/join';

// The name-and-password form is checked in the browser, its conform and zod loaded when the player
// starts using it; the invitation's form has no field to check.
const TeamJoinForm = onUse(() => import('~/components/team-forms'), (m) => m.TeamJoinForm);

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${data?.team ? t('Join {{name}}', { name: data.team.name }) : t('Join a team')} · CTF Arena` }];
};

/**
 * /teams/join/{code} (the invitation link: the team and a Join button) and /teams/join (team name and
 * password). Anonymous visitors are sent to / (SPEC §2), an invitation's with its code, so home says
 * why and its login comes back here; an unknown code is a 404 page.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, invitationHome(params.code));
  const event = Number(new URL(request.url).searchParams.get('event')) || null;
  if (params.code === undefined) return { team: null, event };
  const team = await teamByCode(user, params.code);
  return { team: { name: team.name, event: team.event.name }, event };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, '/');
  requireTeamPlayer(user);
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  // The code comes from the URL, never from the form: a link joins the team it names.
  if (params.code !== undefined) form.set('code_invitation', params.code);
  const outcome = await handleForm(form, teamJoinSchema, (input) => joinTeam(user, input));
  if (!outcome.ok) return outcome.response;
  // The message names the team: it is written in the viewer's language here, not looked up by the page.
  const t = translator(pageLanguage());
  return redirectWithFlash(request, `/teams/me?team=${outcome.value.id}`, { type: 'success', text: t('You joined the team {{name}}.', { name: outcome.value.name }) });
}

export default function JoinTeam() {
  const { team, event } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errors = result?.result.error;
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  return (
    <div className="card mx-auto max-w-md">
      <h1 className="mb-2 text-2xl font-bold">{team ? t('Join {{name}}', { name: team.name }) : t('Join a team')}</h1>
      {team ? (
        <>
          <FormErrors errors={[...(errors?.[''] ?? []), ...(errors?.code_invitation ?? [])]} />
          <Form method="post">
            <p className="mb-4 text-slate-600">
              {t('You were invited to the team')} <strong>{team.name}</strong> {t('of')} <strong>{team.event}</strong>.
            </p>
            <button type="submit" className="btn-primary w-full" disabled={busy}>{t('Join')}</button>
          </Form>
        </>
      ) : (
        <TeamJoinForm event={event} lastResult={result?.result} />
      )}
      <p className="mt-4 text-center text-sm text-slate-600">
        {t("Don't have a team ?")} <Link className="link" to={event ? `/teams/create?event=${event}` : '/teams/create'}>{t('Create')}</Link>
      </p>
    </div>
  );
}
