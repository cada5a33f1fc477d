// A country as its flag, a small image named by the country (issue 21: emoji flags showed as boxes
// where no emoji font exists). The name comes from Intl (the browser's and Node's ICU), in the page's
// language: no table of names reaches the browser. SPEC §2: BJ when absent.
import { DEFAULT_LANGUAGE, useLanguage, type Language } from '~/lib/i18n';

const displayNames = new Map<Language, Intl.DisplayNames>();
function namesIn(language: Language): Intl.DisplayNames {
  const names = displayNames.get(language) ?? new Intl.DisplayNames([language], { type: 'region', fallback: 'code' });
  displayNames.set(language, names);
  return names;
}

export function countryCode(code: string | null | undefined): string {
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : 'BJ';
}

export function countryName(code: string | null | undefined, language: Language = DEFAULT_LANGUAGE): string {
  const c = countryCode(code);
  return namesIn(language).of(c) ?? c;
}

/**
 * The flag, with the country's name as its text (read by screen readers, shown when the image is
 * not); `named` writes the name beside it instead, for a Country column (the image then says nothing more).
 */
export function CountryFlag({ code, className = 'mr-2', named = false }: { code: string | null | undefined; className?: string; named?: boolean }) {
  const c = countryCode(code);
  const name = countryName(c, useLanguage());
  const flag = <img src={`/media/flags/${c}`} alt={named ? '' : name} title={named ? undefined : name} width={18} height={12} loading="lazy" decoding="async" className={`inline-block align-[-1px] ${className}`} />;
  return named ? <>{flag}{name}</> : flag;
}
