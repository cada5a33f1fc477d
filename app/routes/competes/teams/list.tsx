import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { TableRegion } from '~/components/data-table';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { isStaff } from '~/domain/policy.server';
import { eventPhase, resolveScope } from '~/domain/scope.server';
import { listTeams, myTeamIn } from '~/domain/teams.server';
import { requireUser } from '~/lib/auth.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/list';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Teams')} · ${data?.event.name ?? t('Event')} · CTF Arena` }];
};

/**
 * /competes/{event_id}/teams: #, Team, Members count, Total Points, ranked by points (the same
 * team standings as the event scoreboard), 10 per page; staff teams hidden; 404 for events without
 * teams (black-friday). Anonymous visitors go to / (SPEC §2, team screens).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context, '/');
  const scope = await resolveScope(params);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const teams = await listTeams(user, scope, page);
  const event = scope.kind === 'event' ? scope.event : null!;
  const open = eventPhase(event) !== 'ended';
  const mine = isStaff(user) ? null : await myTeamIn(user, event.id);
  return {
    event: { id: event.id, name: event.name },
    // Create and join are offered to players without a team while the event is open.
    offer: open && !isStaff(user) && !mine,
    mine,
    count: teams.count,
    page,
    rows: teams.results.map((t) => ({ id: t.id, rank: t.rank, name: t.name, members: t.members.length, points: t.points })),
  };
}

export default function Teams() {
  const { event, offer, mine, count, page, rows } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('Teams of {{name}}', { name: event.name })}</h1>
        {offer ? (
          <div className="flex gap-2">
            <Link className="btn-primary" to={`/competes/${event.id}/teams/create`}>{t('Create a team')}</Link>
            <Link className="btn-secondary" to={`/teams/join?event=${event.id}`}>{t('Join a team')}</Link>
          </div>
        ) : mine ? (
          <Link className="btn-secondary" to={`/competes/${event.id}/teams/${mine.id}`}>{t('My team: {{name}}', { name: mine.name })}</Link>
        ) : null}
      </div>
      {rows.length === 0 ? (
        <EmptyState text={t(MESSAGES.emptyList)} />
      ) : (
        <TableRegion label={t('Teams')}>
          <table className="table" data-testid="teams-table">
            <thead>
              <tr><th>#</th><th>{t('Team')}</th><th className="text-right">{t('Members count')}</th><th className="text-right">{t('Total Points')}</th></tr>
            </thead>
            <tbody>
              {rows.map((t, i) => (
                <tr key={t.id}>
                  <td>{(page - 1) * PAGE_SIZE.list + i + 1}</td>
                  <td><Link className="link" to={`/competes/${event.id}/teams/${t.id}`}>{t.name}</Link></td>
                  <td className="text-right">{t.members}</td>
                  <td className="text-right font-semibold">{t.points}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.list} />
    </div>
  );
}
