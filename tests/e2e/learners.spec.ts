import { expect, test } from '@playwright/test';
import { xlsx } from '../support/xlsx';
import { activeLearner, logIn, logInWithForm, logOut, mailLink, SUPERUSER, uniqueName, visit } from './helpers';
import { tr } from './language';

/** WCAG's contrast ratio of a computed colour (`rgb(r, g, b)` or `oklch(...)` as Chromium gives it) against white. */
function contrastOnWhite(color: string): number {
  const channels = srgb(color).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2];
  return 1.05 / (luminance + 0.05);
}

/** The sRGB channels (0-1) of a CSS colour as Chromium computes it: rgb() or Tailwind 4's oklch(). */
function srgb(color: string): [number, number, number] {
  const rgb = color.match(/^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)/);
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255];
  const ok = color.match(/^oklch\(([\d.]+)%?\s+([\d.]+)\s+([\d.]+)/);
  if (!ok) throw new Error(`unknown colour ${color}`);
  const [l, c, h] = [Number(ok[1]) > 1 ? Number(ok[1]) / 100 : Number(ok[1]), Number(ok[2]), (Number(ok[3]) * Math.PI) / 180];
  const [a, b] = [c * Math.cos(h), c * Math.sin(h)];
  const l_ = (l + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m_ = (l - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s_ = (l - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const linear = [4.0767416621 * l_ - 3.3077115913 * m_ + 0.2309699292 * s_, -1.2684380046 * l_ + 2.6097574011 * m_ - 0.3413193965 * s_, -0.0041960863 * l_ - 0.7034186147 * m_ + 1.707614701 * s_];
  // Back to gamma-encoded sRGB, so contrastOnWhite decodes every colour the same way.
  return linear.map((v) => Math.min(1, Math.max(0, v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055))) as [number, number, number];
}

test('the superuser adds a collaborater, who validates one learner and then several at once', async ({ page, request, baseURL, javaScriptEnabled }) => {
  const tag = uniqueName('lv');
  const learners = [];
  for (let i = 0; i < 4; i++) learners.push(await activeLearner(request, baseURL!, { username: `${tag}x${i}` }));

  // The superuser creates a collaborater account.
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users');
  await page.getByRole('link', { name: tr('Add collaborater') }).click();
  const staffName = uniqueName('staff');
  await page.getByLabel(tr('Username')).fill(staffName);
  await page.getByLabel(tr('Full name')).fill('Staff Member');
  await page.getByLabel(tr('Email')).fill(`${staffName}@example.com`);
  await expect(page.getByLabel(tr('Password'))).toHaveCount(0);
  await page.getByRole('button', { name: tr('Create') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('A new collaborator account has been successfully created! The collaborator can check their inbox for a confirmation email'));
  await logOut(page, javaScriptEnabled);

  // The collaborater confirms the address by choosing a password, then logs in.
  // The e-mail reads in its recipient's language, which a new collaborater has not chosen: English.
  await visit(page, await mailLink(`${staffName}@example.com`, /Activate/));
  await page.getByLabel(tr('New password'), { exact: true }).fill('staff-password-1');
  await page.getByLabel(tr('Confirm new password')).fill('staff-password-1');
  await page.getByRole('button', { name: tr('Reset password') }).click();
  // Waits for the password to be set: with JavaScript the form posts in the background, and opening
  // the login page at once could leave before it was sent (CI once logged in with no password yet).
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('flash')).toHaveText(tr('Your password has been successfully reset. You can now log in with your new password'));
  await logInWithForm(page, `${staffName}@example.com`, 'staff-password-1');
  await expect(page.locator('header')).toContainText(tr('Black-friday'));

  await visit(page, `/practices/users?q=${tag}`);
  const row = (name: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name, exact: true }) });
  await expect(page.getByRole('columnheader', { name: tr('Email') })).toBeVisible();
  // Staff may add collaboraters too, so the link is theirs; the import stays the superuser's.
  await expect(page.getByRole('link', { name: tr('Add collaborater') })).toHaveAttribute('href', '/practices/collaboraters/create');
  await expect(page.getByRole('link', { name: tr('Export learner') })).toHaveCount(0);
  await expect(row(learners[0].username).getByRole('img', { name: tr('not validated') })).toBeVisible();

  // One learner, with confirmation.
  await row(learners[0].username).getByRole('link', { name: tr('Validate') }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(tr('Are you sure you want to validate this account?'));
  await dialog.getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Account validation completed successfully!'));
  await expect(row(learners[0].username).getByRole('img', { name: tr('validated'), exact: true })).toBeVisible();
  // The status dot is a graphic that carries meaning: 3:1 against the white row at least (WCAG 1.4.11).
  const dot = await row(learners[0].username).getByRole('img', { name: tr('validated'), exact: true }).evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(contrastOnWhite(dot), `validated dot ${dot}`).toBeGreaterThanOrEqual(3);

  // Three more at once.
  for (const l of learners.slice(1)) await page.getByLabel(tr('Select {{name}}', { name: l.username })).check();
  await page.getByRole('button', { name: tr('Validate selected'), exact: true }).click();
  await expect(page.getByRole('dialog')).toContainText(tr('Are you sure you want to validate {{count}} selected accounts?', { count: 3 }));
  await page.getByRole('dialog').getByRole('button', { name: tr('Confirm') }).click();
  await expect(page.getByTestId('flash')).toHaveText(tr('Account validation completed successfully! {{count}} accounts validated.', { count: 3 }));
  for (const l of learners) await expect(row(l.username).getByRole('img', { name: tr('validated'), exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/practices/users\\?q=${tag}$`));
});

test('a learner sees the learners list without staff columns and a player page', async ({ page, request, baseURL }) => {
  const learner = await activeLearner(request, baseURL!);
  await logIn(page, learner.email, learner.password);
  await visit(page, '/practices/users');
  await expect(page.getByRole('columnheader', { name: tr('Total Points') })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: tr('Email') })).toHaveCount(0);
  await expect(page.getByRole('link', { name: tr('Validate') })).toHaveCount(0);
  await visit(page, `/practices/users?q=${learner.username}`);
  await page.getByRole('link', { name: learner.username, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/practices/users/${learner.id}$`));
  await expect(page.getByRole('heading', { name: learner.username })).toBeVisible();
  await expect(page.getByText(tr('No challenge solved yet'))).toBeVisible();
});

test('the superuser imports learners from an .xlsx file and sees a report per row', async ({ page }) => {
  const a = uniqueName('imp');
  const b = uniqueName('imp');
  const bytes = await xlsx([
    [a, 'Imported A', `${a}@example.com`, 'F', 'BJ'],
    [b, 'Imported B', `${b}@example.com`, 'M', 'TG'],
    ['broken', 'No Mail', 'not-an-email', 'M', 'BJ'],
  ]);
  await logIn(page, SUPERUSER.email, SUPERUSER.password);
  await visit(page, '/practices/users');
  await page.getByRole('link', { name: tr('Export learner') }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: tr('Upload') }).click({ noWaitAfter: true });
  // The browser's own required check (or the server, if it is bypassed) keeps an empty upload out.
  await expect(page.getByRole('dialog')).toBeVisible();
  await dialog.getByLabel(tr('Excel file')).setInputFiles({ name: 'learners.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(bytes) });
  await dialog.getByRole('button', { name: tr('Upload') }).click();
  const report = page.getByRole('region', { name: tr('Learner exportation completed successfully') });
  await expect(report).toContainText([tr('{{count}} created', { count: 2 }), tr('{{count}} updated', { count: 0 }), tr('{{count}} unchanged', { count: 0 }), tr('{{count}} rejected', { count: 1 })].join(' · '));
  await expect(report.locator('tr[data-outcome="created"]')).toHaveCount(2);
  // The column the reason is about, then the schema's message in the page's language.
  await expect(report.locator('tr[data-outcome="rejected"]')).toContainText(`email: ${tr('Enter a valid email address.')}`);
  await visit(page, `/practices/users?q=${a}`);
  await expect(page.getByRole('row').filter({ hasText: `${a}@example.com` }).getByRole('img', { name: tr('validated'), exact: true })).toBeVisible();
});
