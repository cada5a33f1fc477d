// The top-5 line chart of a scoreboard (SPEC §9), drawn with visx (scales, axes, groups, line
// paths) and rendered on the server to plain HTML and SVG: it shows without JavaScript and ships no
// chart code (score-chart.server.tsx).
//
// Readable on every width (ISSUE 8 §6, issue 20 §5): an SVG scales its text with its width, so the
// chart is drawn twice, for a phone and for wider screens, each with its own viewBox, font size and
// maximum width, and CSS shows the one that fits (DRAWINGS). Fewer date labels on narrow screens. Players differ by colour (SPEC §9), dash pattern
// and marker shape; the legend is HTML, and a visually hidden table sums the data up.
// Its weight is bounded whatever a player's number of solves: at most 8 or 12 markers per line
// and one table row per player (a row per solve made the large scoreboard 300 KB).
import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { Group } from '@visx/group';
import { Line, LinePath } from '@visx/shape';
import { scaleLinear, scalePoint } from '@visx/scale';
import { DEFAULT_LANGUAGE, translator, type Language } from '~/lib/i18n';

/** Line colours of players 1 to 5 (SPEC §9). */
export const CHART_COLOURS = ['#FF5733', '#337DFF', '#33FF57', '#A033FF', '#FFA133'] as const;
/**
 * Drawn under every line, a little wider: SPEC's green (#33FF57) and orange (#FFA133) stand at
 * 1.4:1 and 2.0:1 against white, under the 3:1 a line needs (WCAG 1.4.11), and the outline's edge
 * is what the eye finds against the background (14:1); the colour stays SPEC's, inside it.
 */
export const LINE_OUTLINE = '#1e293b';
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

/** A line's path in one drawing (the phone's or the wide one's), drawn by reference twice. */
const lineId = (drawing: { width: number }, i: number) => `sc-l${drawing.width}-${i + 1}`;

/** A marker is drawn once (MarkerShapes) and placed by reference: a chart holds up to 100 of them. */
const markerId = (index: number) => `sc-m${index + 1}`;

function MarkerShapes() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true">
      <defs>
        {MARKERS.map((d, i) => <path key={i} id={markerId(i)} d={d} fill={CHART_COLOURS[i]} stroke="#1e293b" />)}
      </defs>
    </svg>
  );
}

/** SPEC §3: a line is labelled by the entry's username, or its name (teams) when it has none. */
export const chartLabel = (entry: { username?: string | null; name?: string | null }) => entry.username || entry.name || '';

// SPEC §9: en-US, numeric year, month, day, hour, minute, 12-hour clock; French pages write the
// day first and a 24-hour clock. UTC, so the server's zone does not leak into the page.
const DATE_LABELS: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hour12: true, timeZone: 'UTC' }),
  fr: new Intl.DateTimeFormat('fr-FR', { year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', timeZone: 'UTC' }),
};
export const formatChartDate = (time: number | Date, language: Language = DEFAULT_LANGUAGE) => DATE_LABELS[language].format(time);

/** A date label's day and time, for two lines: "11/26/2026, " then "3:04 PM" ("26/11/2026 " then "15:04"). */
function dayAndTime(label: string): [string, string | undefined] {
  const parts = /^(.*?(?:, | ))(\d.*)$/.exec(label);
  return parts ? [parts[1]!, parts[2]] : [label, undefined];
}

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

/** The points of a line that carry a marker: at most `most`, evenly spread, the last one always (where the line ends). */
function markedPoints<T>(points: T[], most: number): T[] {
  if (points.length <= most) return points;
  const step = (points.length - 1) / (most - 1);
  return Array.from({ length: most }, (_, k) => points[Math.round(k * step)]!);
}

/**
 * The two drawings, each as wide as the card up to its own maximum: the width it gets over its
 * viewBox's is the scale of its text, 0.82-1.27 below `sm` (246-380 px over 300), 0.79-1.07 above
 * (566-768 px over 720), so the text stays between 11.5 and 17.5 px on screen.
 */
const DRAWINGS = [
  { className: 'block max-w-[380px] sm:hidden', width: 300, height: 240, font: 14, xLabels: 2, markers: 8 },
  { className: 'hidden max-w-3xl sm:block', width: 720, height: 320, font: 15, xLabels: 5, markers: 12 },
] as const;

type Drawing = (typeof DRAWINGS)[number];
interface ChartLine { label: string; points: { time: number; total: number }[] }

function Plot({ drawing, lines, times, top, ticks, language }: { drawing: Drawing; lines: ChartLine[]; times: number[]; top: number; ticks: number[]; language: Language }) {
  const { width, height, font } = drawing;
  // Room for five-digit scores on the left and two lines of date under the plot.
  const margin = { top: font, right: font, bottom: Math.round(font * 3.2), left: Math.round(font * 3.6) };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const x = scalePoint<number>({ domain: times, range: [0, innerWidth], padding: times.length === 1 ? 0.5 : 0, round: true });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], round: true });
  const labelled = spread(times, drawing.xLabels);
  const xAt = (time: number) => x(time) ?? 0;
  // The outer labels stay inside the plot's width: no overflow on a phone.
  const anchor = (index: number) => (labelled.length < 2 ? 'middle' : index === 0 ? 'start' : index === labelled.length - 1 ? 'end' : 'middle');
  // A date over its time: "11/26/2026, " then "3:04 PM" (the text keeps SPEC's format as one string).
  const dateTick = ({ x: at, y: below, formattedValue, textAnchor, fontSize }: TickRendererProps) => {
    const [date, time] = dayAndTime(formattedValue ?? '');
    return (
      <text x={at} y={below} fontSize={fontSize} fill="#475569" textAnchor={textAnchor} data-testid="score-chart-x-label">
        <tspan x={at}>{date}</tspan>
        {time === undefined ? null : <tspan x={at} dy="1.2em">{time}</tspan>}
      </text>
    );
  };
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={`${drawing.className} h-auto w-full overflow-visible`} aria-hidden="true">
      <Group left={margin.left} top={margin.top}>
        {ticks.map((v) => <Line key={v} from={{ x: 0, y: y(v) }} to={{ x: innerWidth, y: y(v) }} stroke="#e2e8f0" />)}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          tickFormat={(v) => String(v)}
          stroke="#94a3b8"
          hideTicks
          tickComponent={({ x: at, y: level, formattedValue }) => (
            <text x={at - font / 2} y={level} dy="0.35em" fontSize={font} fill="#475569" textAnchor="end">{formattedValue}</text>
          )}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={labelled}
          tickFormat={(time) => formatChartDate(time, language)}
          stroke="#94a3b8"
          tickStroke="#94a3b8"
          tickLength={4}
          tickLabelProps={(_, index) => ({ fontSize: font, textAnchor: anchor(index) })}
          tickComponent={dateTick}
        />
        {/* Each line's path once, drawn twice by reference: its outline, then its colour on it. */}
        <defs>
          {lines.map((line, i) =>
            line.points.length > 1 ? <LinePath key={i} id={lineId(drawing, i)} data={line.points} x={(p) => xAt(p.time)} y={(p) => y(p.total)} /> : null,
          )}
        </defs>
        <g fill="none" stroke={LINE_OUTLINE} strokeWidth={4.5}>
          {lines.map((line, i) => (line.points.length > 1 ? <use key={i} href={`#${lineId(drawing, i)}`} strokeDasharray={DASHES[i]} data-outline={line.label} /> : null))}
        </g>
        <g fill="none" strokeWidth={2.5}>
          {lines.map((line, i) => (line.points.length > 1 ? <use key={i} href={`#${lineId(drawing, i)}`} stroke={CHART_COLOURS[i]} strokeDasharray={DASHES[i]} data-player={line.label} /> : null))}
        </g>
        {lines.map((line, i) =>
          markedPoints(line.points, drawing.markers).map((p) => (
            <use key={`${i}:${p.time}`} href={`#${markerId(i)}`} x={xAt(p.time)} y={y(p.total)} data-marker={i + 1} />
          )),
        )}
      </Group>
    </svg>
  );
}

/**
 * Rendered on the server outside the page (score-chart.server.tsx), so it is given the page's
 * `language` rather than reading it; its texts and dates follow it.
 */
export function ScoreChart({ players, max, title, language = DEFAULT_LANGUAGE }: { players: ChartPlayer[]; max: number; title?: string; language?: Language }) {
  const t = translator(language);
  const caption = title ?? t('Score over time of the top 5 players');
  const lines = players.slice(0, CHART_COLOURS.length).map((p) => {
    let total = 0;
    return { label: p.label, points: p.submissions.map((s) => ({ time: new Date(s.date).getTime(), total: (total += s.score) })) };
  });
  // One x position per submission date, like a chart whose labels are the submission dates.
  const times = [...new Set(lines.flatMap((l) => l.points.map((p) => p.time)))].sort((a, b) => a - b);
  const top = max > 0 ? max : Math.max(1, ...lines.flatMap((l) => l.points.map((p) => p.total)));
  const ticks = yTicks(top);

  return (
    <figure data-testid="score-chart" className="m-0">
      <figcaption className="mb-3 text-sm font-semibold text-slate-700">{caption}</figcaption>
      {/* The drawing: its data is in the table below, so assistive technology skips it. */}
      <MarkerShapes />
      {DRAWINGS.map((drawing) => <Plot key={drawing.width} drawing={drawing} lines={lines} times={times} top={top} ticks={ticks} language={language} />)}
      <ul data-testid="score-chart-legend" aria-label={t('Legend')} className="mt-3 flex flex-wrap gap-x-5 gap-y-2 text-sm text-slate-800">
        {lines.map((line, i) => (
          <li key={i} className="flex items-center gap-2">
            <svg width="34" height="14" aria-hidden="true" className="shrink-0">
              <line x1="1" x2="33" y1="7" y2="7" stroke={LINE_OUTLINE} strokeWidth={4.5} strokeDasharray={DASHES[i]} />
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
          <caption>{t("{{title}}: each player's counted solves, first and last, and total score", { title: caption })}</caption>
          <thead>
            <tr><th scope="col">{t('Player')}</th><th scope="col">{t('Solves')}</th><th scope="col">{t('First solve (UTC)')}</th><th scope="col">{t('Last solve (UTC)')}</th><th scope="col">{t('Total score')}</th></tr>
          </thead>
          <tbody>
            {lines.map((line, i) => (
              <tr key={i}>
                <td>{line.label}</td>
                <td>{line.points.length}</td>
                <td>{line.points.length ? formatChartDate(line.points[0]!.time, language) : ''}</td>
                <td>{line.points.length ? formatChartDate(line.points.at(-1)!.time, language) : ''}</td>
                <td>{line.points.at(-1)?.total ?? 0}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
