import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { TableRegion } from '~/components/data-table';
import { chartMarkup } from '~/components/score-chart.server';
import { ServerMarkup } from '~/components/server-markup';
import { serverMarkup } from '~/lib/server-markup.server';
import { ExportLinks } from '~/components/export-links';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { scoreboardOf } from '~/domain/scoreboard.server';
import { resolveScope } from '~/domain/scope.server';
import { requireUser } from '~/lib/auth.server';
import { CountryFlag } from '~/components/country-flag';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { metaTranslator, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import type { Route } from './+types/scoreboard';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Scoreboard')} · CTF Arena` }];
};

// Rendered once for every viewer of a class until the database changes (lib/page-cache.server.ts):
// read far more than written, and the loader reads nothing of its viewer but that they signed in.
export const handle = { pageCache: 'shared' as const };

/**
 * The scoreboard of a scope (route ids practice-scoreboard, event-scoreboard): players, or teams in
 * a team event (domain/scoreboard.server.ts decides). Everything comes from the in-memory standings;
 * the chart is rendered to SVG once per copy of them, so a warm request reads no database for this
 * page and ships no chart code to the browser.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const scope = await resolveScope(params);
  const board = await scoreboardOf(viewer, scope);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  // The chart is drawn here, in the page's language (the page cache keys on it too).
  const language = pageLanguage();
  const [rows, chart] = await Promise.all([
    board.memo(`page:${page}`, () => board.page(page, PAGE_SIZE.list)),
    chartMarkup(board, language),
  ]);
  return {
    chart: serverMarkup(context, chart),
    count: rows.count,
    page,
    ranks: board.ranks,
    rows: rows.results.map((r) => ({
      id: r.id,
      rank: r.rank,
      name: r.name,
      country: r.country,
      score: r.score,
      href: r.href,
      members: r.members?.map((m) => ({ id: m.id, username: m.username, country: m.country, href: `${r.href}/users/${m.id}` })) ?? null,
    })),
  };
}

export default function Scoreboard() {
  const { chart, count, page, ranks, rows } = useLoaderData<typeof loader>();
  const teams = ranks === 'teams';
  const t = useT();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">{t('Scoreboard')}</h1>
      {count > 0 ? <ExportLinks count={count} /> : null}
      {chart ? (
        <section className="card" aria-label={teams ? t('Top 5 teams') : t('Top 5 players')}>
          {/* Static SVG rendered on the server (app/components/score-chart.tsx). */}
          <ServerMarkup markup={chart} />
        </section>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState text={t(MESSAGES.emptyList)} />
      ) : (
        <TableRegion label={t('Scoreboard')}>
          <table className="table" data-testid="scoreboard-table">
            <thead>
              <tr><th>#</th><th>{teams ? t('Team') : t('Player')}</th>{teams ? <th>{t('Members')}</th> : null}<th className="text-right">{t('Score')}</th></tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id}>
                  {/* SPEC §2: (page - 1) * 10 + index + 1; equal to the rank. */}
                  <td>{(page - 1) * PAGE_SIZE.list + i + 1}</td>
                  <td>
                    {r.country ? <CountryFlag code={r.country} /> : null}
                    <Link className="link" to={r.href}>{r.name}</Link>
                  </td>
                  {r.members ? (
                    <td>
                      <ul className="flex flex-wrap gap-x-3">
                        {r.members.map((m) => (
                          <li key={m.id}>
                            <CountryFlag code={m.country} className="mr-1" />
                            <Link className="link" to={m.href}>{m.username}</Link>
                          </li>
                        ))}
                      </ul>
                    </td>
                  ) : null}
                  <td className="text-right font-semibold">{r.score}</td>
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
