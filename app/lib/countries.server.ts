// ISO 3166-1 alpha-2 codes and their names in each language of the site, from i18n-iso-countries
// (a maintained data package). The API lists them in English.
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import fr from 'i18n-iso-countries/langs/fr.json' with { type: 'json' };
import type { Language } from './i18n';

countries.registerLocale(en);
countries.registerLocale(fr);

const byLanguage = new Map<Language, { code: string; name: string }[]>();

/** Every country, named and sorted in `language` (the account forms' select). */
export function countriesIn(language: Language): { code: string; name: string }[] {
  let list = byLanguage.get(language);
  if (!list) {
    list = Object.entries(countries.getNames(language, { select: 'official' }))
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.name.localeCompare(b.name, language));
    byLanguage.set(language, list);
  }
  return list;
}

export const COUNTRIES = countriesIn('en');
