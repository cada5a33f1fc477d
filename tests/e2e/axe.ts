// axe-core on a page as a browser shows it, JavaScript off and on (one place for every journey).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/**
 * axe runs as a script in the page, which a context without JavaScript cannot do. For the no-JS run the
 * very same page (same URL, same session, same viewport) is opened in a context with JavaScript whose
 * own scripts are all refused: the DOM is the server's HTML, as a browser without JavaScript shows it.
 */
export async function axeResults(page: Page, rules?: string[]) {
  const builder = (on: Page) => (rules ? new AxeBuilder({ page: on }).withRules(rules) : new AxeBuilder({ page: on }));
  if (test.info().project.use.javaScriptEnabled !== false) return builder(page).analyze();
  const browser = page.context().browser()!;
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState(), viewport: page.viewportSize() });
  try {
    await context.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort());
    const copy = await context.newPage();
    await copy.goto(page.url());
    expect(await copy.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    return await builder(copy).analyze();
  } finally {
    await context.close();
  }
}

/** axe's serious and critical findings (of `rules` only, when given), each with the elements it names. */
export async function seriousViolations(page: Page, rules?: string[]): Promise<string[]> {
  const results = await axeResults(page, rules);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} :: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`);
}
