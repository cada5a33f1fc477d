// The site's two languages (docs/rules.md "Languages"), through i18next. Keys are the English texts
// themselves (i18next's natural-language keys): English needs no table, SPEC's messages stay
// letter for letter, and a text without a French entry still reads in English rather than as a
// key. French lives in app/locales/fr.ts; tests/unit/translations.test.ts fails when a text shown
// to users has no French, or when French keeps a text nothing shows any more.
import i18next, { type TFunction } from 'i18next';
import { use, useMemo } from 'react';
import { useRouteLoaderData } from 'react-router';
import en from '~/locales/en';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language in itself, as the switch and the account form name it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const i18n = i18next.createInstance();
void i18n.init({
  // Synchronous: the tables are modules, never fetched, so a render never waits for them.
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  // Natural-language keys hold '.' and ':'.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; the e-mails escape their own values.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  // English has entries only for its plural forms (locales/en.ts).
  resources: { en: { translation: en } },
});

/** Adds a language's table (the server at start, the browser before it hydrates a page in that language). */
export function addTable(language: Language, table: Record<string, string>): void {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', table);
  translators.delete(language); // what its translator remembered was read without the table
}

// Each language's table but English's, as a chunk of its own: a browser loads only its page's.
const TABLES: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>> = { fr: () => import('~/locales/fr') };
const loading = new Map<Language, Promise<void>>();

/**
 * The loading of `language`'s table, or null when it is there (always on the server, which holds
 * both). The browser loads it before it hydrates a page (entry.client.tsx) and when a navigation
 * lands on a page in another language (a login, a saved setting): useT() then suspends, and React
 * keeps the page before it on screen until the table is in.
 */
export function loadTable(language: Language): Promise<void> | null {
  if (language === 'en' || i18n.hasResourceBundle(language, 'translation')) return null;
  let pending = loading.get(language);
  if (!pending) {
    pending = TABLES[language]().then((module) => addTable(language, module.default));
    loading.set(language, pending);
  }
  return pending;
}

// i18next's t() costs 13-30 µs a call (it resolves, interpolates and post-processes every time), and a
// page makes a hundred or more: rendered from nothing, the board lost a quarter of its speed to it.
// Each language's translator remembers its answers by key and options: the same call always gives
// the same text while the tables stay as they are, and adding a table starts it afresh.
const MEMO_MAX = 5_000;
const translators = new Map<Language, TFunction>();

/** A text in `language`: `t('Sign in')`, `t('{{count}} points', { count })`. */
export function translator(language: Language): TFunction {
  let t = translators.get(language);
  if (!t) {
    const fixed = i18n.getFixedT(language);
    const memo = new Map<string, string>();
    t = ((key: unknown, options?: unknown) => {
      if (typeof key !== 'string') return fixed(key as string, options as never);
      let id = key;
      if (options !== undefined) {
        try {
          id = `${key}\u0000${JSON.stringify(options)}`;
        } catch {
          return fixed(key, options as never);
        }
      }
      let found = memo.get(id);
      if (found === undefined) {
        found = fixed(key, options as never) as unknown as string;
        if (memo.size >= MEMO_MAX) memo.clear();
        memo.set(id, found);
      }
      return found;
    }) as TFunction;
    translators.set(language, t);
  }
  return t;
}

/**
 * Marks a text that is translated later, where it is shown (`t(data.title)`): a loader's title, an
 * option list. It returns the text as it is; the translations test reads it as a key.
 */
export const text = <T extends string>(key: T): T => key;

/** The translator of a page's language inside `meta`, which has the matches rather than hooks. */
export function metaTranslator(matches: readonly ({ id: string; data?: unknown } | undefined)[]): TFunction {
  const root = matches.find((match) => match?.id === 'root')?.data as { language?: unknown } | undefined;
  return translator(isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE);
}

/** The page's language, as the root loader decided it (lib/language.server.ts). */
export function useLanguage(): Language {
  const root = useRouteLoaderData('root') as { language?: unknown } | undefined;
  return isLanguage(root?.language) ? root.language : DEFAULT_LANGUAGE;
}

/** The translator of the page's language, for components. */
export function useT(): TFunction {
  const language = useLanguage();
  const pending = loadTable(language);
  if (pending) use(pending);
  return useMemo(() => translator(language), [language]);
}

/** `Intl` formats in the page's language: numbers and dates read as the page does. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}
