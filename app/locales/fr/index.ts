// French for every text the site shows (lib/i18n.ts): the key is the English text, letter for
// letter, typos of SPEC included; `{{name}}` is filled in; a count has `_one` and `_other` forms.
// One file per part of the site, so each part's texts are found beside each other.
// app/locales/translations.test.ts checks that every text shown has its entry and none is unused.
import editor from './editor';
import events from './events-teams';
import frame from './frame';
import homeAccounts from './home-accounts';
import messages from './messages';
import notices from './notices';
import scoped from './scoped';
import shop from './shop-staff';

const fr: Record<string, string> = { ...frame, ...homeAccounts, ...scoped, ...events, ...shop, ...messages, ...notices, ...editor };
export default fr;
