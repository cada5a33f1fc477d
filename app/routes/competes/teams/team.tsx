import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { resolveScope } from '~/domain/scope.server';
import { teamAwaitingReview, teamInEvent, teamSolves } from '~/domain/teams.server';
import { MESSAGES } from '~/lib/messages';
import { requireUser } from '~/lib/auth.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { CountryFlag } from '~/components/country-flag';
import { TableRegion } from '~/components/data-table';
import type { Route } from './+types/team';
import { SolvedChallenges } from '~/components/solved-challenges';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${data?.team.name ?? t('Team')} · CTF Arena` }];
};

/**
 * The team page (route id team-solved-challenges): name, total points, members with country flag,
 * score obtained and challenges solved, 'Leader' for the owner, then the team's solved challenges.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, '/');
  const scope = await resolveScope(params);
  const team = await teamInEvent(user, scope, Number(params.teamId));
  const [solves, awaiting] = await Promise.all([teamSolves(scope, team.id), teamAwaitingReview(user, scope, team)]);
  return {
    // Its members' solves that count once staff validate them (others see only what counts).
    awaiting: awaiting.map((s) => ({ id: s.id, name: s.challenge.name, by: s.learner.username })),
    team: { id: team.id, name: team.name, points: team.points, event: team.event.name, isMember: team.isMember },
    members: team.members,
    solves: solves.map((s) => ({ id: s.id, name: s.challenge.name, initialValue: s.challenge.initialValue, score: s.score, by: s.learner.username })),
    base: `/competes/${params.eventId}/teams/${team.id}`,
  };
}

export default function TeamPage() {
  const { team, members, solves, awaiting, base } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="space-y-6">
      <div className="card flex flex-wrap items-center gap-6">
        <div className="flex-1">
          <h1 className="text-2xl font-bold">{team.name}</h1>
          <p className="text-slate-600">{team.event}{team.isMember ? <> · <Link className="link" to={`/teams/me?team=${team.id}`}>{t('Team account')}</Link></> : null}</p>
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-500">{t('Total points')}</p>
          <p className="text-2xl font-bold" data-testid="total-points">{team.points}</p>
        </div>
      </div>
      <section className="card">
        <h2 className="mb-4 text-lg font-semibold">{t('Members')}</h2>
        <TableRegion label={t('Members')} framed={false}>
          <table className="table" data-testid="members-table">
            <thead><tr><th>#</th><th>{t('Member')}</th><th className="text-right">{t('Score obtained')}</th><th className="text-right">{t('Challenges solved')}</th></tr></thead>
            <tbody>
              {members.map((m, i) => (
                <tr key={m.id}>
                  <td>{i + 1}</td>
                  <td>
                    <CountryFlag code={m.country} />
                    <Link className="link" to={`${base}/users/${m.id}`}>{m.username}</Link>
                    {m.isOwner ? <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-800">{t('Leader')}</span> : null}
                  </td>
                  <td className="text-right">{m.score}</td>
                  <td className="text-right">{m.solved}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      </section>
      {awaiting.length ? (
        <section className="card" aria-labelledby="awaiting-review">
          <h2 id="awaiting-review" className="mb-2 text-lg font-semibold">{t(MESSAGES.awaitingReview)}</h2>
          <p className="mb-3 text-sm text-slate-600">{t('Correct flags whose writeups staff have not reviewed yet: they count once validated.')}</p>
          <ul className="list-disc pl-5 text-sm" data-testid="awaiting-review-list">
            {awaiting.map((s) => <li key={s.id}>{s.name} <span className="text-slate-500">{t('by {{name}}', { name: s.by })}</span></li>)}
          </ul>
        </section>
      ) : null}
      <SolvedChallenges solves={solves} withSolver />
    </div>
  );
}
