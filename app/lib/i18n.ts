// The site's two languages (docs/rules.md "Languages"). Keys are the English texts themselves
// (i18next's natural-language keys): SPEC's messages stay letter for letter, English needs no table,
// and a text without French still reads in English rather than as a key. The translator is i18next
// (lib/i18next.ts), which the server holds from the start for both languages. A browser renders a page
// first with what came with it: English pages are their keys (`tableTranslator`, held to i18next's
// answers by lib/i18n.test.ts), and a French page carries the texts its render read
// (lib/page-texts.server.ts). i18next and the French table follow as one chunk at the reader's first
// tap or key: English pages never load them (about 30 KiB of compressed script, on a 120 KiB budget).
// Pages translate texts where they show them (`t`); a message with values in it is worded where it is
// made (`say`), in the current language.
// app/locales/translations.test.ts fails when a text shown to users has no French, or when French
// keeps a text nothing shows any more.
import type { TFunction } from 'i18next';
import { use, useSyncExternalStore } from 'react';
import { useRouteLoaderData } from 'react-router';

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Each language in itself, as the switch and the account form name it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', fr: 'Français' };

export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * `{{name}}` filled in as i18next fills it: a value that is null, or undefined though named, is
 * empty; a name not given stays as written.
 */
function fill(text: string, options: unknown): string {
  if (!options || typeof options !== 'object' || !text.includes('{{')) return text;
  const values = options as Record<string, unknown>;
  return text.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name];
    if (value === undefined && !Object.hasOwn(values, name)) return whole;
    return value == null ? '' : String(value);
  });
}

/** The element a page's own texts travel in (lib/page-texts.server.ts), read and removed by entry.client.tsx before it hydrates. */
export const PAGE_TEXTS_ID = 'page-texts';

/**
 * A browser's first translator of a page: the key's text in `table` (the key itself when it has
 * none, or an empty one), with a numeric `count` picking its `_one`/`_other` form by the language's
 * plural rules first, then `{{name}}` filled in, as i18next reads them. Without a table (English) the
 * key is the text: a count's English wording is chosen by the code that counts. `missed` is told of a
 * key the table lacks (a page's own table, which has only the texts the server's render read).
 */
export function tableTranslator(language: Language, table?: Readonly<Record<string, string>>, missed?: () => void): TFunction {
  const plural = new Intl.PluralRules(language);
  // Without a prototype: a text such as 'constructor' is looked up as any other.
  const texts: Record<string, string> | null = table ? Object.assign(Object.create(null), table) : null;
  return ((key: unknown, options?: unknown) => {
    if (typeof key !== 'string') return '';
    let text = key;
    if (texts) {
      const count = (options as { count?: unknown } | undefined)?.count;
      const counted = typeof count === 'number' ? `${key}_${plural.select(count)}` : null;
      const entry = counted && texts[counted] ? counted : texts[key] ? key : null;
      if (entry) text = texts[entry];
      else missed?.();
    }
    return fill(text, options);
  }) as TFunction;
}

const english = tableTranslator('en');
const translators = new Map<Language, TFunction>([['en', english]]);
/** Languages whose translator has only a page's own texts (entry.client.tsx), until i18next is in. */
const partial = new Set<Language>();
const tableListeners = new Set<() => void>();

/** Puts a language's whole translator in place (lib/i18next.ts): every useT() renders again with it. */
export function addTranslator(language: Language, t: TFunction): void {
  partial.delete(language);
  translators.set(language, t);
  for (const listener of tableListeners) listener();
}

/**
 * A page's own texts (the texts the server's render read, sent with it) as its language's
 * translator in a browser, until i18next is in: the first key they lack loads it.
 */
export function addPageTexts(language: Exclude<Language, 'en'>, texts: Readonly<Record<string, string>>): void {
  if (translators.has(language)) return;
  partial.add(language);
  translators.set(language, tableTranslator(language, texts, () => completeTable(language)));
}

let loading: Promise<void> | null = null;
function loadWhole(): Promise<void> {
  return (loading ??= import('./i18next').then(({ installI18next }) => installI18next()));
}

/**
 * The loading of `language`'s translator, or null when it is there (always on the server, which
 * holds both; a page's own texts count). The browser loads it before it hydrates a page that came
 * without its texts, and when a navigation lands on a page in another language (a login, a saved
 * setting): useT() then suspends, and React keeps the page before it on screen until it is in.
 */
export function loadTable(language: Language): Promise<void> | null {
  return translators.has(language) ? null : loadWhole();
}

/**
 * Loads i18next for a language the page has only its own texts of (no-op otherwise): at the
 * reader's first tap or key (entry.client.tsx), before a navigation or a check needs more.
 */
export function completeTable(language: Language): void {
  if (partial.has(language)) void loadWhole().catch(() => (loading = null));
}

const subscribeTables = (listener: () => void) => {
  tableListeners.add(listener);
  return () => void tableListeners.delete(listener);
};

/** A text in `language`: `t('Sign in')`, `t('{{count}} points', { count })`; English until its table is in. */
export function translator(language: Language): TFunction {
  return translators.get(language) ?? english;
}

/** The page's language in a browser: the root writes it on <html lang>. */
function documentLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

let currentLanguage: () => Language = documentLanguage;

/**
 * Where `say` learns the language it speaks. The browser keeps the page's; the server puts in the
 * language of the page request under way (lib/language.server.ts), English outside one.
 */
export function setLanguageSource(source: () => Language): void {
  currentLanguage = source;
}

/**
 * A message with values in it, in the current language: `say('Upload at most {{max}} files at
 * once.', { max })`. For the domain and the schemas, whose words are settled where they are thrown
 * and cannot be looked up again where they are shown (`t(message)` only finds a constant text). A
 * `count` picks French's `_one`/`_other` form; English's is chosen by the code, as for t()
 * (`n === 1 ? say('... 1 member.') : say('... {{count}} members.', { count: n })`). The API,
 * background work and tests get English; a page request and the browser's checks of a form get the
 * page's language (English until its table is in).
 */
export function say(key: string, values?: Record<string, unknown>): string {
  return translator(currentLanguage())(key, values as never) as unknown as string;
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
  // A page's own texts give way to the whole table: what is shown then renders again with it.
  const current = () => translator(language);
  return useSyncExternalStore(subscribeTables, current, current);
}

/**
 * A moment as the lists write it on the server (a request's, a notification's): in UTC, so the
 * hydrated page shows the very same text, and in the page's language. The callers add " UTC".
 */
export const UTC_DATE_TIME: Record<Language, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
  fr: new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }),
};

/** `Intl` formats in the page's language: numbers and dates read as the page does. */
export function formatNumber(value: number, language: Language): string {
  return new Intl.NumberFormat(language).format(value);
}
