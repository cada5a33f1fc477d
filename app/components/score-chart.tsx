// The top-5 line chart of a scoreboard (SPEC §9). Rendered on the server to plain HTML and SVG: it
// shows without JavaScript and needs none.
//
// Readable on every width (ISSUE 8 §6): the text (axis labels, legend) is HTML, so it keeps its CSS
// size (12 px and more) instead of shrinking with a scaled SVG; only the lines are stretched to the
// plot (a viewBox with preserveAspectRatio="none" and non-scaling strokes), and markers sit at
// percentage positions, so they keep their shape. Fewer date labels on narrow screens. Players differ
// by colour (SPEC §9), dash pattern and marker shape; a visually hidden table sums the data up.
// Its weight is bounded whatever a player's number of solves: at most MAX_MARKERS markers per line
// and one table row per player (a row per solve made the large scoreboard 300 KB).
import { scaleLinear, scalePoint } from '@visx/scale';

/** Line colours of players 1 to 5 (SPEC §9). */
export const CHART_COLOURS = ['#FF5733', '#337DFF', '#33FF57', '#A033FF', '#FFA133'] as const;
/** Told apart without colour: a dash pattern and a marker shape per player. */
const DASHES = [undefined, '8 4', '2 3', '10 3 2 3', '4 4'] as const;
const MARKERS = [
  'M0,-5A5,5 0 1 1 0,5A5,5 0 1 1 0,-5Z', // circle
  'M-4.5,-4.5H4.5V4.5H-4.5Z', // square
  'M0,-6L5.5,4H-5.5Z', // triangle
  'M0,-6L6,0L0,6L-6,0Z', // diamond
  'M0,6L5.5,-4H-5.5Z', // triangle pointing down
] as const;

export interface ChartPlayer {
  label: string;
  /** Counted submissions, oldest first. */
  submissions: { score: number; date: Date | string }[];
}

/** SPEC §3: a line is labelled by the entry's username, or its name (teams) when it has none. */
export const chartLabel = (entry: { username?: string | null; name?: string | null }) => entry.username || entry.name || '';

/** Date labels: up to this many on wide screens, only the first and last on narrow ones. */
const MAX_X_LABELS = 6;
// The lines' own coordinate space, stretched to the plot whatever its size.
const PLOT = 1000;

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

/** At most `n` values, spread evenly, first and last included. */
function spread<T>(values: T[], n: number): T[] {
  if (values.length <= n) return values;
  const picked = new Set<T>();
  for (let i = 0; i < n; i++) picked.add(values[Math.round((i * (values.length - 1)) / (n - 1))]);
  return [...picked];
}

const pct = (n: number) => `${Math.round(n * 100) / 100}%`;

const MAX_MARKERS = 12;

/** The points of a line that carry a marker: evenly spread, the last one always (where the line ends). */
function markedPoints<T>(points: T[]): T[] {
  if (points.length <= MAX_MARKERS) return points;
  const step = (points.length - 1) / (MAX_MARKERS - 1);
  return Array.from({ length: MAX_MARKERS }, (_, k) => points[Math.round(k * step)]!);
}

function Marker({ index, x, y }: { index: number; x: string; y: string }) {
  return (
    <svg x={x} y={y} overflow="visible">
      <path d={MARKERS[index]} fill={CHART_COLOURS[index]} stroke="#1e293b" strokeWidth={1} data-marker={index + 1} />
    </svg>
  );
}

export function ScoreChart({ players, max, title = 'Score over time of the top 5 players' }: { players: ChartPlayer[]; max: number; title?: string }) {
  const lines = players.slice(0, CHART_COLOURS.length).map((p) => {
    let total = 0;
    return { label: p.label, points: p.submissions.map((s) => ({ time: new Date(s.date).getTime(), total: (total += s.score) })) };
  });
  // One x position per submission date, like a chart whose labels are the submission dates.
  const times = [...new Set(lines.flatMap((l) => l.points.map((p) => p.time)))].sort((a, b) => a - b);
  const x = scalePoint<number>({ domain: times, range: [0, 100], padding: times.length === 1 ? 0.5 : 0 });
  const top = max > 0 ? max : Math.max(1, ...lines.flatMap((l) => l.points.map((p) => p.total)));
  const y = scaleLinear<number>({ domain: [0, top], range: [100, 0] });
  const ticks = max > 0 ? yTicks(max) : yTicks(top);
  const wide = spread(times, MAX_X_LABELS);
  const narrow = new Set(spread(times, 2));

  return (
    <figure data-testid="score-chart" className="m-0">
      <figcaption className="mb-3 text-sm font-semibold text-slate-700">{title}</figcaption>
      {/* The drawing: its data is in the table below, so assistive technology skips it. */}
      <div aria-hidden="true" className="pl-12 pr-2 pt-2">
        <div className="relative h-56 sm:h-64">
          {ticks.map((v) => (
            <span key={v} className="absolute -left-12 w-10 -translate-y-1/2 text-right text-xs leading-none text-slate-600" style={{ top: pct(y(v)) }}>{v}</span>
          ))}
          <svg className="absolute inset-0 h-full w-full overflow-visible">
            {ticks.map((v) => <line key={v} x1="0" x2="100%" y1={pct(y(v))} y2={pct(y(v))} stroke="#e2e8f0" />)}
            <line x1="0" x2="0" y1="0" y2="100%" stroke="#94a3b8" />
            <line x1="0" x2="100%" y1="100%" y2="100%" stroke="#94a3b8" />
            <svg viewBox={`0 0 ${PLOT} ${PLOT}`} preserveAspectRatio="none" width="100%" height="100%" overflow="visible">
              {lines.map((line, i) =>
                line.points.length > 1 ? (
                  <path
                    key={i}
                    d={line.points.map((p, j) => `${j ? 'L' : 'M'}${Math.round((x(p.time) ?? 0) * PLOT) / 100},${Math.round(y(p.total) * PLOT) / 100}`).join('')}
                    stroke={CHART_COLOURS[i]} strokeWidth={2.5} strokeDasharray={DASHES[i]} fill="none" vectorEffect="non-scaling-stroke"
                    data-player={line.label}
                  />
                ) : null,
              )}
            </svg>
            {lines.map((line, i) => markedPoints(line.points).map((p) => <Marker key={`${i}:${p.time}`} index={i} x={pct(x(p.time) ?? 0)} y={pct(y(p.total))} />))}
          </svg>
        </div>
        <div className="relative mt-2 h-9 text-xs leading-tight text-slate-600">
          {wide.map((t, k) => {
            const at = x(t) ?? 0;
            // The outer labels stay inside the plot's width: no overflow on a phone.
            const shift = wide.length > 1 && k === 0 ? '0' : wide.length > 1 && k === wide.length - 1 ? '-100%' : '-50%';
            return (
              <span
                key={t}
                data-testid="score-chart-x-label"
                className={`absolute top-0 w-20 text-center ${narrow.has(t) ? '' : 'hidden sm:block'} ${shift === '0' ? 'text-left' : shift === '-100%' ? 'text-right' : ''}`}
                style={{ left: pct(at), transform: `translateX(${shift})` }}
              >
                {formatChartDate(t)}
              </span>
            );
          })}
        </div>
      </div>
      <ul data-testid="score-chart-legend" aria-label="Legend" className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-800">
        {lines.map((line, i) => (
          <li key={i} className="flex items-center gap-2">
            <svg width="34" height="14" aria-hidden="true" className="shrink-0">
              <line x1="1" x2="33" y1="7" y2="7" stroke={CHART_COLOURS[i]} strokeWidth={2.5} strokeDasharray={DASHES[i]} />
              <g transform="translate(17, 7)"><path d={MARKERS[i]} fill={CHART_COLOURS[i]} stroke="#1e293b" strokeWidth={1} /></g>
            </svg>
            <span className="break-all">{line.label}</span>
          </li>
        ))}
      </ul>
      {/* In a visually hidden box: a table does not shrink to the 1 px of sr-only by itself. */}
      <div className="sr-only">
        <table data-testid="score-chart-data">
          <caption>{title}: each player's counted solves, first and last, and total score</caption>
          <thead>
            <tr><th scope="col">Player</th><th scope="col">Solves</th><th scope="col">First solve (UTC)</th><th scope="col">Last solve (UTC)</th><th scope="col">Total score</th></tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i}>
                <td>{line.label}</td>
                <td>{line.points.length}</td>
                <td>{line.points.length ? formatChartDate(line.points[0]!.time) : ''}</td>
                <td>{line.points.length ? formatChartDate(line.points.at(-1)!.time) : ''}</td>
                <td>{line.points.at(-1)?.total ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
