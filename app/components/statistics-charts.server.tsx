// The statistics page's four charts as static SVG markup, rendered in the loader and shipped as HTML
// (like the scoreboard's chart, score-chart.server.tsx): the page needs no JavaScript for them and
// the browser bundle holds no visx. Each is '' when it has nothing to draw.
import { renderToStaticMarkup } from 'react-dom/server';
import type { ScopeStatistics, TimeUnit } from '~/domain/scope-statistics.server';
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

const SHORT_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const SHORT_MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });
/** Under a column: "Nov 26" for a day or a week (its Monday), "Nov 2026" for a month; the table has the whole label. */
const tick = (unit: TimeUnit, day: string) => (unit === 'month' ? SHORT_MONTH : SHORT_DAY).format(new Date(`${day}T00:00:00Z`));

export function statisticsCharts(stats: ScopeStatistics): StatisticsCharts {
  const { unit, buckets } = stats.solvesOverTime;
  const solved = stats.challenges.some((c) => c.solves > 0);
  return {
    solvesOverTime: buckets.length
      ? renderToStaticMarkup(<ColumnChart colour={BLUE} data={buckets.map((b) => ({ label: b.label, tick: tick(unit, b.start), value: b.solves }))} />)
      : '',
    challenges: solved ? renderToStaticMarkup(<RowChart colour={BLUE} data={stats.challenges.map((c) => ({ label: c.name, value: c.solves }))} />) : '',
    categories:
      stats.players && stats.categories.length
        ? renderToStaticMarkup(<RowChart colour={PURPLE!} max={100} unit="%" data={stats.categories.map((c) => ({ label: c.name, value: c.percent }))} />)
        : '',
    activity: stats.activity.days.some((d) => d.players > 0)
      ? renderToStaticMarkup(<ColumnChart colour={RED!} data={stats.activity.days.map((d) => ({ label: d.label, tick: tick('day', d.day), value: d.players }))} />)
      : '',
  };
}
