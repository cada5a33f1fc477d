import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useLoaderData } from 'react-router';
import { TableRegion } from '~/components/data-table';
import { EmptyState } from '~/components/field';
import { utcText } from '~/components/local-time';
import { ServerMarkup, type Markup } from '~/components/server-markup';
import { bucketText, dayText, statisticsCharts } from '~/components/statistics-charts.server';
import { scopeStatistics } from '~/domain/scope-statistics.server';
import { resolveScope, rulesOf } from '~/domain/scope.server';
import { requireStaffPage } from '~/lib/auth.server';
import { MESSAGES } from '~/lib/messages';
import { metaTranslator, text, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { drawn, serverMarkup } from '~/lib/server-markup.server';
import type { Route } from './+types/statistics';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Statistics')} · CTF Arena` }];
};

const UNIT_HEADING = { day: text('Day'), week: text('Week'), month: text('Month') } as const;
const PER_UNIT = { day: text('Solves that count, per day.'), week: text('Solves that count, per week.'), month: text('Solves that count, per month.') } as const;

/**
 * A scope's statistics for staff (route ids practice-statistics, event-statistics): anonymous visitors
 * log in first, learners are sent home, like every staff page of a scope. The charts come as SVG
 * rendered here; their tables are drawn by the page from the same numbers.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await resolveScope(params);
  const stats = await scopeStatistics(user, scope);
  const language = pageLanguage();
  // Dates in the page's language, here on the server so the hydrated page writes the very same text.
  const { unit, buckets } = stats.solvesOverTime;
  const charts = statisticsCharts(stats, language);
  return {
    charts: {
      solvesOverTime: serverMarkup(context, drawn(charts.solvesOverTime)),
      challenges: serverMarkup(context, drawn(charts.challenges)),
      categories: serverMarkup(context, drawn(charts.categories)),
      activity: serverMarkup(context, drawn(charts.activity)),
    },
    team: rulesOf(scope).team,
    players: stats.players,
    solves: stats.solves,
    solvesOverTime: { unit, buckets: buckets.map((b) => ({ ...b, label: bucketText(unit, b.start, language) })) },
    challenges: stats.challenges.map((c) => ({ ...c, firstSolver: c.firstSolver ? { ...c.firstSolver, at: c.firstSolver.at.toISOString() } : null })),
    categories: stats.categories,
    activity: {
      days: stats.activity.days.map((d) => ({ ...d, label: dayText(d.day, language) })),
      from: stats.activity.from ? dayText(stats.activity.from, language) : null,
      to: stats.activity.to ? dayText(stats.activity.to, language) : null,
    },
  };
}

/**
 * One chart: its drawing (hidden from assistive technology, which reads the table instead) and its
 * table as the text alternative, both in the figure the heading names; the table opens on demand.
 */
function ChartSection({ id, title, note, chart, empty, children }: { id: string; title: string; note: string; chart: Markup | null; empty: string; children: ReactNode }) {
  const t = useT();
  return (
    <section className="card" aria-labelledby={`${id}-title`} data-testid={id}>
      <h2 id={`${id}-title`} className="text-lg font-semibold">{title}</h2>
      <p className="mb-3 text-sm text-slate-600">{note}</p>
      {chart ? (
        <figure className="m-0" aria-labelledby={`${id}-title`}>
          <ServerMarkup markup={chart} />
          <details className="mt-3">
            <summary className="cursor-pointer text-sm font-medium text-brand-700">{t('{{title}}: the data as a table', { title })}</summary>
            <div className="mt-2"><TableRegion label={title} framed={false}>{children}</TableRegion></div>
          </details>
        </figure>
      ) : (
        <EmptyState text={empty} />
      )}
    </section>
  );
}

/** What the category chart shows, of how many players (a team's solve counts for the member who submitted it). */
function categoryNote(t: TFunction, players: number, team: boolean): string {
  if (players === 1) {
    return team
      ? t("Of the one player, the share with a solve of their own in the category (a team's solve goes to the member who submitted it).")
      : t('Of the one player, the share with a solve of their own in the category.');
  }
  return team
    ? t("Of the {{count}} players, the share with a solve of their own in the category (a team's solve goes to the member who submitted it).", { count: players })
    : t('Of the {{count}} players, the share with a solve of their own in the category.', { count: players });
}

export default function Statistics() {
  const { charts, team, players, solves, solvesOverTime, challenges, categories, activity } = useLoaderData<typeof loader>();
  const t = useT();
  const unit = t(UNIT_HEADING[solvesOverTime.unit]);
  const playersText = players === 1 ? t('1 player') : t('{{count}} players', { count: players });
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('Statistics')}</h1>
        <p className="mt-1 text-sm text-slate-600" data-testid="statistics-summary">
          {solves === 1
            ? t('{{players}} (learners who tried a flag or submitted here) · 1 solve that count. Days are UTC days.', { players: playersText })
            : t('{{players}} (learners who tried a flag or submitted here) · {{count}} solves that count. Days are UTC days.', { players: playersText, count: solves })}
        </p>
      </div>

      <ChartSection id="solves-over-time" title={t('Solves over time')} note={t(PER_UNIT[solvesOverTime.unit])} chart={charts.solvesOverTime} empty={t(MESSAGES.noSolves)}>
        <table className="table">
          <caption className="sr-only">{t('Solves over time')}</caption>
          <thead><tr><th scope="col">{unit}</th><th scope="col">{t('Solves')}</th><th scope="col">{t('Total so far')}</th></tr></thead>
          <tbody>
            {solvesOverTime.buckets.map((b) => (
              <tr key={b.start}><th scope="row">{b.label}</th><td>{b.solves}</td><td>{b.total}</td></tr>
            ))}
          </tbody>
        </table>
      </ChartSection>

      <ChartSection
        id="solves-per-challenge"
        title={t('Solves per challenge')}
        note={team ? t('Solves that count, and the team that solved first (the member who submitted it).') : t('Solves that count, and who solved first.')}
        chart={charts.challenges}
        empty={t(challenges.length ? MESSAGES.noSolves : MESSAGES.emptyList)}
      >
        <table className="table">
          <caption className="sr-only">{t('Solves per challenge')}</caption>
          <thead><tr><th scope="col">{t('Challenge')}</th><th scope="col">{t('Category')}</th><th scope="col">{t('Solves')}</th><th scope="col">{t('First solver')}</th><th scope="col">{t('First solved (UTC)')}</th></tr></thead>
          <tbody>
            {challenges.map((c) => (
              <tr key={c.id} data-challenge={c.name}>
                <th scope="row">{c.name}{c.isActive ? null : <span className="ml-2 text-xs text-slate-500">{t('(inactive)')}</span>}</th>
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
        title={t('Players who solved each category')}
        note={categoryNote(t, players, team)}
        chart={charts.categories}
        empty={t(MESSAGES.emptyList)}
      >
        <table className="table">
          <caption className="sr-only">{t('Players who solved each category')}</caption>
          <thead><tr><th scope="col">{t('Category')}</th><th scope="col">{t('Players who solved')}</th><th scope="col">{t('Share of players')}</th></tr></thead>
          <tbody>
            {categories.map((c) => (
              <tr key={c.id}><th scope="row">{c.name}</th><td>{c.solvers}</td><td>{c.percent}%</td></tr>
            ))}
          </tbody>
        </table>
      </ChartSection>

      <ChartSection
        id="active-players"
        title={t('Active players per day')}
        note={activity.from ? t('Players who made a flag attempt or a submission that day, {{from}} to {{to}}.', { from: activity.from, to: activity.to ?? '' }) : t('Players who made a flag attempt or a submission that day.')}
        chart={charts.activity}
        empty={activity.from ? t('No player was active on these days.') : t('This event has not started yet.')}
      >
        <table className="table">
          <caption className="sr-only">{t('Active players per day')}</caption>
          <thead><tr><th scope="col">{t('Day')}</th><th scope="col">{t('Active players')}</th></tr></thead>
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
