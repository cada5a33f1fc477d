// Tables on a 375 px phone (issue 21 §1): the wide lists (a learner's reward requests on /me, the
// submissions review, the learners list, the processed reward requests) stack each row into a card
// whose cells carry their column's name, so no column hides past the right edge; any table region
// that still scrolls sideways is reachable from the keyboard (axe scrollable-region-focusable).
// JavaScript off and on.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { makeRequest, makeReward, useServerDatabase } from '../support/reward-factories';
import { seriousViolations } from './axe';
import { activeLearner, logIn, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';
import { apiToken, bearer, pendingSubmission } from './usability-helpers';

useServerDatabase('e2e');
test.use({ viewport: { width: 375, height: 812 } });

/** The table fits its region (no sideways swipe), and the row's cells show `label` beside `value` on screen (`name` and `label` in English, read through tr). */
async function fitsAsCards(page: Page, name: string, row: Locator, label: string, value: string | RegExp) {
  await test.info().attach(`${name}-375.png`, { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
  const region = page.getByRole('region', { name: tr('{{label}} table', { label: tr(name) }) });
  const { scrollWidth, clientWidth } = await region.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
  expect(scrollWidth, `${name}: the table is wider than its region`).toBeLessThanOrEqual(clientWidth);
  const cell = row.getByRole('cell').filter({ hasText: tr(label) });
  await expect(cell.getByText(tr(label), { exact: true })).toBeVisible();
  await expect(cell).toContainText(value);
  // The label sits on the value's line, to its left: the row reads as "State  Pending".
  const [labelBox, valueBox] = [await cell.locator('.cell-label').boundingBox(), await cell.locator('.cell-value').boundingBox()];
  expect(labelBox!.x + labelBox!.width).toBeLessThanOrEqual(valueBox!.x);
  expect(valueBox!.x + valueBox!.width).toBeLessThanOrEqual(375);
  expect(await seriousViolations(page, { rules: ['scrollable-region-focusable'] })).toEqual([]);
}

test('the wide lists read as cards at 375 px, and a region that scrolls takes the focus', async ({ page, request, baseURL }) => {
  const tag = uniqueName('pt');
  const learner = await activeLearner(request, baseURL!, { username: tag });
  const reward = await makeReward({ title: `Mug ${tag}`, coin: 30 });
  const first = await makeRequest(learner.id, reward.id);
  await makeRequest(learner.id, reward.id);
  const root = bearer(await apiToken(request, baseURL!, SUPERUSER.email, SUPERUSER.password), baseURL!);
  expect((await request.put(`/api/reward-requests/${first.id}/validate/`, { headers: root })).status()).toBe(200);

  await logIn(page, learner.email, learner.password);
  await visit(page, '/me');
  const mine = page.getByTestId('reward-requests').getByRole('row').filter({ hasText: `Mug ${tag}` });
  await expect(mine).toHaveCount(2);
  await fitsAsCards(page, 'My reward requests', mine.first(), 'State', new RegExp(`${tr('Pending')}|${tr('Accepted')}|${tr('Acepted')}`));

  const { challenge } = await pendingSubmission(request, baseURL!, tag);
  await page.context().clearCookies();
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, `/practices/submissions?q=${tag}`);
  const submission = page.getByRole('row').filter({ hasText: challenge.name });
  await fitsAsCards(page, 'Submissions', submission, 'Action', tr('Validate'));
  // The actions stay in reach: the card's Validate opens its confirmation.
  await submission.getByRole('link', { name: tr('Validate'), exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();

  await visit(page, `/practices/users?q=${tag}`);
  await fitsAsCards(page, 'Learners', page.getByRole('row').filter({ hasText: tag }).first(), 'Email', `${tag}@`);

  await visit(page, '/blacks-fridays/processed-reward-requests');
  await fitsAsCards(page, 'Processed reward requests', page.getByRole('row').filter({ hasText: `Mug ${tag}` }), 'Processed', new RegExp(tr('by {{name}}', { name: '' })));

  // A table that is not stacked (the scoreboard) may still scroll: its region is in the tab order.
  await visit(page, '/practices/scoreboard');
  await expect(page.getByRole('region', { name: tr('{{label}} table', { label: tr('Scoreboard') }) })).toHaveAttribute('tabindex', '0');
  expect(await seriousViolations(page, { rules: ['scrollable-region-focusable'] })).toEqual([]);
});
