// Bar charts of the statistics pages, drawn with visx (scales, axes, groups, bars) and rendered on the
// server to static SVG (statistics-charts.server.tsx): no chart code reaches the browser. They keep
// the scoreboard chart's conventions (score-chart.tsx): SPEC's colours inside the dark outline,
// the same y ticks, and two drawings, for phones and for wider screens, each with its own viewBox
// and font size so the text stays 11.5-17.5 px on screen. The drawing is hidden from assistive
// technology: the page gives each chart its table.
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Line } from '@visx/shape';
import { LINE_OUTLINE, yTicks } from './score-chart';

export interface BarDatum {
  label: string;
  value: number;
  /** A shorter label under a column ("Nov 26"); the label when absent. */
  tick?: string;
}

const DRAWINGS = [
  { className: 'block max-w-[380px] sm:hidden', width: 300, height: 240, font: 14, xLabels: 2, labelChars: 12 },
  { className: 'hidden max-w-3xl sm:block', width: 720, height: 320, font: 15, xLabels: 5, labelChars: 28 },
] as const;
type Drawing = (typeof DRAWINGS)[number];

const TEXT = '#475569';
const AXIS = '#94a3b8';
const GRID = '#e2e8f0';

/** At most `n` indexes of `length`, spread evenly, first and last included. */
function spreadIndexes(length: number, n: number): Set<number> {
  if (length <= n) return new Set(Array.from({ length }, (_, i) => i));
  return new Set(Array.from({ length: n }, (_, i) => Math.round((i * (length - 1)) / (n - 1))));
}

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Upright bars over time (one per day, week or month); only a few labels under them. */
function Columns({ drawing, data, colour }: { drawing: Drawing; data: BarDatum[]; colour: string }) {
  const { width, height, font } = drawing;
  const margin = { top: font, right: font, bottom: Math.round(font * 2.2), left: Math.round(font * 3.2) };
  const innerWidth = width - margin.left - margin.right;
  const innerHeight = height - margin.top - margin.bottom;
  const top = Math.max(1, ...data.map((d) => d.value));
  const ticks = yTicks(top);
  // A few bars do not fill the width: each is at most five characters wide, the group centred.
  const used = Math.min(innerWidth, data.length * font * 5);
  const x = scaleBand<number>({ domain: data.map((_, i) => i), range: [(innerWidth - used) / 2, (innerWidth + used) / 2], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, top], range: [innerHeight, 0], round: true });
  const labelled = [...spreadIndexes(data.length, drawing.xLabels)];
  // Across the whole width, the outer labels stay inside it (no overflow on a phone); a narrower
  // group of bars centres every label under its bar.
  const anchor = (k: number) => (labelled.length < 2 || used < innerWidth ? 'middle' : k === 0 ? 'start' : k === labelled.length - 1 ? 'end' : 'middle');
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={`${drawing.className} h-auto w-full overflow-visible`} aria-hidden="true">
      <Group left={margin.left} top={margin.top}>
        {ticks.map((v) => <Line key={v} from={{ x: 0, y: y(v) }} to={{ x: innerWidth, y: y(v) }} stroke={GRID} />)}
        <AxisLeft
          scale={y}
          tickValues={ticks}
          tickFormat={(v) => String(v)}
          stroke={AXIS}
          hideTicks
          tickComponent={({ x: at, y: level, formattedValue }) => (
            <text x={at - font / 2} y={level} dy="0.35em" fontSize={font} fill={TEXT} textAnchor="end">{formattedValue}</text>
          )}
        />
        <AxisBottom
          top={innerHeight}
          scale={x}
          tickValues={labelled}
          tickFormat={(i) => { const d = data[i as number]; return d ? (d.tick ?? d.label) : ''; }}
          hideAxisLine
          tickStroke={AXIS}
          tickLength={4}
          tickLabelProps={(_, k) => ({ fontSize: font, fill: TEXT, textAnchor: anchor(k) })}
          tickComponent={({ x: at, y: below, formattedValue, textAnchor }) => (
            <text x={at} y={below} fontSize={font} fill={TEXT} textAnchor={textAnchor} data-testid="bar-chart-x-label">{formattedValue}</text>
          )}
        />
        <Line from={{ x: 0, y: innerHeight }} to={{ x: innerWidth, y: innerHeight }} stroke={AXIS} />
        <g stroke={LINE_OUTLINE} strokeWidth={1} fill={colour}>
          {data.map((d, i) =>
            d.value > 0 ? <Bar key={i} x={x(i)} y={y(d.value)} width={x.bandwidth()} height={innerHeight - y(d.value)} data-bar={d.label} data-value={d.value} /> : null,
          )}
        </g>
      </Group>
    </svg>
  );
}

/** One bar per row, its name on the left (cut to fit; the table has it whole), its value at its end. */
function Rows({ drawing, data, colour, max, unit }: { drawing: Drawing; data: BarDatum[]; colour: string; max: number; unit: string }) {
  const { width, font } = drawing;
  const row = Math.round(font * 2);
  const margin = { top: 4, right: Math.round(font * 3), bottom: 4, left: Math.round(font * drawing.labelChars * 0.58) };
  const height = margin.top + margin.bottom + row * data.length;
  const innerWidth = width - margin.left - margin.right;
  const y = scaleBand<number>({ domain: data.map((_, i) => i), range: [0, row * data.length], padding: 0.25 });
  const x = scaleLinear<number>({ domain: [0, Math.max(1, max)], range: [0, innerWidth], round: true });
  return (
    <svg viewBox={`0 0 ${width} ${height}`} className={`${drawing.className} h-auto w-full overflow-visible`} aria-hidden="true">
      <Group left={margin.left} top={margin.top}>
        <Line from={{ x: 0, y: 0 }} to={{ x: 0, y: row * data.length }} stroke={AXIS} />
        {data.map((d, i) => {
          const top = y(i) ?? 0;
          const middle = top + y.bandwidth() / 2;
          return (
            <g key={i}>
              <text x={-font / 2} y={middle} dy="0.35em" fontSize={font} fill={TEXT} textAnchor="end">{cut(d.label, drawing.labelChars)}</text>
              {d.value > 0 ? (
                <Bar x={0} y={top} width={Math.max(1, x(d.value))} height={y.bandwidth()} fill={colour} stroke={LINE_OUTLINE} strokeWidth={1} data-bar={d.label} data-value={d.value} />
              ) : null}
              <text x={x(d.value) + font / 2} y={middle} dy="0.35em" fontSize={font} fill={TEXT}>{`${d.value}${unit}`}</text>
            </g>
          );
        })}
      </Group>
    </svg>
  );
}

/** Bars over time, in both drawings (CSS shows the one that fits). */
export function ColumnChart({ data, colour }: { data: BarDatum[]; colour: string }) {
  return <>{DRAWINGS.map((drawing) => <Columns key={drawing.width} drawing={drawing} data={data} colour={colour} />)}</>;
}

/** Bars per name, in both drawings; `max` is the scale's end (100 for percentages), `unit` follows each value. */
export function RowChart({ data, colour, max, unit = '' }: { data: BarDatum[]; colour: string; max?: number; unit?: string }) {
  const end = max ?? Math.max(1, ...data.map((d) => d.value));
  return <>{DRAWINGS.map((drawing) => <Rows key={drawing.width} drawing={drawing} data={data} colour={colour} max={end} unit={unit} />)}</>;
}
