import { useEffect, useRef, useState } from 'react';
import { useActionData, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { EmptyState } from '~/components/field';
import { onUse } from '~/components/on-demand';
import { myTeam, updateTeam } from '~/domain/teams.server';
import { requireUser } from '~/lib/auth.server';
import { env } from '~/lib/env.server';
import { CountryFlag } from '~/components/country-flag';
import { handleForm, submittedForm } from '~/lib/form.server';
import { metaTranslator, text, useT } from '~/lib/i18n';
import { redirectWithFlash } from '~/lib/session.server';
import { MESSAGES } from '~/lib/messages';
import { TEAM_UPDATED, teamUpdateSchema } from '~/schemas/team';
import type { Route } from './+types/me';

// The leader's form brings conform and zod: they load when the leader starts using it.
const TeamAccountForm = onUse(() => import('~/components/team-forms'), (m) => m.TeamAccountForm);

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('My team')} · CTF Arena` }];
};

/**
 * /teams/me (signed-in non-staff; anonymous visitors go to /, staff get the 403 page): the player's
 * team in the current or next team event, `?team=` choosing another of theirs. The owner edits it;
 * members see it read-only; both see the invitation link.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, '/');
  const asked = Number(new URL(request.url).searchParams.get('team'));
  const mine = await myTeam(user, Number.isSafeInteger(asked) ? asked : null);
  if (!mine) return { team: null, others: [], invitation: null };
  const { team, others } = mine;
  return {
    team: {
      id: team.id,
      name: team.name,
      event: { id: team.event.id, name: team.event.name },
      points: team.points,
      isOwner: team.isOwner,
      members: team.members.map((m) => ({ id: m.id, username: m.username, country: m.country, isOwner: m.isOwner })),
    },
    others: others.map((t) => ({ id: t.id, name: t.name, event: t.event.name })),
    // The invitation link is built from PUBLIC_URL, like every link the site hands out.
    invitation: team.codeInvitation ? `${env.publicUrl}/teams/join/${team.codeInvitation}` : null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context, '/');
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const teamId = Number(read.form.get('team'));
  const outcome = await handleForm(read.form, teamUpdateSchema, (input) => updateTeam(user, teamId, input));
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, `/teams/me?team=${outcome.value.id}`, { type: 'success', text: TEAM_UPDATED });
}

/**
 * The invitation link: a selectable read-only field, and with JavaScript a Copy button (it only
 * appears once the page is hydrated, since without JavaScript it could do nothing).
 */
function InvitationLink({ link }: { link: string }) {
  const [hydrated, setHydrated] = useState(false);
  const [copied, setCopied] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  useEffect(() => setHydrated(true), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(text('Copied!'));
    } catch {
      // No clipboard permission: select the text so Ctrl+C copies it.
      input.current?.select();
      setCopied(text('Press Ctrl+C to copy the selected link.'));
    }
  };
  // Read in the server's render too, though shown only once hydrated: the page's own texts then have it (lib/page-texts.server.ts).
  const copyLabel = t('Copy');
  return (
    <div className="mb-4">
      <label className="label" htmlFor="invitation">{t('Invitation link')}</label>
      <div className="flex gap-2">
        <input ref={input} id="invitation" className="input flex-1 font-mono text-xs" readOnly value={link} onFocus={(e) => e.currentTarget.select()} />
        {hydrated ? <button type="button" className="btn-secondary" onClick={copy}>{copyLabel}</button> : null}
      </div>
      <p className="mt-1 text-sm text-slate-600" role="status">{copied ? t(copied) : null}</p>
    </div>
  );
}

export default function MyTeam() {
  const { team, others, invitation } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const t = useT();
  if (!team) {
    return (
      <div className="card mx-auto max-w-xl space-y-4">
        <h1 className="text-2xl font-bold">{t('My team')}</h1>
        <EmptyState text={t(MESSAGES.noTeam)} />
        <p className="flex justify-center gap-3">
          <Link className="btn-primary" to="/teams/create">{t('Create a team')}</Link>
          <Link className="btn-secondary" to="/teams/join">{t('Join a team')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-6">
      <div className="card">
        <h1 className="text-2xl font-bold">{team.name}</h1>
        <p className="text-slate-600">
          <Link className="link" to={`/competes/${team.event.id}/teams/${team.id}`}>{team.event.name}</Link> · <span data-testid="team-points">{team.points}</span> {t('points', { count: team.points })}
        </p>
        {others.length > 1 ? (
          <nav aria-label={t('My teams')} className="mt-3 flex flex-wrap gap-2 text-sm">
            {others.map((t) => (
              <Link key={t.id} to={`?team=${t.id}`} aria-current={t.id === team.id ? 'page' : undefined} className={`rounded px-3 py-1 ${t.id === team.id ? 'bg-brand-600 text-white' : 'bg-slate-100 hover:bg-slate-200'}`}>
                {t.name} ({t.event})
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      <section className="card">
        <h2 className="mb-4 text-lg font-semibold">{t('Team account')}</h2>
        {invitation ? <InvitationLink link={invitation} /> : null}
        {team.isOwner ? (
          <TeamAccountForm team={team} lastResult={result?.result} />
        ) : (
          <>
            <div className="mb-4">
              <span className="label">{t('Team name')}</span>
              <p>{team.name}</p>
            </div>
            <p className="text-sm text-slate-600">{t('Only the team leader can change the name and the password.')}</p>
          </>
        )}
      </section>

      <section className="card">
        <h2 className="mb-4 text-lg font-semibold">{t('Members')}</h2>
        <ul className="space-y-1">
          {team.members.map((m) => (
            <li key={m.id}>
              <CountryFlag code={m.country} />
              {m.username} {m.isOwner ? <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">{t('Leader')}</span> : null}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
