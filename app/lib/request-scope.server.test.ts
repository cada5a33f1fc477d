// The request scope is open only while a request that needs it is answered (lib/request-scope.server.ts).
import { describe, expect, it } from 'vitest';
import { inLanguage, notedTexts, notingTexts, openScopes, pageLanguage } from './request-scope.server';

const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the request scope', () => {
  it('is open while its work runs, through awaits, and closed once the work settles, failed or not', async () => {
    expect(openScopes()).toBe(0);
    const french = inLanguage('fr', async () => {
      await later(5);
      return [pageLanguage(), openScopes()];
    });
    expect(openScopes()).toBe(1);
    expect(await french).toEqual(['fr', 1]);
    expect(openScopes()).toBe(0);
    await expect(inLanguage('fr', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(() => inLanguage('fr', () => { throw new Error('thrown'); })).toThrow('thrown');
    expect(inLanguage('fr', () => pageLanguage())).toBe('fr');
    expect(openScopes()).toBe(0);
    expect(pageLanguage()).toBe('en');
  });

  it('is turned off when the last one closes: a timer the work left behind speaks English', async () => {
    let heard: string | null = null;
    await inLanguage('fr', async () => {
      setTimeout(() => (heard = pageLanguage()), 20);
    });
    await later(40);
    // Left on, the storage would still hand the timer the scope it was set in.
    expect(heard).toBe('en');
  });

  it('notes the texts of a render in the language it runs in, and only there', async () => {
    const texts = new Map<string, string>();
    const seen = await inLanguage('fr', () =>
      notingTexts(texts, async () => {
        await later(1);
        notedTexts()?.set('Home', 'Accueil');
        return pageLanguage();
      }),
    );
    expect(seen).toBe('fr');
    expect(notedTexts()).toBeUndefined();
    expect(Object.fromEntries(texts)).toEqual({ Home: 'Accueil' });
  });
});
