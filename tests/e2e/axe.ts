// axe-core on a page as a browser shows it, JavaScript off and on (one place for every journey).
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

interface AxeOptions {
  /** Only these rules (all of axe's by default). */
  rules?: string[];
  /** Readies whichever page is audited (opens its <details>, say) before axe runs. */
  prepare?: (audited: Page) => Promise<void>;
}

/**
 * axe runs as a script in the page, which a context without JavaScript cannot do. For the no-JS run the
 * very same page (same URL, same session, same viewport) is opened in a context with JavaScript whose
 * own scripts are all refused: the DOM is the server's HTML, as a browser without JavaScript shows it.
 */
export async function axeResults(page: Page, { rules, prepare }: AxeOptions = {}) {
  const analyze = async (on: Page) => {
    await prepare?.(on);
    return (rules ? new AxeBuilder({ page: on }).withRules(rules) : new AxeBuilder({ page: on })).analyze();
  };
  if (test.info().project.use.javaScriptEnabled !== false) return analyze(page);
  const browser = page.context().browser()!;
  const context = await browser.newContext({ javaScriptEnabled: true, locale: test.info().project.use.locale, storageState: await page.context().storageState(), viewport: page.viewportSize() });
  try {
    await context.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort());
    const copy = await context.newPage();
    await copy.goto(page.url());
    expect(await copy.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
    return await analyze(copy);
  } finally {
    await context.close();
  }
}

/** axe's serious and critical findings, each with the elements it names. */
export async function seriousViolations(page: Page, options: AxeOptions = {}): Promise<string[]> {
  const results = await axeResults(page, options);
  await test.info().attach('axe.json', { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} :: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`);
}

/** No serious or critical violation on the page (`name` says which in the failure). */
export async function audit(page: Page, name: string, prepare?: AxeOptions['prepare']) {
  expect(await seriousViolations(page, { prepare }), `${name}: serious or critical violations`).toEqual([]);
}

/** Opens every <details> of the page (the statistics' tables), as a reader who asked for them. */
export async function openAllDetails(page: Page) {
  await page.evaluate(() => document.querySelectorAll<HTMLDetailsElement>('main details').forEach((d) => (d.open = true)));
}
