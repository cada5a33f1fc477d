// A French page carries the texts its render read (lib/page-texts.server.ts), and a browser with
// only those reads the rest in French once i18next and the whole table are in (lib/i18n.ts addPageTexts).
import { describe, expect, it } from 'vitest';
import { addPageTexts, completeTable, loadTable, translator } from './i18n';
import { i18nextTranslator } from './i18next';
import { readingTexts, withPageTexts } from './page-texts.server';
import fr from '~/locales/fr';

describe("a page's own texts", () => {
  it('are the table entries its render read, a count by the form it took, and the keys it read without French as themselves', async () => {
    const t = i18nextTranslator('fr');
    const texts = new Map<string, string>();
    await readingTexts(texts, async () => {
      t('Log in');
      await Promise.resolve();
      t('{{count}} points', { count: 2 });
      t('a text without French');
      t('a text without French', { count: 3 });
    });
    t('Sign up'); // outside the render: not its text
    expect(Object.fromEntries(texts)).toEqual({ 'Log in': fr['Log in'], '{{count}} points_other': fr['{{count}} points_other'], 'a text without French': 'a text without French' });
  });

  it('travel before </body>, where no text can close their element', () => {
    const page = Buffer.from('<html><body><main>x</main></body></html>');
    const texts = new Map([['A </script><script>alert(1)</script>', 'B <!-- c']]);
    const sent = withPageTexts(page, texts).toString();
    expect(sent).toBe(
      '<html><body><main>x</main><script type="application/json" id="page-texts">{"A \\u003c/script>\\u003cscript>alert(1)\\u003c/script>":"B \\u003c!-- c"}</script></body></html>',
    );
    expect(JSON.parse(sent.match(/id="page-texts">(.*)<\/script><\/body>/)![1])).toEqual(Object.fromEntries(texts));
    expect(withPageTexts(page, new Map())).toBe(page);
  });

  it('serve a browser until i18next is in, which the first text they lack loads', async () => {
    addPageTexts('fr', { Home: fr.Home });
    // A page's own texts count as the language's translator: nothing to wait for before hydrating.
    expect(loadTable('fr')).toBeNull();
    expect(translator('fr')('Home')).toBe(fr.Home);
    expect(translator('fr')('Events')).toBe('Events');
    completeTable('fr');
    await expect.poll(() => translator('fr')('Events')).toBe(fr.Events);
    expect(fr.Events).not.toBe('Events');
    // i18next is not replaced by a page's texts afterwards.
    addPageTexts('fr', { Home: 'autre' });
    expect(translator('fr')('Home')).toBe(fr.Home);
  });
});
