// A loader's server-drawn markup (a chart's SVG) as the page's data carries it
// (components/server-markup.tsx): in a document's data only its id, the markup kept for this
// request's render; in a client navigation's data (`.data`, which renders nothing here) the markup.
import { createHash } from 'node:crypto';
import type { AppLoadContext } from 'react-router';
import type { Markup } from '~/components/server-markup';

/** Markup with its id, a digest of it: made once where the markup is (a chart is kept with its board). */
export interface Drawn { id: string; html: string }

/** The markup with its id; null when there is none ('': a chart with no points yet). */
export function drawn(html: string): Drawn | null {
  return html ? { id: createHash('sha256').update(html).digest('base64url').slice(0, 22), html } : null;
}

/** The markup's handle for the loader's data. */
export function serverMarkup(context: AppLoadContext, markup: Drawn | null): Markup | null {
  if (!markup || !context.document) return markup;
  (context.markup ??= new Map()).set(markup.id, markup.html);
  return { id: markup.id };
}
