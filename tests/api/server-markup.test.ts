// A chart drawn on the server is written once in a document (components/server-markup.tsx): the
// hydration data names it by id, and a client navigation's data (which comes without HTML) carries
// the markup itself.
import { describe, expect, it } from 'vitest';
import { activeLearner, base, call, sessionCookie, solve } from '../support/api-client';

const CHART = 'data-testid=\\"score-chart\\"';

async function text(path: string, cookie: string) {
  const res = await fetch(`${base()}${path}`, { headers: { Cookie: cookie, Accept: 'text/html' } });
  expect(res.status).toBe(200);
  return res.text();
}

describe('server-drawn markup', () => {
  it("is in a document's HTML once, and in a client navigation's data", async () => {
    const learner = await activeLearner();
    const list = await call('GET', '/api/challenges/practices/?page_size=100', { token: learner.token });
    // Someone has points, so the scoreboard has a chart (solving twice is refused, not an error).
    await solve(learner.token, list.body.results.find((c: { name: string }) => c.name === 'Caesar salad').id, 'CTF{rot_thirteen}');
    const cookie = await sessionCookie(learner);
    // A query the page ignores: a render of its own, not a kept one.
    const html = await text(`/practices/scoreboard?markup=${Date.now()}`, cookie);
    expect(html.split('data-testid="score-chart"')).toHaveLength(2);
    const data = html.slice(html.indexOf('__reactRouterContext.streamController'));
    expect(data).not.toContain(CHART);
    // Its id: a digest of the markup, so a kept page's key follows the chart's content.
    expect(data).toMatch(/\\"[\w-]{22}\\"/);
    const navigation = await text('/practices/scoreboard.data', cookie);
    expect(navigation).toContain(CHART);
  });
});
