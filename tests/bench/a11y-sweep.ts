// `npm run audit:a11y`: axe-core on every page of the site a browser can open (issue 21 §1's sweep:
// each GET page route of app/routes.ts, with ids from the demo seed), as the visitor, the learner
// and the superuser who may open it, at 1280 px and at 375 px, with JavaScript. The journeys'
// audits (tests/e2e/accessibility.spec.ts and the specs that call `audit`) check their pages with
// JavaScript off and on, in the states a journey reaches; this sweep covers every page in its first
// state. The last step of `npm test`: it prints each serious or critical finding, saves
// tests/bench/a11y-sweep.json, and exits 1 if any (it did on the error pages, which had no title).
// Uses the build/ there is (run `npm run build` first).
import AxeBuilder from '@axe-core/playwright';
import { chromium, type BrowserContext } from '@playwright/test';
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { DEMO_PASSWORD } from '../../prisma/seed';
import { SUPERUSER, startTestServer } from '../support/test-server';

const LEARNER = 'alice@example.com';
const WIDTHS = [1280, 375];

const server = await startTestServer('a11y-sweep', { RATE_LIMIT_FACTOR: '50' });
const base = server.url;

async function json(path: string, token?: string) {
  const res = await fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
  return res.json();
}
async function token(email: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/jwt/create/`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base }, body: JSON.stringify({ email, password }) });
  return (await res.json()).access;
}

// Ids from the seed: one event of each type, a practice challenge, a learner, a team.
const root = await token(SUPERUSER.email, SUPERUSER.password);
const events = (await json('/api/events/?page_size=100', root)).results as { id: number; type: string }[];
const eventOf = (type: string) => events.find((e) => e.type === type)!.id;
const [online, inPerson, training, friday] = ['online', 'in-person', 'training-platform', 'black-friday'].map(eventOf);
const challenge = (await json('/api/challenges/practices/?page_size=1', root)).results[0].id as number;
const learner = (await json('/api/auth/users/me/', await token(LEARNER, DEMO_PASSWORD))).id as number;
const team = (await json(`/api/events/${online}/teams/?page_size=1`, root)).results[0].id as number;
const eventChallenge = (await json(`/api/events/${online}/challenges/?page_size=1`, root)).results[0].id as number;

const scoped = (prefix: string) => ['challenges', 'scoreboard'].map((p) => `${prefix}/${p}`);
const PAGES: Record<'visitor' | 'learner' | 'superuser', string[]> = {
  visitor: ['/login', '/sign-up', '/password/forgot', '/api/docs', '/api/docs?group=challenges'],
  learner: [
    '/', '/me', '/me?dialog=purchase', '/notifications', '/notifications/general', '/notifications/admin', '/teams/me', '/teams/create', '/teams/join',
    '/events', '/events/online', '/events/in-person', '/events/training-platform', '/events/black-friday',
    ...scoped('/practices'), `/practices/challenges?challenge=${challenge}`, `/practices/users/${learner}`,
    ...scoped(`/competes/${online}`), `/competes/${online}/teams`, `/competes/${online}/teams/${team}`, `/competes/${online}/teams/${team}/users/${learner}`,
    ...scoped(`/competes/${training}`), ...scoped(`/competes/${friday}`), `/competes/${friday}/users`,
    '/blacks-fridays/rewards', '/blacks-fridays/general-scoreboard',
  ],
  superuser: [
    '/practices/users', `/practices/users/${learner}`, '/practices/collaboraters/create', '/practices/staff-actions',
    '/practices/challenges/create', `/practices/challenges/${challenge}`, `/practices/challenges/${challenge}?tab=files`, '/practices/categories',
    '/practices/submissions', '/practices/statistics', '/events/create', `/events/${online}/edit`,
    `/competes/${online}/challenges/create`, `/competes/${online}/challenges/${eventChallenge}`, `/competes/${online}/categories`,
    `/competes/${online}/submissions`, `/competes/${online}/statistics`, `/competes/${online}/users`, `/competes/${inPerson}/scoreboard`,
    `/blacks-fridays/players/${learner}/coins`, '/blacks-fridays/unprocessed-reward-requests', '/blacks-fridays/processed-reward-requests',
    '/notifications/admin/create',
  ],
};

async function signedIn(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post('/login', { form: { email, password }, headers: { Origin: base }, maxRedirects: 0 });
  if (res.status() !== 302) throw new Error(`login of ${email} answered ${res.status()}`);
}

interface Finding { who: string; width: number; path: string; status: number; violations: string[] }
const findings: Finding[] = [];
let audits = 0;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const width of WIDTHS) {
    for (const [who, paths] of Object.entries(PAGES)) {
      const context = await browser.newContext({ baseURL: base, viewport: { width, height: 900 }, locale: 'en-US' });
      if (who === 'learner') await signedIn(context, LEARNER, DEMO_PASSWORD);
      if (who === 'superuser') await signedIn(context, SUPERUSER.email, SUPERUSER.password);
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`    page error: ${error.message}`));
      for (const path of paths) {
        const response = await page.goto(path);
        // The API reference is plain HTML without a script: nothing to wait for there.
        const hydrated = !(await page.locator('script[type=module]').count()) || (await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 15_000 }).then(() => true, () => false));
        // Every <details> open (menus, tables behind a summary), as a reader who opened them.
        await page.evaluate(() => document.querySelectorAll('details').forEach((d) => (d.open = true)));
        const results = await new AxeBuilder({ page }).analyze();
        audits++;
        const violations = results.violations
          .filter((v) => v.impact === 'serious' || v.impact === 'critical')
          .map((v) => `${v.impact} ${v.id}: ${v.help} :: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
        if (!hydrated) violations.push(`not hydrated within 15 s (at ${page.url()})`);
        const status = response?.status() ?? 0;
        console.log(`${String(width).padStart(4)} ${who.padEnd(9)} ${String(status)} ${path}${violations.length ? `\n    ${violations.join('\n    ')}` : ''}`);
        if (violations.length) findings.push({ who, width, path, status, violations });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
writeFileSync(resolve('tests/bench/a11y-sweep.json'), `${JSON.stringify({ at: new Date().toISOString(), audits, findings }, null, 2)}\n`);
console.log(`\n${audits} audits, ${findings.length} with a serious or critical finding`);
process.exit(findings.length ? 1 : 0);
