// axe-core on one page, JavaScript off and on: no serious or critical violation. As in
// accessibility.spec.ts, the no-JS run audits the server's HTML in a copy of the page (same URL, same
// session) whose scripts are all refused, since axe is itself a script.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';

/** `prepare` readies whichever page is audited (opens its <details>, say) before axe runs. */
export async function audit(page: Page, name: string, prepare?: (audited: Page) => Promise<void>) {
  let results;
  if (test.info().project.use.javaScriptEnabled !== false) {
    await prepare?.(page);
    results = await new AxeBuilder({ page }).analyze();
  } else {
    const browser = page.context().browser()!;
    const context = await browser.newContext({ javaScriptEnabled: true, storageState: await page.context().storageState(), viewport: page.viewportSize() });
    try {
      await context.route(/\.(js|mjs)(\?.*)?$/, (route) => route.abort());
      const copy = await context.newPage();
      await copy.goto(page.url());
      expect(await copy.evaluate(() => document.documentElement.dataset.hydrated)).toBeUndefined();
      await prepare?.(copy);
      results = await new AxeBuilder({ page: copy }).analyze();
    } finally {
      await context.close();
    }
  }
  await test.info().attach(`axe-${name}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: 'application/json' });
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} :: ${n.failureSummary?.replace(/\n/g, ' ')}`).join('\n')}`);
  expect(bad, `${name}: serious or critical violations`).toEqual([]);
}

/** Opens every <details> of the page (the statistics' tables), as a reader who asked for them. */
export async function openAllDetails(page: Page) {
  await page.evaluate(() => document.querySelectorAll<HTMLDetailsElement>('main details').forEach((d) => (d.open = true)));
}
