// The site's translator is i18next (lib/i18next.ts); a browser renders a page first without it
// (lib/i18n.ts tableTranslator: English as its keys, French from the texts the page came with). That
// first translator is held here to i18next's answers, for English keys with no table and for every
// key of the French table, with the values and counts a page gives, or hydration would find other
// texts than the server wrote.
import { describe, expect, it } from 'vitest';
import { tableTranslator } from './i18n';
import { i18nextTranslator } from './i18next';
import fr from '~/locales/fr';

const CASES: [string, Record<string, unknown>?][] = [
  ['Log in'],
  ['Your account has been successfully created ! Please check your inbox.'],
  ['Signed in as {{name}}', { name: 'ada' }],
  ['{{count}} points', { count: 1 }],
  ['{{count}} points', { count: 1500 }],
  ['Hint (−{{count}} points)', { count: 100 }],
  ['{{ spaced }} and {{name}}', { spaced: 'a', name: 'b' }],
  ['Named but undefined: {{name}}.', { name: undefined }],
  ['Null: {{name}}.', { name: null }],
  ['Not given: {{name}}.', { other: 1 }],
  ['Twice {{a}} {{a}}', { a: 'x' }],
  ['A boolean {{flag}} and a date-ish {{at}}', { flag: true, at: '2026-11-27' }],
  ['A text nobody translated'],
  ['constructor'],
  ['toString', { count: 1 }],
];

/** Every key of the table as a page asks for it: plural forms by their base key, with counts that pick each form. */
function frenchCases(): [string, Record<string, unknown>?][] {
  const cases: [string, Record<string, unknown>?][] = [];
  const keys = new Set(Object.keys(fr).map((key) => key.replace(/_(one|other)$/, '')));
  for (const key of keys) {
    const names = [...key.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]!);
    const values = Object.fromEntries(names.map((name, i) => [name, `v${i}`]));
    cases.push([key], [key, values]);
    for (const count of [0, 1, 2, 1500]) cases.push([key, { ...values, count }]);
  }
  return cases;
}

describe("a browser's first translator", () => {
  it('reads English as i18next writes a key it has no table for', () => {
    const t = tableTranslator('en');
    const i18n = i18nextTranslator('en');
    for (const [key, options] of CASES) expect(t(key, options as never), key).toBe(i18n(key, options as never));
  });

  it('reads every key of the French table as i18next does, counts and values included', () => {
    const t = tableTranslator('fr', fr);
    const i18n = i18nextTranslator('fr');
    const cases = [...CASES, ...frenchCases()];
    expect(cases.length).toBeGreaterThan(2000);
    for (const [key, options] of cases) expect(t(key, options as never), `${key} ${JSON.stringify(options)}`).toBe(i18n(key, options as never));
    expect(t('Log in')).not.toBe('Log in');
    expect(t('{{count}} points', { count: 1 })).not.toBe(t('{{count}} points', { count: 2 }));
  });
});

describe('the site translator', () => {
  it('answers a call it remembers as it answered it first, and keeps calls that read differently apart', () => {
    const t = i18nextTranslator('fr');
    const key = '{{count}} points';
    const calls: [string, Record<string, unknown>?][] = [[key], [key, { count: 1 }], [key, { count: 2 }], [key, { count: '1' }], ['Not given: {{name}}.', {}], ['Not given: {{name}}.', { name: undefined }], ['Not given: {{name}}.', { name: null }], ['Not given: {{name}}.', { name: 'x' }]];
    // Each as a translator that remembers nothing yet answers it, asked in both orders.
    const fresh = calls.map(([k, options]) => i18nextTranslator('fr')(k, options as never));
    expect(calls.map(([k, options]) => t(k, options as never))).toEqual(fresh);
    expect([...calls].reverse().map(([k, options]) => t(k, options as never))).toEqual([...fresh].reverse());
    expect(fresh.slice(1, 3)).toEqual([fr['{{count}} points_one']!.replace('{{count}}', '1'), fr['{{count}} points_other']!.replace('{{count}}', '2')]);
    expect(fresh.slice(4)).toEqual(['Not given: {{name}}.', 'Not given: .', 'Not given: .', 'Not given: x.']);
  });
});
