// English is the keys themselves, filled in without i18next (lib/i18n.ts): it must read exactly as
// i18next would write the same key with no table, or a page would read differently once French is
// added beside it.
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { translator } from './i18n';
import fr from '~/locales/fr';
import { addTable } from './i18n-table';

const reference = i18next.createInstance();
await reference.init({ initAsync: false, lng: 'en', fallbackLng: false, keySeparator: false, nsSeparator: false, interpolation: { escapeValue: false }, resources: {} });

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
];

describe('English without i18next', () => {
  it('reads exactly as i18next writes a key it has no table for', () => {
    const t = translator('en');
    for (const [key, options] of CASES) expect(t(key, options as never), key).toBe(reference.t(key, options as never));
  });

  it('leaves French to i18next, remembering nothing wrong across options', () => {
    addTable('fr', fr);
    const t = translator('fr');
    expect(t('Log in')).not.toBe('Log in');
    expect(t('{{count}} points', { count: 1 })).not.toBe(t('{{count}} points', { count: 2 }));
    expect(t('A text nobody translated')).toBe('A text nobody translated');
  });
});
