// The site's two languages (docs/rules.md "Languages"). Keys are the English texts themselves
// (i18next's natural-language keys): SPEC's messages stay letter for letter, English needs no table,
// and a text without French still reads in English rather than as a key. French has its table
// (app/locales/fr/), which the server holds from the start; a French page comes with the texts it
// shows (lib/page-texts.server.ts) and its browser loads the whole table at the reader's first tap or
// key: English pages never carry it. Pages translate texts where they show them (`t`); a message
// with values in it is worded where it is made (`say`), in the current language.
// One translator serves both (`tableTranslator`): a key, its French and its `{{name}}`s, read as
// i18next reads them (lib/i18n.test.ts holds it to i18next's answers for every key of the table).
// i18next itself is not loaded: it was 15 KB of compressed script on every French page, of a
// 120 KiB budget, for the two things the tables use (a count's `_one`/`_other` form and `{{name}}`).
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

/** Called with each table entry a translator reads: the server keeps a page's own (lib/page-texts.server.ts). */
let noteRead: ((key: string, text: string) => void) | null = null;
export function setTextReadRecorder(recorder: (key: string, text: string) => void): void {
  noteRead = recorder;
}

/**
 * A language's translator: the key's text in `table` (the key itself when it has none, or an empty
 * one), with a numeric `count` picking its `_one`/`_other` form by the language's plural rules
 * first, then `{{name}}` filled in. Without a table (English) the key is the text: a count's English
 * wording is chosen by the code that counts. `missed` is told of a key the table lacks (a page's
 * own table, which has only the texts the server's render read).
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
      // A key without French is noted as itself: a page's own texts then answer it as the server did.
      noteRead?.(entry ?? key, text);
    }
    return fill(text, options);
  }) as TFunction;
}

const english = tableTranslator('en');
const translators = new Map<Language, TFunction>([['en', english]]);
/** Languages whose translator has only a page's own texts (entry.client.tsx), until the table is in. */
const partial = new Set<Language>();
const tableListeners = new Set<() => void>();

/**
 * Puts a language's table in place: the server at start (lib/language.server.ts), a browser when it
 * shows a page in it. A `partial` table (the texts the page's render read, sent with it) serves
 * until the whole one is in: the first key it lacks loads the whole table, and every useT() renders
 * again once it is there.
 */
export function addTable(language: Exclude<Language, 'en'>, table: Readonly<Record<string, string>>, { partial: own = false } = {}): void {
  if (translators.has(language) && !partial.has(language)) return;
  if (own) {
    partial.add(language);
    translators.set(language, tableTranslator(language, table, () => void completeTable(language)));
    return;
  }
  partial.delete(language);
  translators.set(language, tableTranslator(language, table));
  for (const listener of tableListeners) listener();
}

// Each language's table but English's, as a chunk of its own.
const TABLES: Record<Exclude<Language, 'en'>, () => Promise<void>> = {
  fr: async () => addTable('fr', (await import('~/locales/fr')).default),
};
const loading = new Map<Language, Promise<void>>();

function loadWhole(language: Exclude<Language, 'en'>): Promise<void> {
  let pending = loading.get(language);
  if (!pending) {
    pending = TABLES[language]();
    loading.set(language, pending);
  }
  return pending;
}

/**
 * The loading of `language`'s translator, or null when it is there (always on the server, which
 * holds both; a page's own texts count). The browser loads it before it hydrates a page that came
 * without its texts, and when a navigation lands on a page in another language (a login, a saved
 * setting): useT() then suspends, and React keeps the page before it on screen until it is in.
 */
export function loadTable(language: Language): Promise<void> | null {
  if (translators.has(language)) return null;
  return loadWhole(language as Exclude<Language, 'en'>);
}

/**
 * Loads the whole table of a language the page has only its own texts of (no-op otherwise):
 * at the reader's first tap or key (entry.client.tsx), before a navigation or a check needs more.
 */
export function completeTable(language: Language): void {
  if (partial.has(language)) void loadWhole(language as Exclude<Language, 'en'>).catch(() => loading.delete(language));
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
