import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { TableRegion } from '~/components/data-table';
import { EmptyState } from '~/components/field';
import { utcText } from '~/components/local-time';
import { statisticsCharts } from '~/components/statistics-charts.server';
import { scopeStatistics, dayLabel } from '~/domain/scope-statistics.server';
import { resolveScope, rulesOf } from '~/domain/scope.server';
import { requireStaffPage } from '~/lib/auth.server';
import { MESSAGES } from '~/lib/messages';
import type { Route } from './+types/statistics';

export const meta: Route.MetaFunction = () => [{ title: 'Statistics · CTF Arena' }];

const UNIT_HEADING = { day: 'Day', week: 'Week', month: 'Month' } as const;

/**
 * A scope's statistics for staff (route ids practice-statistics, event-statistics): anonymous visitors
 * log in first, learners are sent home, like every staff page of a scope. The charts come as SVG
 * rendered here; their tables are drawn by the page from the same numbers.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await resolveScope(params);
  const stats = await scopeStatistics(user, scope);
  return {
    charts: statisticsCharts(stats),
    team: rulesOf(scope).team,
    players: stats.players,
    solves: stats.solves,
    solvesOverTime: stats.solvesOverTime,
    challenges: stats.challenges.map((c) => ({ ...c, firstSolver: c.firstSolver ? { ...c.firstSolver, at: c.firstSolver.at.toISOString() } : null })),
    categories: stats.categories,
    activity: {
      days: stats.activity.days,
      from: stats.activity.from ? dayLabel(stats.activity.from) : null,
      to: stats.activity.to ? dayLabel(stats.activity.to) : null,
    },
  };
}

/**
 * One chart: its drawing (hidden from assistive technology, which reads the table instead) and its
 * table as the text alternative, both in the figure the heading names; the table opens on demand.
 */
function ChartSection({ id, title, note, chart, empty, children }: { id: string; title: string; note: string; chart: string; empty: string; children: ReactNode }) {
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
      <p className="mb-3 text-sm text-slate-600">{note}</p>
      {chart ? (
        <figure className="m-0" aria-labelledby={`${id}-title`}>
          <div dangerouslySetInnerHTML={{ __html: chart }} />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">{`${title}: the data as a table`}</summary>
            <div className="mt-2"><TableRegion label={title} framed={false}>{children}</TableRegion></div>
          </details>
        </figure>
      ) : (
        <EmptyState text={empty} />
      )}
    </section>
  );
}

export default function Statistics() {
  const { charts, team, players, solves, solvesOverTime, challenges, categories, activity } = useLoaderData<typeof loader>();
  const unit = UNIT_HEADING[solvesOverTime.unit];
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">Statistics</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="statistics-summary">
          {players === 1 ? '1 player' : `${players} players`} (learners who tried a flag or submitted here) · {solves === 1 ? '1 solve' : `${solves} solves`} that count. Days are UTC days.
        </p>
      </div>

      <ChartSection id="solves-over-time" title="Solves over time" note={`Solves that count, per ${solvesOverTime.unit}.`} chart={charts.solvesOverTime} empty={MESSAGES.noSolves}>
        <table className="table">
          <caption className="sr-only">Solves over time</caption>
          <thead><tr><th scope="col">{unit}</th><th scope="col">Solves</th><th scope="col">Total so far</th></tr></thead>
          <tbody>
            {solvesOverTime.buckets.map((b) => (
              <tr key={b.start}><th scope="row">{b.label}</th><td>{b.solves}</td><td>{b.total}</td></tr>
            ))}
          </tbody>
        </table>
      </ChartSection>

      <ChartSection
        id="solves-per-challenge"
        title="Solves per challenge"
        note={team ? 'Solves that count, and the team that solved first (the member who submitted it).' : 'Solves that count, and who solved first.'}
        chart={charts.challenges}
        empty={challenges.length ? MESSAGES.noSolves : MESSAGES.emptyList}
      >
        <table className="table">
          <caption className="sr-only">Solves per challenge</caption>
          <thead><tr><th scope="col">Challenge</th><th scope="col">Category</th><th scope="col">Solves</th><th scope="col">First solver</th><th scope="col">First solved (UTC)</th></tr></thead>
          <tbody>
            {challenges.map((c) => (
              <tr key={c.id} data-challenge={c.name}>
                <th scope="row">{c.name}{c.isActive ? null : <span className="ml-2 text-xs text-slate-500">(inactive)</span>}</th>
                <td>{c.category}</td>
                <td>{c.solves}</td>
                <td>{c.firstSolver ? (c.firstSolver.by ? `${c.firstSolver.name} (${c.firstSolver.by})` : c.firstSolver.name) : '—'}</td>
                <td className="whitespace-nowrap">{c.firstSolver ? <time dateTime={c.firstSolver.at}>{utcText(c.firstSolver.at)}</time> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </ChartSection>

      <ChartSection
        id="category-shares"
        title="Players who solved each category"
        note={`Of the ${players === 1 ? 'one player' : `${players} players`}, the share with a solve of their own in the category${team ? ' (a team\'s solve goes to the member who submitted it)' : ''}.`}
        chart={charts.categories}
        empty={MESSAGES.emptyList}
      >
        <table className="table">
          <caption className="sr-only">Players who solved each category</caption>
          <thead><tr><th scope="col">Category</th><th scope="col">Players who solved</th><th scope="col">Share of players</th></tr></thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.id}><th scope="row">{c.name}</th><td>{c.solvers}</td><td>{c.percent}%</td></tr>
            ))}
          </tbody>
        </table>
      </ChartSection>

      <ChartSection
        id="active-players"
        title="Active players per day"
        note={`Players who made a flag attempt or a submission that day${activity.from ? `, ${activity.from} to ${activity.to}` : ''}.`}
        chart={charts.activity}
        empty={activity.from ? 'No player was active on these days.' : 'This event has not started yet.'}
      >
        <table className="table">
          <caption className="sr-only">Active players per day</caption>
          <thead><tr><th scope="col">Day</th><th scope="col">Active players</th></tr></thead>
          <tbody>
            {activity.days.map((d) => (
              <tr key={d.day}><th scope="row">{d.label}</th><td>{d.players}</td></tr>
            ))}
          </tbody>
        </table>
      </ChartSection>
    </div>
  );
}
