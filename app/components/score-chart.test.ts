// The chart's lines stand out from the white page (WCAG 1.4.11, 3:1 for graphics): SPEC's colours
// stay, each drawn inside a darker outline.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CHART_COLOURS, LINE_OUTLINE, ScoreChart } from './score-chart';

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const players = CHART_COLOURS.map((_, i) => ({ label: `p${i + 1}`, submissions: [{ score: 10 * (i + 1), date: '2026-11-01T10:00:00Z' }, { score: 10, date: '2026-11-02T10:00:00Z' }] }));

describe('score chart', () => {
  it('draws every line inside an outline that stands out from white, since two of SPEC\'s colours do not', () => {
    expect(CHART_COLOURS.filter((c) => contrast(c, '#ffffff') < 3)).toEqual(['#33FF57', '#FFA133']);
    expect(contrast(LINE_OUTLINE, '#ffffff')).toBeGreaterThanOrEqual(3);
    const html = renderToStaticMarkup(createElement(ScoreChart, { players, max: 100 }));
    for (const { label } of players) {
      // Each drawing (phone and wide) has the player's outline, then the line in its colour on it.
      const outline = [...html.matchAll(new RegExp(`<use[^>]*data-outline="${label}"[^>]*>`, 'g'))];
      const line = [...html.matchAll(new RegExp(`<use[^>]*data-player="${label}"[^>]*>`, 'g'))];
      expect(outline.length).toBe(2);
      expect(line.length).toBe(2);
      // The outlines' group gives them its stroke.
      for (const found of outline) expect(html.slice(0, found.index).lastIndexOf('<g fill="none" stroke="' + LINE_OUTLINE + '"')).toBeGreaterThan(html.slice(0, found.index).lastIndexOf('</g>'));
      expect(outline[0].index).toBeLessThan(line[0].index!);
    }
  });
});
