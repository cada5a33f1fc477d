// Which language a request is answered in (docs/rules.md "Languages"): the switch's choice in this
// browser (a cookie), else the account's setting, else the browser's Accept-Language, else English.
// remix-i18next's detector reads Accept-Language.
import { LRUCache } from 'lru-cache';
import { createCookie } from 'react-router';
import { LanguageDetector } from 'remix-i18next/server';
import fr from '~/locales/fr';
import { secure } from './session.server';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from './i18n';
import { addTable } from './i18n-table';

// The server renders in both languages from the start.
addTable('fr', fr);

const YEAR_S = 365 * 24 * 3600;
export const languageCookie = createCookie('ctf_lng', { path: '/', sameSite: 'lax', httpOnly: true, secure, maxAge: YEAR_S });

// A header is at most a few languages; its parser is not read past this many characters.
const ACCEPT_LANGUAGE_MAX = 200;

export interface LanguageInput {
  cookie: string | null | undefined;
  acceptLanguage: string | null | undefined;
  /** The signed-in viewer's setting, if any. */
  account: string | null | undefined;
}

// Accept-Language values repeat (a few per browser family): each is read by the detector once.
const byHeader = new LRUCache<string, Language>({ max: 1_000 });
const headerDetector = new LanguageDetector({ supportedLanguages: [...LANGUAGES], fallbackLanguage: DEFAULT_LANGUAGE, order: ['header'] });

async function fromHeader(acceptLanguage: string): Promise<Language> {
  const value = acceptLanguage.slice(0, ACCEPT_LANGUAGE_MAX);
  let found = byHeader.get(value);
  if (!found) {
    const detected = await headerDetector.detect(new Request('http://localhost/', { headers: { 'Accept-Language': value } }));
    found = isLanguage(detected) ? detected : DEFAULT_LANGUAGE;
    byHeader.set(value, found);
  }
  return found;
}

export async function languageOf(input: LanguageInput): Promise<Language> {
  const chosen: unknown = input.cookie ? await languageCookie.parse(input.cookie) : null;
  if (isLanguage(chosen)) return chosen;
  if (isLanguage(input.account)) return input.account;
  return input.acceptLanguage ? fromHeader(input.acceptLanguage) : DEFAULT_LANGUAGE;
}

/** The language of a request (its cookie and Accept-Language) for this viewer. */
export function requestLanguage(request: Request, account: string | null | undefined): Promise<Language> {
  return languageOf({ cookie: request.headers.get('Cookie'), acceptLanguage: request.headers.get('Accept-Language'), account });
}
