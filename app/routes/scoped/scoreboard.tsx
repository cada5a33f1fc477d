import { renderToStaticMarkup } from 'react-dom/server';
import { Link, useLoaderData } from 'react-router';
import { chartLabel, ScoreChart } from '~/components/score-chart';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { resolveScope, scopePath } from '~/domain/scope.server';
import { scoreboard } from '~/domain/standings.server';
import { requireUser } from '~/lib/auth.server';
import { flagEmoji } from '~/lib/flag-emoji';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/scoreboard';

export const meta: Route.MetaFunction = () => [{ title: 'Scoreboard · CTF Arena' }];

// Replayed per viewer until the database changes (lib/page-cache.server.ts): read far more than written.
export const handle = { pageCache: true };

/**
 * The scoreboard of a scope (route ids practice-scoreboard, later the event one). Everything comes
 * from the in-memory standings; the chart is rendered to SVG once per copy of them, so a warm
 * request reads no database for this page and ships no chart code to the browser.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireUser(request, context);
  const scope = await resolveScope(params);
  const standings = await scoreboard(viewer, scope);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const [rows, chart] = await Promise.all([
    standings.memo(`page:${page}`, () => standings.page(page, PAGE_SIZE.list)),
    standings.memo('chart-svg', async () => {
      const top = await standings.top();
      if (!top.length) return '';
      const players = top.map((p) => ({ label: chartLabel(p), submissions: p.submissions }));
      return renderToStaticMarkup(<ScoreChart players={players} max={standings.totalPoints} />);
    }),
  ]);
  return {
    chart,
    count: rows.count,
    page,
    playerPath: `${scopePath(scope)}/users`,
    rows: rows.results.map((r) => ({ id: r.id, rank: r.rank, username: r.username, country: r.country, score: r.score })),
  };
}

export default function Scoreboard() {
  const { chart, count, page, playerPath, rows } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold">Scoreboard</h1>
      {chart ? (
        <section className="card" aria-label="Top 5 players">
          {/* Static SVG rendered on the server (app/components/score-chart.tsx). */}
          <div dangerouslySetInnerHTML={{ __html: chart }} />
        </section>
      ) : null}
      {rows.length === 0 ? (
        <EmptyState text={MESSAGES.emptyList} />
      ) : (
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="table" data-testid="scoreboard-table">
            <thead>
              <tr><th>#</th><th>Player</th><th className="text-right">Score</th></tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id}>
                  {/* SPEC §2: (page - 1) * 10 + index + 1; equal to the rank. */}
                  <td>{(page - 1) * PAGE_SIZE.list + i + 1}</td>
                  <td>
                    <span role="img" aria-label={`country ${r.country}`} className="mr-2">{flagEmoji(r.country)}</span>
                    <Link className="link" to={`${playerPath}/${r.id}`}>{r.username}</Link>
                  </td>
                  <td className="text-right font-semibold">{r.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.list} />
    </div>
  );
}
