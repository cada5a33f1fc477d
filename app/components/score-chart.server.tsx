// The chart of a board's top players as static markup, rendered once per copy of the board (its
// memo) and shipped as HTML: no chart code reaches the browser.
import { renderToStaticMarkup } from 'react-dom/server';
import { chartLabel, ScoreChart, type ChartPlayer } from './score-chart';
import { DEFAULT_LANGUAGE, type Language } from '~/lib/i18n';
import { drawn, type Drawn } from '~/lib/server-markup.server';

interface ChartedBoard {
  totalPoints: number;
  top(): Promise<{ username?: string | null; name?: string | null; submissions: ChartPlayer['submissions'] }[]>;
  memo<T>(key: string, make: () => T): T;
}

/** The board's chart in the page's language, with its id (lib/server-markup.server.ts), or null when nobody has points yet. */
export function chartMarkup(board: ChartedBoard, language: Language = DEFAULT_LANGUAGE): Promise<Drawn | null> {
  return board.memo(`chart-svg:${language}`, async () => {
    const top = await board.top();
    if (!top.length) return null;
    const players = top.map((p) => ({ label: chartLabel(p), submissions: p.submissions }));
    return drawn(renderToStaticMarkup(<ScoreChart players={players} max={board.totalPoints} language={language} />));
  });
}
