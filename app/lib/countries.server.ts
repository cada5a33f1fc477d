// ISO 3166-1 alpha-2 codes and English names from i18n-iso-countries (a maintained data package).
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

countries.registerLocale(en);

export const COUNTRIES: { code: string; name: string }[] = Object.entries(countries.getNames('en', { select: 'official' }))
  .map(([code, name]) => ({ code, name }))
  .sort((a, b) => a.name.localeCompare(b.name));
