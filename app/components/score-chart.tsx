// The top-5 line chart of a scoreboard (SPEC §9). Drawn with visx shape, scale and axis because
// they produce plain SVG on the server: the chart shows without JavaScript and needs none.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scalePoint } from '@visx/scale';
import { LinePath } from '@visx/shape';

/** Line colours of players 1 to 5 (SPEC §9). */
export const CHART_COLOURS = ['#FF5733', '#337DFF', '#33FF57', '#A033FF', '#FFA133'] as const;

export interface ChartPlayer {
  label: string;
  /** Counted submissions, oldest first. */
  submissions: { score: number; date: Date | string }[];
}

/** SPEC §3: a line is labelled by the entry's username, or its name (teams) when it has none. */
export const chartLabel = (entry: { username?: string | null; name?: string | null }) => entry.username || entry.name || '';

const WIDTH = 800;
const PLOT_HEIGHT = 260;
// The left margin leaves room for the first slanted date label.
const MARGIN = { top: 16, right: 32, bottom: 96, left: 96 };
const LEGEND_ROW = 22;
const MAX_X_LABELS = 6;

// SPEC §9: en-US, numeric year, month, day, hour, minute, 12-hour clock. UTC, so the server's
// zone does not leak into the page.
const dateLabel = new Intl.DateTimeFormat('en-US', {
  year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hour12: true, timeZone: 'UTC',
});
export const formatChartDate = (time: number | Date) => dateLabel.format(time);

/** Tick values of the y axis: 0, step, 2·step… with step = ceil(max / 5), and the maximum itself. */
export function yTicks(max: number): number[] {
  if (max <= 0) return [0];
  const step = Math.ceil(max / 5);
  const ticks: number[] = [];
  for (let v = 0; v <= max; v += step) ticks.push(v);
  if (ticks.at(-1) !== max) ticks.push(max);
  return ticks;
}

/** At most `n` labels, spread evenly over the dates, first and last included. */
function spread<T>(values: T[], n: number): T[] {
  if (values.length <= n) return values;
  const picked = new Set<T>();
  for (let i = 0; i < n; i++) picked.add(values[Math.round((i * (values.length - 1)) / (n - 1))]);
  return [...picked];
}

/** Legend items laid out in rows that fit the width (label widths estimated: no DOM on the server). */
function legendLayout(labels: string[]) {
  const rows: { x: number; label: string; index: number }[][] = [[]];
  let x = 0;
  labels.forEach((label, index) => {
    const w = 20 + label.length * 7.5 + 24;
    if (x + w > WIDTH - MARGIN.left && rows.at(-1)!.length) {
      rows.push([]);
      x = 0;
    }
    rows.at(-1)!.push({ x, label, index });
    x += w;
  });
  return rows;
}

export function ScoreChart({ players, max, title = 'Score over time of the top 5 players' }: { players: ChartPlayer[]; max: number; title?: string }) {
  const lines = players.slice(0, CHART_COLOURS.length).map((p) => {
    let total = 0;
    return { label: p.label, points: p.submissions.map((s) => ({ time: new Date(s.date).getTime(), total: (total += s.score) })) };
  });
  // One x position per submission date, like a chart whose labels are the submission dates.
  const times = [...new Set(lines.flatMap((l) => l.points.map((p) => p.time)))].sort((a, b) => a - b);
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const x = scalePoint<number>({ domain: times, range: [0, innerWidth], padding: times.length === 1 ? 0.5 : 0 });
  const top = max > 0 ? max : Math.max(1, ...lines.flatMap((l) => l.points.map((p) => p.total)));
  const y = scaleLinear<number>({ domain: [0, top], range: [PLOT_HEIGHT, 0], round: true });
  const legend = legendLayout(lines.map((l) => l.label));
  const height = MARGIN.top + PLOT_HEIGHT + MARGIN.bottom + legend.length * LEGEND_ROW;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${height}`}
      width="100%"
      role="img"
      aria-labelledby="score-chart-title"
      data-testid="score-chart"
      className="h-auto max-w-full"
      fontFamily="ui-sans-serif, system-ui, sans-serif"
    >
      <title id="score-chart-title">{title}</title>
      <Group left={MARGIN.left} top={MARGIN.top}>
        {yTicks(max).map((v) => (
          <line key={v} x1={0} x2={innerWidth} y1={y(v)} y2={y(v)} stroke="#e2e8f0" />
        ))}
        <AxisLeft scale={y} tickValues={max > 0 ? yTicks(max) : undefined} numTicks={5} stroke="#94a3b8" tickStroke="#94a3b8"
          tickLabelProps={{ fill: '#475569', fontSize: 11, textAnchor: 'end', dx: -4, dy: 3 }} />
        <AxisBottom scale={x} top={PLOT_HEIGHT} tickValues={spread(times, MAX_X_LABELS)} tickFormat={(t) => formatChartDate(t)} stroke="#94a3b8" tickStroke="#94a3b8"
          tickLabelProps={{ fill: '#475569', fontSize: 10, textAnchor: 'end', angle: -30, dx: -4, dy: 4 }} />
        {lines.map((line, i) =>
          // A line through one point draws nothing: a single solve shows as a dot.
          line.points.length === 1 ? (
            <circle key={i} cx={Math.round(x(line.points[0].time) ?? 0)} cy={y(line.points[0].total)} r={3} fill={CHART_COLOURS[i]} data-player={line.label} />
          ) : (
            <LinePath key={i} data={line.points} x={(p) => Math.round((x(p.time) ?? 0) * 10) / 10} y={(p) => y(p.total)} stroke={CHART_COLOURS[i]} strokeWidth={2} fill="none" data-player={line.label} />
          ),
        )}
      </Group>
      <g transform={`translate(${MARGIN.left}, ${MARGIN.top + PLOT_HEIGHT + MARGIN.bottom - 8})`} data-testid="score-chart-legend">
        {legend.map((row, r) =>
          row.map((item) => (
            <g key={item.index} transform={`translate(${Math.round(item.x)}, ${r * LEGEND_ROW})`}>
              <rect width={14} height={14} y={-11} rx={2} fill={CHART_COLOURS[item.index]} />
              <text x={20} fontSize={13} fill="#1e293b">{item.label}</text>
            </g>
          )),
        )}
      </g>
    </svg>
  );
}
