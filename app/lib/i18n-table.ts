// A language's translator from its table, through i18next (lib/i18n.ts): the server adds French at
// start (lib/language.server.ts), a browser when it shows a page in French. English is not here:
// its texts are the keys themselves.
import i18next, { type TFunction } from 'i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, registerTranslator, type Language } from './i18n';

const i18n = i18next.createInstance();
void i18n.init({
  // Synchronous: the tables are modules, never fetched, so a render never waits for them.
  initAsync: false,
  lng: DEFAULT_LANGUAGE,
  // A text without its translation reads in English: the key.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  // Natural-language keys hold '.' and ':'.
  keySeparator: false,
  nsSeparator: false,
  // React escapes what it renders; the e-mails escape their own values.
  interpolation: { escapeValue: false },
  returnEmptyString: false,
  resources: {},
});

// i18next's t() costs 13-30 µs a call (it resolves, interpolates and post-processes every time), and a
// page makes a hundred or more: rendered from nothing, the board lost a quarter of its speed to it.
// A translator remembers its answers by key and options: the same call always gives the same text
// while its table stays as it is, and a table is added once.
const MEMO_MAX = 5_000;

function remembering(fixed: TFunction): TFunction {
  const memo = new Map<string, string>();
  return ((key: unknown, options?: unknown) => {
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
}

/** Adds a language's table and puts its translator in place. */
export function addTable(language: Exclude<Language, 'en'>, table: Record<string, string>): void {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', table);
  registerTranslator(language, remembering(i18n.getFixedT(language)));
}
