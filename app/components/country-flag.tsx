// A country as its flag, a small image named by the country (issue 21: emoji flags showed as boxes
// where no emoji font exists). The name comes from Intl (the browser's and Node's ICU): no table of
// names reaches the browser. SPEC §2: BJ when absent.
const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

export function countryCode(code: string | null | undefined): string {
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : 'BJ';
}

export function countryName(code: string | null | undefined): string {
  const c = countryCode(code);
  return names.of(c) ?? c;
}

/** The flag, with the country's name as its text (read by screen readers, shown when the image is not). */
export function CountryFlag({ code, className = 'mr-2' }: { code: string | null | undefined; className?: string }) {
  const c = countryCode(code);
  const name = countryName(c);
  return <img src={`/media/flags/${c}`} alt={name} title={name} width={18} height={12} loading="lazy" decoding="async" className={`inline-block align-[-1px] ${className}`} />;
}
