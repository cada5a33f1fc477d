// English plural forms only: every other English text is its own key (lib/i18n.ts).
const en: Record<string, string> = {};
export default en;
