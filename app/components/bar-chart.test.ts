// The statistics' bar charts: static SVG in two drawings (phone, wide), hidden from assistive
// technology (the page gives each its table), a bar per non-zero value inside the dark outline.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColumnChart, RowChart } from './bar-chart';
import { LINE_OUTLINE } from './score-chart';

const count = (html: string, pattern: RegExp) => [...html.matchAll(pattern)].length;

describe('bar charts', () => {
  it('draw columns over time with a few labels, and rows with their names and values', () => {
    const days = Array.from({ length: 30 }, (_, i) => ({ label: `Day ${i + 1}`, tick: `D${i + 1}`, value: i % 3 }));
    const columns = renderToStaticMarkup(createElement(ColumnChart, { data: days, colour: '#337DFF' }));
    expect(count(columns, /<svg[^>]*aria-hidden="true"/g)).toBe(2);
    // Ten days have no solve: no bar for them, in either drawing.
    expect(count(columns, /data-bar=/g)).toBe(2 * 20);
    expect(columns).toContain(`stroke="${LINE_OUTLINE}"`);
    // Labels: the first and last on a phone, five on wider screens.
    expect(count(columns, /data-testid="bar-chart-x-label"/g)).toBe(2 + 5);
    expect(columns).toContain('>D1<');
    expect(columns).toContain('>D30<');

    const rows = renderToStaticMarkup(createElement(RowChart, { data: [{ label: 'A challenge with a rather long name indeed', value: 50 }, { label: 'Web', value: 0 }], colour: '#A033FF', max: 100, unit: '%' }));
    expect(count(rows, /data-bar=/g)).toBe(2);
    expect(count(rows, />50%</g)).toBe(2);
    expect(count(rows, />0%</g)).toBe(2);
    // Names are cut to fit each drawing; the table has them whole.
    expect(rows).toContain('>A challenge…<');
    expect(rows).toContain('>A challenge with a rather l…<');
  });
});
