import { useLoaderData } from 'react-router';
import { BlackFridayTabs } from '~/components/black-friday-tabs';
import { TableRegion } from '~/components/data-table';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { chartMarkup } from '~/components/score-chart.server';
import { ServerMarkup } from '~/components/server-markup';
import { serverMarkup } from '~/lib/server-markup.server';
import { blackFridayStandings } from '~/domain/black-friday-standings.server';
import { requireStaffPage } from '~/lib/auth.server';
import { CountryFlag } from '~/components/country-flag';
import { metaTranslator, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/general-scoreboard';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Black Friday scoreboard')} · CTF Arena` }];
};

/**
 * The general Black Friday scoreboard (SPEC §2 "Scoreboards"; staff): every black-friday event at
 * once (domain/black-friday-standings.server.ts). The chart is rendered to SVG once per copy of the
 * board, as the scope scoreboards do, so it needs no JavaScript and ships no chart code.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = await requireStaffPage(request, context);
  const board = await blackFridayStandings(viewer);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const [rows, chart] = await Promise.all([
    board.memo(`page:${page}`, () => board.page(page, PAGE_SIZE.list)),
    chartMarkup(board),
  ]);
  return {
    chart: serverMarkup(context, chart),
    count: rows.count,
    page,
    rows: rows.results.map((r) => ({ id: r.id, rank: r.rank, username: r.username, country: r.country, score: r.score, coin: r.coin, solved: r.solved })),
  };
}

export default function GeneralScoreboard() {
  const { chart, count, page, rows } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="space-y-6">
      <BlackFridayTabs />
      <div>
        <h1 className="text-2xl font-bold">{t('Top 5 players')}</h1>
        <p className="text-slate-600">{t('Every Black Friday event together: counted solves, points and coin balances.')}</p>
      </div>
      {chart ? (
        <section className="card" aria-label={t('Top 5 players chart')}>
          {/* Static SVG rendered on the server (app/components/score-chart.tsx). */}
          <ServerMarkup markup={chart} />
        </section>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState text={t(MESSAGES.emptyList)} />
      ) : (
        <TableRegion label={t('Top 5 players')}>
          <table className="table [&_tbody_tr:nth-child(even)]:bg-slate-50" data-testid="general-scoreboard-table">
            <thead>
              <tr>
                <th>#</th>
                <th>{t('Player')}</th>
                <th>{t('Country')}</th>
                <th className="text-right">{t('Score')}</th>
                <th className="text-right">{t('Coin')}</th>
                <th className="text-right">{t('Challenge Solved')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id}>
                  {/* SPEC §2: (page - 1) * 10 + index + 1; equal to the rank. */}
                  <td>{(page - 1) * PAGE_SIZE.list + i + 1}</td>
                  <td>{r.username}</td>
                  <td>
                    <CountryFlag code={r.country} />
                    {r.country}
                  </td>
                  <td className="text-right font-semibold">{r.score}</td>
                  <td className="text-right">{r.coin}</td>
                  <td className="text-right">{r.solved}</td>
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
