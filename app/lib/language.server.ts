// Which language a request is answered in (docs/rules.md "Languages"): the switch's choice in this
// browser (a cookie), else the account's setting, else the browser's Accept-Language, else English.
// remix-i18next's detector reads Accept-Language.
// A page request runs in the scope of its language (inRequestLanguage), which lib/i18n.ts `say`
// speaks; the API and everything outside a request speak English (lib/request-scope.server.ts: what a scope costs).
import { LRUCache } from 'lru-cache';
import { createCookie } from 'react-router';
import { LanguageDetector } from 'remix-i18next/server';
import { resolveRequest } from './auth.server';
import { routePath } from './request-guards.server';
import { secure } from './session.server';
import { unrecorded } from './viewer-reads.server';
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, setLanguageSource, type Language } from './i18n';
import { installI18next } from './i18next';
import { inLanguage, openScopes, pageLanguage } from './request-scope.server';

export { inLanguage, pageLanguage };

// The server renders in both languages from the start, through i18next.
installI18next();

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

setLanguageSource(pageLanguage);

// React Router matches paths without regard to case, and decoded (lib/request-guards.server.ts).
const API_PATH = /^\/api(\/|$)/i;

/**
 * Answers a request handed to React Router (server.ts) in its page's language: its actions,
 * loaders and render all speak it, so no route has to remember to. The API stays English whatever
 * the browser asks (docs/rules.md "Languages"). The viewer is resolved here once for the whole
 * request (lib/auth.server.ts remembers it by load context), as the root loader would; a failure to
 * resolve it is left to the routes, which answer it (a busy database is a 503 page there).
 */
export async function inRequestLanguage<T>(request: Request, context: unknown, answer: () => Promise<T>): Promise<T> {
  if (API_PATH.test(routePath(request.url))) return answer();
  const user = await resolveRequest(request, context).then(
    (resolved) => resolved.user,
    () => null,
  );
  // Read unrecorded: on a page kept for many viewers the language is part of the page's data (the
  // root loader returns pageLanguage()), not a read of the viewer.
  const account = user && unrecorded(user).language;
  const language = await languageOf({ cookie: request.headers.get('Cookie'), acceptLanguage: request.headers.get('Accept-Language'), account });
  return language === DEFAULT_LANGUAGE && openScopes() === 0 ? answer() : inLanguage(language, answer);
}
