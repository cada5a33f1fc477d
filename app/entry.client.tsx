import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { isLanguage, loadTable } from '~/lib/i18n';

// A page in French hydrates with the French table (its own chunk: English pages never load it), or
// the first render in the browser would read in English and React would throw the server's text away.
const language = document.documentElement.lang;
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
