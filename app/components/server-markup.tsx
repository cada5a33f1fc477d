// Markup drawn on the server (a chart's SVG) that a page shows as it is. In a document it is written
// once, in the HTML: the hydration data carries only its id (lib/server-markup.server.ts), not a
// second, escaped copy (the scoreboard's chart was 25 KB of its 37 KB of hydration data, and its
// encoding and escaping a share of every render). A client navigation's data carries the markup
// itself, since no HTML comes with it.
import { createContext, useContext } from 'react';

/** A loader's handle on server-drawn markup: the markup itself, or only its id in a document's data. */
export interface Markup {
  /** A digest of the markup: the page cache's key, made from the loader data, follows its content. */
  id: string;
  html?: string;
}

/** The markup of this request by id, given by entry.server.tsx to a document's render. */
export const ServerMarkupContext = createContext<ReadonlyMap<string, string> | null>(null);

// The elements that hydration left holding markup the browser's data does not have: if React mounts
// one of them again with the same data (an error boundary gone, a remount), its content comes from here.
const hydrated = new Map<string, Element>();

export function ServerMarkup({ markup }: { markup: Markup }) {
  const written = useContext(ServerMarkupContext);
  const html = markup.html ?? written?.get(markup.id) ?? hydrated.get(markup.id)?.innerHTML;
  // Hydrating a document, `html` is missing: React neither compares an element's inner HTML nor
  // descends into it when hydrating, and sets it only once the value changes, so the markup the HTML
  // brought stays.
  const keep = html === undefined ? (element: HTMLDivElement | null) => void (element && hydrated.set(markup.id, element)) : undefined;
  return <div ref={keep} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: html ?? '' }} />;
}
