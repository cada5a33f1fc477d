// In a browser say() speaks the page's language, which the root writes on <html lang>: the form
// checks conform runs there answer as the server's would. English until that language's table is in.
import { afterEach, describe, expect, it } from 'vitest';
import { integer } from '~/schemas/fields';
import { loadTable, say } from './i18n';

const global = globalThis as { document?: unknown };
const onPage = (lang: string) => (global.document = { documentElement: { lang } });
const tooBig = () => integer(1, 9).safeParse(10).error?.issues[0]?.message;

describe('say in a browser', () => {
  afterEach(() => delete global.document);

  it("speaks the page's language once its table is in, English before", async () => {
    expect(tooBig()).toBe('Ensure this value is less than or equal to 9.');
    onPage('fr');
    expect(tooBig()).toBe('Ensure this value is less than or equal to 9.');
    await loadTable('fr');
    expect(tooBig()).toBe('Assurez-vous que cette valeur est inférieure ou égale à 9.');
    expect(say('Too many attempts. Try again in {{count}} seconds.', { count: 1 })).toBe('Trop de tentatives. Réessayez dans 1 seconde.');
    onPage('en');
    expect(tooBig()).toBe('Ensure this value is less than or equal to 9.');
    onPage('de');
    expect(tooBig()).toBe('Ensure this value is less than or equal to 9.');
  });
});
