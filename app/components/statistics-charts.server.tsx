// The statistics page's four charts as static SVG markup, rendered in the loader and shipped as HTML
// (like the scoreboard's chart, score-chart.server.tsx): the page needs no JavaScript for them and
// the browser bundle holds no visx. Each is '' when it has nothing to draw.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ScopeStatistics, TimeUnit } from '~/domain/scope-statistics.server';
import { DEFAULT_LANGUAGE, translator, type Language } from '~/lib/i18n';
import { ColumnChart, RowChart } from './bar-chart';
import { CHART_COLOURS } from './score-chart';

export interface StatisticsCharts {
  solvesOverTime: string;
  challenges: string;
  categories: string;
  activity: string;
}

// SPEC's chart colours (§9), one per chart; each bar is drawn inside the dark outline.
const [RED, BLUE, , PURPLE] = CHART_COLOURS;

const LOCALES: Record<Language, string> = { en: 'en-US', fr: 'fr-FR' };
const formats = (options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(Object.entries(LOCALES).map(([language, locale]) => [language, new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })])) as Record<Language, Intl.DateTimeFormat>;
const SHORT_DAY = formats({ month: 'short', day: 'numeric' });
const SHORT_MONTH = formats({ month: 'short', year: 'numeric' });
// The table's labels, as the domain writes them in English (scope-statistics.server.ts dayLabel).
const DAY = formats({ year: 'numeric', month: 'short', day: 'numeric' });
const MONTH = formats({ year: 'numeric', month: 'long' });
const dateOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** Under a column: "Nov 26" for a day or a week (its Monday), "Nov 2026" for a month; the table has the whole label. */
const tick = (unit: TimeUnit, day: string, language: Language) => (unit === 'month' ? SHORT_MONTH : SHORT_DAY)[language].format(dateOf(day));

/** A UTC day (YYYY-MM-DD) in full in the page's language: "Nov 26, 2026", "26 nov. 2026". */
export const dayText = (day: string, language: Language) => DAY[language].format(dateOf(day));

/** A bar of solves over time in words, as the table names it: its day, "Week of Nov 23, 2026", "November 2026". */
export function bucketText(unit: TimeUnit, start: string, language: Language): string {
  if (unit === 'day') return dayText(start, language);
  const t = translator(language);
  if (unit === 'week') return t('Week of {{day}}', { day: dayText(start, language) });
  return MONTH[language].format(dateOf(start));
}

/** The four charts, their dates in the page's language (the bars' data-bar keep the domain's labels). */
export function statisticsCharts(stats: ScopeStatistics, language: Language = DEFAULT_LANGUAGE): StatisticsCharts {
  const { unit, buckets } = stats.solvesOverTime;
  const solved = stats.challenges.some((c) => c.solves > 0);
  return {
    solvesOverTime: buckets.length
      ? renderToStaticMarkup(<ColumnChart colour={BLUE} data={buckets.map((b) => ({ label: b.label, tick: tick(unit, b.start, language), value: b.solves }))} />)
      : '',
    challenges: solved ? renderToStaticMarkup(<RowChart colour={BLUE} data={stats.challenges.map((c) => ({ label: c.name, value: c.solves }))} />) : '',
    categories:
      stats.players && stats.categories.length
        ? renderToStaticMarkup(<RowChart colour={PURPLE!} max={100} unit="%" data={stats.categories.map((c) => ({ label: c.name, value: c.percent }))} />)
        : '',
    activity: stats.activity.days.some((d) => d.players > 0)
      ? renderToStaticMarkup(<ColumnChart colour={RED!} data={stats.activity.days.map((d) => ({ label: d.label, tick: tick('day', d.day, language), value: d.players }))} />)
      : '',
  };
}
