// A loader's server-drawn markup (a chart's SVG) as the page's data carries it
// (components/server-markup.tsx): in a document's data only its id, the markup kept for this
// request's render; in a client navigation's data (`.data`, which renders nothing here) the markup.
import { createHash } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import type { Markup } from '~/components/server-markup';

/** The markup's handle for the loader's data; null when there is none ('': a chart with no points yet). */
export function serverMarkup(context: AppLoadContext, html: string): Markup | null {
  if (!html) return null;
  const id = createHash('sha256').update(html).digest('base64url').slice(0, 22);
  if (!context.document) return { id, html };
  (context.markup ??= new Map()).set(id, html);
  return { id };
}
