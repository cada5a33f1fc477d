// The journeys in French (issue 21 §2): a project whose browser asks for French (`locale: fr-FR`,
// so Accept-Language: fr) runs the journeys listed in playwright.config.ts FRENCH_WITH_JS and FRENCH_WITHOUT_JS. They find
// things by the texts the site shows, written in English and read through `tr`, which gives them in
// the project's language from the site's own tables.
import { test } from '@playwright/test';
import type { TFunction } from 'i18next';
import { translator, type Language } from '../../app/lib/i18n';
import { installI18next } from '../../app/lib/i18next';

installI18next();

/** The language the running project's browser asks for. */
export function projectLanguage(): Language {
  return test.info().project.use.locale?.startsWith('fr') ? 'fr' : 'en';
}

/** A text as the site shows it to the running project's browser: `tr('Log in')`. */
export const tr: TFunction = ((...args: Parameters<TFunction>) => translator(projectLanguage())(...args)) as TFunction;

/** A text read literally inside a regular expression. */
export const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A text as a regular expression (for a heading that holds more, a mail's subject). */
export const trPattern = (text: string) => new RegExp(escaped(tr(text)));

/** A text with a count in it, any count: `trCount('{{count}} Solved')` matches "12 Solved" whole. */
export const trCount = (key: string) => new RegExp(`^${escaped(tr(key, { count: 987654 })).replace('987654', '\\d+')}$`);

/** A label by its words before the parenthesis that explains it: `trLabelStart('Image (PNG, JPEG or WebP, at most 2 MB)')`. */
export const trLabelStart = (key: string) => new RegExp(`^${escaped(tr(key).split(' (')[0])}`);
