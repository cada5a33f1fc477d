// At 375 px (a phone): no horizontal overflow on the board, the challenge dialog and the scoreboard,
// and every text of the scoreboard chart at least 11 px, checked on the rendered page; screenshots
// are attached to the test result.
import { expect, test, type Page } from '@playwright/test';
import { logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { pendingSubmission } from './usability-helpers';

test.use({ viewport: { width: 375, height: 812 } });

async function noOverflow(page: Page, name: string) {
  await test.info().attach(`${name}-375.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const { scrollWidth, innerWidth, wide } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
    // What sticks out, to say in the failure message.
    wide: [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
      .slice(0, 8)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.getAttribute('class') ?? '').slice(0, 60)} right=${Math.round(el.getBoundingClientRect().right)}`),
  }));
  expect(scrollWidth, `${name}: page wider than the screen; sticking out: ${wide.join(' | ')}`).toBeLessThanOrEqual(innerWidth);
}

test('board, dialog and scoreboard fit a 375 px screen and the chart text stays readable', async ({ page, request, baseURL }) => {
  const tag = uniqueName('ph');
  // A solve, so the chart has a line (practice counts it while it waits for review).
  const { challenge } = await pendingSubmission(request, baseURL!, tag);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);

  await visit(page, '/practices/challenges');
  await noOverflow(page, 'board');
  await visit(page, `/practices/challenges?challenge=${challenge.id}`);
  await expect(page.getByRole('dialog')).toBeVisible();
  await noOverflow(page, 'dialog');

  await visit(page, '/practices/scoreboard');
  const chart = page.getByTestId('score-chart');
  await expect(chart).toBeVisible();
  await noOverflow(page, 'scoreboard');
  await test.info().attach('chart-375.png', { body: await chart.screenshot(), contentType: 'image/png' });

  // Every visible piece of text in the chart, HTML or SVG: its font size on screen (an SVG text is
  // scaled by its viewBox) and the height of its rendered glyph box.
  const texts = await chart.evaluate((root) => {
    const found: { text: string; fontPx: number; boxPx: number }[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      const el = node.parentElement;
      if (!text || !el || el.closest('.sr-only') || !el.checkVisibility()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const box = range.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      let fontPx = parseFloat(getComputedStyle(el).fontSize);
      if (el instanceof SVGGraphicsElement) fontPx *= Math.abs(el.getScreenCTM()?.a ?? 1);
      found.push({ text, fontPx, boxPx: box.height });
    }
    return found;
  });
  expect(texts.length).toBeGreaterThan(3); // the y ticks, a date, the legend at least
  const small = texts.filter((t) => t.fontPx < 11 || t.boxPx < 11);
  expect(small, 'chart texts under 11 px').toEqual([]);

  // A text alternative that carries the data, and players told apart by more than colour.
  const data = page.getByTestId('score-chart-data');
  await expect(data.getByRole('columnheader')).toHaveText([tr('Player'), tr('Solves'), tr('First solve (UTC)'), tr('Last solve (UTC)'), tr('Total score')]);
  expect(await data.locator('tbody tr').count()).toBeGreaterThan(0);
  const legend = page.getByTestId('score-chart-legend').getByRole('listitem');
  const looks = await legend.evaluateAll((items) => items.map((li) => `${li.querySelector('line')?.getAttribute('stroke-dasharray')}|${li.querySelector('path')?.getAttribute('d')}`));
  expect(looks.length).toBeGreaterThan(0);
  expect(new Set(looks).size, 'each player has its own dash pattern and marker').toBe(looks.length);
});

test('the header menus open on the screen at 375 px, the Notifications lists and the profile links', async ({ page }) => {
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/challenges');
  for (const [button, links] of [[tr('Notifications'), [tr('General'), tr('Admin')]], [SUPERUSER.username, [tr('Profile')]]] as const) {
    const menu = page.getByRole('banner').locator('details').filter({ has: page.locator('summary', { hasText: button }) });
    await menu.locator('summary').click();
    for (const name of links) {
      const link = menu.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toBeVisible();
      const box = (await link.boundingBox())!;
      expect(box.x, `${name}: starts on the screen`).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, `${name}: ends on the screen`).toBeLessThanOrEqual(375);
    }
    await test.info().attach(`${button}-menu-375.png`, { body: await page.screenshot(), contentType: 'image/png' });
    await menu.locator('summary').click();
  }
});
