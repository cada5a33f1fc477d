import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { TableRegion } from '~/components/data-table';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { eventPlayers } from '~/domain/event-players.server';
import { resolveEvent, scopePath } from '~/domain/scope.server';
import { requireUser } from '~/lib/auth.server';
import { CountryFlag } from '~/components/country-flag';
import { metaTranslator, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/players';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Players')} · CTF Arena` }];
};

/** /competes/{id}/users: the event's players (the Players tab of a black-friday event). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const scope = await resolveEvent(params.eventId);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const players = await eventPlayers(viewer, scope, { page, pageSize: PAGE_SIZE.list });
  return { name: scope.event.name, base: scopePath(scope), players };
}

export default function Players() {
  const { name, base, players } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('Players')} <span className="text-base font-normal text-slate-500">· {name}</span></h1>
      {players.results.length === 0 ? (
        <EmptyState text={t(MESSAGES.emptyList)} />
      ) : (
        <TableRegion label={t('Players')}>
          <table className="table">
            <thead><tr><th>#</th><th>{t('Username')}</th><th>{t('Country')}</th><th className="text-right">{t('Total Points')}</th></tr></thead>
            <tbody>
              {players.results.map((p) => (
                <tr key={p.id}>
                  <td>{p.rank}</td>
                  <td><Link className="link" to={`${base}/users/${p.id}`}>{p.username}</Link></td>
                  <td><CountryFlag code={p.country} className="mr-1" named /></td>
                  <td className="text-right font-semibold">{p.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pagination count={players.count} page={players.page} pageSize={players.pageSize} />
    </div>
  );
}
