// The site's translator (lib/i18n.ts tableTranslator) reads keys as i18next reads them, without
// loading i18next: English is the keys themselves, French its table. Held here to i18next's own
// answers, for English keys with no table and for every key of the French table, with the values and
// counts a page gives, or a page would read differently than the tables were written for.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { addTable, translator } from './i18n';
import fr from '~/locales/fr';

const reference = i18next.createInstance();
await reference.init({
  initAsync: false,
  lng: 'en',
  fallbackLng: false,
  supportedLngs: ['en', 'fr'],
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  resources: { fr: { translation: fr } },
});
addTable('fr', fr);

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

describe('the translator', () => {
  it('reads English as i18next writes a key it has no table for', () => {
    const t = translator('en');
    for (const [key, options] of CASES) expect(t(key, options as never), key).toBe(reference.getFixedT('en')(key, options as never));
  });

  it('reads every key of the French table as i18next does, counts and values included', () => {
    const t = translator('fr');
    const i18n = reference.getFixedT('fr');
    const cases = [...CASES, ...frenchCases()];
    expect(cases.length).toBeGreaterThan(2000);
    for (const [key, options] of cases) expect(t(key, options as never), `${key} ${JSON.stringify(options)}`).toBe(i18n(key, options as never));
    expect(t('Log in')).not.toBe('Log in');
    expect(t('{{count}} points', { count: 1 })).not.toBe(t('{{count}} points', { count: 2 }));
  });
});
