// Every journey runs twice: once with JavaScript off (plain HTML forms and links) and once on. Each
// also runs once more in French, in the mode whose French it shows most: what JavaScript adds
// (checks before posting, the live badge, modal dialogs, menus, forms whose checks load once used)
// with it on, the server's pages and answers with it off (french.spec.ts, the language itself, in
// both). Both modes are already proven in English, and a missing translation is caught by the unit
// test of the tables; running each twice took about 9 more minutes of CI.
import { defineConfig } from '@playwright/test';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/** Journeys run in French with JavaScript on (tests/e2e/language.ts). */
const FRENCH_WITH_JS = ['french.spec.ts', 'form-validation.spec.ts', 'notifications.spec.ts', 'modal-dialogs.spec.ts', 'header-menus.spec.ts', 'phone.spec.ts', 'solve.spec.ts', 'event-play.spec.ts', 'action-messages.spec.ts', 'field-errors.spec.ts', 'forms-on-use.spec.ts'];
/** Journeys run in French with JavaScript off. */
const FRENCH_WITHOUT_JS = ['french.spec.ts', 'accounts.spec.ts', 'practice-journey.spec.ts', 'teams.spec.ts', 'challenge-reading.spec.ts', 'scoreboard.spec.ts', 'coins.spec.ts', 'kept-after-errors.spec.ts', 'scope-nav.spec.ts', 'downloads.spec.ts', 'phone-tables.spec.ts', 'list-edges.spec.ts', 'events.spec.ts', 'rewards.spec.ts', 'black-friday-scoreboard.spec.ts', 'return-after-login.spec.ts', 'not-found.spec.ts', 'authoring.spec.ts', 'statistics.spec.ts', 'learners.spec.ts', 'exports.spec.ts', 'staff-action-log.spec.ts', 'review.spec.ts', 'categories.spec.ts', 'bulk-selection.spec.ts', 'api-docs.spec.ts', 'accessibility.spec.ts'];

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: '../../test-results',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A journey's time is Chromium's CPU on a 2-core host far more than the server's (pages answer in
  // under half a second): 60 s left the longest journeys no margin on a busy host. No test judges speed.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // A failed test keeps its trace (the DOM before and after each step) but not the screencast:
    // recording the screencast's frames for every test, failing or not, made the suite about a third
    // slower (coins and accounts specs, JS off and on: 130-138 s against 90-102 s). Rerun a test with
    // `--trace on` to watch it.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'no-js', use: { javaScriptEnabled: false, locale: 'en-US' } },
    { name: 'js', use: { javaScriptEnabled: true, locale: 'en-US' } },
    { name: 'no-js-fr', testMatch: FRENCH_WITHOUT_JS, use: { javaScriptEnabled: false, locale: 'fr-FR' } },
    { name: 'js-fr', testMatch: FRENCH_WITH_JS, use: { javaScriptEnabled: true, locale: 'fr-FR' } },
  ],
  webServer: {
    command: 'node --import tsx tests/e2e/serve.ts',
    cwd: '../..',
    url: `http://localhost:${E2E_PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
