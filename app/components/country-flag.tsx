// A country as its flag, a small image named by the country (issue 21: emoji flags showed as boxes
// where no emoji font exists). The name comes from Intl (the browser's and Node's ICU), in the page's
// language: no table of names reaches the browser. SPEC §2: BJ when absent.
import { DEFAULT_LANGUAGE, useLanguage, type Language } from '~/lib/i18n';

// Each language's names as Intl gives them, read once per code (at most 26 x 26 codes pass
// countryCode): asking ICU for each row of a scoreboard cost about 1% of its render.
const namesByLanguage = new Map<Language, { intl: Intl.DisplayNames; read: Map<string, string> }>();
function nameIn(language: Language, code: string): string {
  let names = namesByLanguage.get(language);
  if (!names) namesByLanguage.set(language, (names = { intl: new Intl.DisplayNames([language], { type: 'region', fallback: 'code' }), read: new Map() }));
  let name = names.read.get(code);
  if (name === undefined) names.read.set(code, (name = names.intl.of(code) ?? code));
  return name;
}

export function countryCode(code: string | null | undefined): string {
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : 'BJ';
}

export function countryName(code: string | null | undefined, language: Language = DEFAULT_LANGUAGE): string {
  return nameIn(language, countryCode(code));
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
