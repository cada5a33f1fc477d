// What a page request's async work reads of its request, through every await and callback: its
// language (lib/language.server.ts), and the table texts its render reads when they travel with the
// page (lib/page-texts.server.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import { DEFAULT_LANGUAGE, type Language } from './i18n';

// One AsyncLocalStorage, open only while a request that needs it is answered. Why: in Node 20 an
// AsyncLocalStorage in use turns on promise hooks for the whole process, a cost on every promise of
// every request (English pages rendered from nothing answered 1.14-1.16x more without it: `bench:ab`,
// 2026-12-06; React's renderer had one of its own, patched out in app/patches). So English requests
// open no scope (English is what `pageLanguage` says outside one), and when the last open scope
// closes the storage is disabled, which turns the hooks off again. While one is open, every page
// request opens its own, English ones too, so none reads another's language from a callback made
// inside that one. A scope closes when its work's promise settles: what the work leaves running
// after that (a timer, a promise nobody awaits) speaks English.
interface RequestScope {
  language: Language;
  texts?: Map<string, string>;
}
const scope = new AsyncLocalStorage<RequestScope>();
let open = 0;

function within<T>(store: RequestScope, work: () => T): T {
  open++;
  let result: T;
  try {
    result = scope.run(store, work);
  } catch (error) {
    close();
    throw error;
  }
  if (result instanceof Promise) return result.finally(close) as T;
  close();
  return result;
}

function close() {
  if (--open === 0) scope.disable();
}

/** How many scopes are open (inRequestLanguage opens one for English only while others are). */
export function openScopes(): number {
  return open;
}

/**
 * The language of the page request under way, decided once for it by inRequestLanguage (server.ts):
 * loaders read it here rather than deciding again. English outside a page request.
 */
export function pageLanguage(): Language {
  return scope.getStore()?.language ?? DEFAULT_LANGUAGE;
}

/** Runs `work` with `say` speaking `language`, through every await and callback it starts. */
export function inLanguage<T>(language: Language, work: () => T): T {
  return within({ language }, work);
}

/** Runs `render` in the current language, noting each table text it reads into `texts` (lib/page-texts.server.ts). */
export function notingTexts<T>(texts: Map<string, string>, render: () => T): T {
  return within({ language: pageLanguage(), texts }, render);
}

/** Where the render under way notes the texts it reads, if it does. */
export function notedTexts(): Map<string, string> | undefined {
  return scope.getStore()?.texts;
}
