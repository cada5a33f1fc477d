import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { addTable } from '~/lib/i18n';

// A page in French hydrates with the French table (its own chunk: English pages never load it), or
// the first render in the browser would read in English and React would throw the server's text away.
async function tables() {
  if (document.documentElement.lang === 'fr') addTable('fr', (await import('~/locales/fr')).default);
}

void tables().then(() =>
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  }),
);
