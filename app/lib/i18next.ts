// The site's translator is i18next (docs/rules.md "Languages"): keys are the English texts
// themselves (natural-language keys, no separators), French has its table (app/locales/fr/), a count
// picks the table's `_one`/`_other` form, `{{name}}` is filled in. The server installs it at start
// for both languages (installI18next). A browser loads this module, i18next and the French table
// together as one chunk, only on a French page and only at the reader's first tap or key
// (lib/i18n.ts): until then a page reads the texts the server's render read (lib/page-texts.server.ts),
// and English pages never load it (lib/i18n.ts `tableTranslator` is held to this module's answers by
// lib/i18n.test.ts), which keeps learner pages within the 120 KiB budget.
import i18next, { type TFunction } from 'i18next';
import fr from '~/locales/fr';
import { addTranslator, LANGUAGES, type Language } from './i18n';

/** Called with each table entry a French translation reads: the server keeps a page's own (lib/page-texts.server.ts). */
let noteRead: ((key: string, text: string) => void) | null = null;
export function setTextReadRecorder(recorder: (key: string, text: string) => void): void {
  noteRead = recorder;
}

const TABLES: Partial<Record<Language, Readonly<Record<string, string>>>> = { fr };

/**
 * What a call is remembered by: its key, and its values when every one is a string, a number or a
 * boolean (a null or an undefined one reads differently from a value not given, and a text must not
 * stand for another); null when the call is not remembered.
 */
function callKey(key: string, options: Record<string, unknown> | undefined): string | null {
  if (options === undefined) return key;
  for (const name in options) {
    const type = typeof options[name];
    if (type !== 'string' && type !== 'number' && type !== 'boolean') return null;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}

// Answers remembered per language. i18next takes 5-30 µs a call and a page asks it for every text it
// shows, the same texts with the same values each time: without them a challenge board rendered
// from nothing was about a quarter slower than with the site's former hand-made translator. An answer
// depends only on the call (the tables never change while the process runs), and the memory is bounded
// by emptying the whole memo when it is full (the texts a site asks for are a few thousand).
const REMEMBERED = 5_000;

/** i18next, fixed to `language`, as the site reads its texts. */
export function i18nextTranslator(language: Language): TFunction {
  const table = TABLES[language];
  // One instance per language: its own `t` is a third of the cost of a getFixedT's.
  const instance = i18next.createInstance();
  void instance.init({
    initAsync: false,
    lng: language,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    keySeparator: false,
    nsSeparator: false,
    interpolation: { escapeValue: false },
    returnEmptyString: false,
    resources: table ? { [language]: { translation: table } } : {},
  });
  // Each answer with the table entry it read (a count's form included), or the key itself when the
  // language has none: a French page's own texts (lib/page-texts.server.ts).
  type Answer = { text: string; entry: string; entryText: string };
  const remembered = new Map<string, Answer>();
  const answer = (key: string, options: Record<string, unknown> | undefined): Answer => {
    if (!table) return { text: String(instance.t(key, options as never)), entry: key, entryText: key };
    const details = instance.t(key, { ...options, returnDetails: true }) as unknown as { res: string; exactUsedKey: string };
    const used = details.exactUsedKey;
    return table[used] ? { text: details.res, entry: used, entryText: table[used] } : { text: details.res, entry: key, entryText: key };
  };
  return ((key: unknown, options?: Record<string, unknown>) => {
    if (typeof key !== 'string') return instance.t(key as string, options as never);
    const call = callKey(key, options);
    let found = call === null ? undefined : remembered.get(call);
    if (!found) {
      found = answer(key, options);
      if (call !== null) {
        if (remembered.size >= REMEMBERED) remembered.clear();
        remembered.set(call, found);
      }
    }
    if (table) noteRead?.(found.entry, found.entryText);
    return found.text;
  }) as TFunction;
}

let installed = false;
/**
 * Puts i18next in place for every language, once: the server at start (from each module that
 * translates, so each works when loaded alone), a browser when it loads this chunk.
 */
export function installI18next(): void {
  if (installed) return;
  installed = true;
  for (const language of LANGUAGES) addTranslator(language, i18nextTranslator(language));
}
