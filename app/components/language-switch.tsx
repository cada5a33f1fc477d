import { useLocation } from 'react-router';
import { LANGUAGE_NAMES, LANGUAGES, useLanguage, useT } from '~/lib/i18n';

/**
 * The other languages, each a plain link (no JavaScript needed) to /language/{code}, which keeps the
 * choice for this browser and comes back here (routes/language.ts). A full page load, never a client
 * navigation: the whole page changes language.
 */
export function LanguageSwitch() {
  const current = useLanguage();
  const t = useT();
  const { pathname, search } = useLocation();
  const back = encodeURIComponent(`${pathname}${search}`);
  return (
    <nav aria-label={t('Language')} className="text-sm">
      {LANGUAGES.filter((language) => language !== current).map((language) => (
        <a key={language} href={`/language/${language}?back=${back}`} lang={language} hrefLang={language} className="px-2 py-1 text-slate-200 underline hover:text-white">
          {LANGUAGE_NAMES[language]}
        </a>
      ))}
    </nav>
  );
}
