import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { addPageTexts, completeTable, isLanguage, loadTable, PAGE_TEXTS_ID } from '~/lib/i18n';

// A page in another language than English hydrates with that language's texts, or the first render
// in the browser would read in English and React would throw the server's text away. The server
// sends the texts the page's render read (lib/page-texts.server.ts); i18next with the whole table (its
// own chunk: English pages never load it) follows at the reader's first tap or key, before a navigation or a
// form's checks need more. A page without its texts (an older page kept by the browser) waits for it.
const language = document.documentElement.lang;
const ownTexts = document.getElementById(PAGE_TEXTS_ID);
if (isLanguage(language) && language !== 'en' && ownTexts) {
  addPageTexts(language, JSON.parse(ownTexts.textContent ?? '{}'));
  const complete = () => completeTable(language);
  for (const type of ['pointerdown', 'keydown']) addEventListener(type, complete, { once: true, capture: true, passive: true });
}
// Not React's: removed before it hydrates the body.
ownTexts?.remove();
void Promise.resolve(isLanguage(language) ? loadTable(language) : null).then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
