// What server.ts hands every loader and action (React Router's load context).
import type { Park } from './admission.server';

export interface RequestContext {
  ip: string;
  nonce: string;
  requestId: string;
  /** Set once the session is resolved, so the request log can name the user. */
  userId?: number;
  /**
   * For a GET of a page's HTML, how its route is kept (lib/page-sharing.server.ts, set by server.ts):
   * only then does the root loader hand the header tokens for the viewer's values.
   */
  sharing?: import('./page-cache.server').PageCacheKind | null;
  /** Set by server.ts when the page cache missed: entry.server.tsx stores the page under it. */
  pageCache?: import('./page-cache.server').PageCacheMiss;
  /**
   * Set by the root loader when it handed the page tokens instead of the viewer's own values
   * (lib/viewer-template.server.ts): entry.server.tsx puts these in their place.
   */
  viewer?: import('./viewer-template.server').ViewerValues;
  /**
   * On a page kept for many viewers: the fields its loaders read of their viewer
   * (lib/viewer-reads.server.ts), which make the kept page's key.
   */
  viewerReads?: Set<string>;
  /**
   * Set by server.ts: whether React Router answers with a document (a GET of a page's HTML), not a
   * client navigation's data (`.data`) or the API.
   */
  document?: boolean;
  /** Server-drawn markup of this document by id, written once in its HTML (lib/server-markup.server.ts). */
  markup?: Map<string, string>;
  /**
   * Set by server.ts: parks this request's answer slot while it waits in a bounded queue of its own
   * (a password hash, lib/password.server.ts); call what it returns when the wait is over
   * (admission.server.ts `SlotRelease`).
   */
  park?: Park;
  /** Set by server.ts: whether the client hung up before its answer was sent (respond.server.ts `hangUpOf`). */
  clientLeft?: () => boolean;
}

declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}

export function contextOf(context: unknown): RequestContext {
  const c = context as Partial<RequestContext> | undefined;
  // userId read only when asked for: on a shared page, reading it is reading the viewer.
  return { ip: c?.ip ?? '127.0.0.1', nonce: c?.nonce ?? '', requestId: c?.requestId ?? '', park: c?.park, get userId() { return c?.userId; } };
}
