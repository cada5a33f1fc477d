import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from '~/components/nonce';
import { ServerMarkupContext } from '~/components/server-markup';
import { contextOf } from '~/lib/context';
import { pageLanguage } from '~/lib/language.server';
import { logger } from '~/lib/logger.server';
import { pageCacheStore } from '~/lib/page-cache.server';
import { readingTexts, withPageTexts } from '~/lib/page-texts.server';
import { asTemplate, finishedBody, keepTemplate, keptTemplate, templateKey } from '~/lib/viewer-template.server';

export { startup, shutdown } from '~/startup.server';
export { pageCacheLookup } from '~/lib/page-cache.server';
export { withDomainErrors } from '~/lib/route-errors.server';
export { requestUserId } from '~/lib/auth.server';
export { inRequestLanguage } from '~/lib/language.server';
export { serveNotificationStream } from '~/api/notifications/stream.server';

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  // Nobody left to render for (server.ts): the loaders ran, React does not. The answer (nginx's
  // 499, 'client closed request') is never sent.
  if (loadContext.clientLeft?.()) return new Response(null, { status: 499 });
  const { nonce } = contextOf(loadContext);
  const cacheable = pageCacheable(request, status, headers, routerContext, loadContext);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  const viewer = loadContext.viewer;
  if (!viewer && !cacheable && pageLanguage() === 'en') return new Response(createReadableStreamFromReadable(await render(request, routerContext, loadContext, (s) => (status = s))), { headers, status });
  if (!viewer && !cacheable) return new Response((await renderedDocument(request, routerContext, loadContext, (s) => (status = s))) as Uint8Array<ArrayBuffer>, { headers, status });

  // Rendered with tokens for the viewer's own values (lib/viewer-template.server.ts; the root loader
  // hands them only to pages that opted in): kept under its input, then finished for this viewer.
  const { matches, loaderData, errors } = routerContext.staticHandlerContext;
  const key = viewer && status === 200 && !errors && !headers.has('Set-Cookie') ? templateKey(request.url, status, matches.map((m) => m.route.id), loaderData) : null;
  let template = key ? keptTemplate(key) : null;
  // The hydration data (serverHandoffStream) is the template's own, already in the page: it is left
  // unread, so React Router never encodes it (app/patches: encoded once read). Before that patch,
  // cancelling it mid-encoding skipped clearing its 5-second timer, which kept this request's loader
  // data alive: 1,650 shared renders in the competition's first 10 s held tens of MB that way.
  if (template) headers.set('X-Page-Cache', 'shared'); // tests and the bench tell it from a render
  const rendered = !template;
  template ??= asTemplate(await renderedDocument(request, routerContext, loadContext, (s) => (status = s)), nonce);
  // Bytes (a string body would be scanned for lone surrogates), gzipped from the template's parts
  // deflated once (lib/gzip.server.ts). Kept once finished, so the memory the stores count is the
  // template's as the first answer left it (deflated for a client that takes gzip).
  const { body, headers: encoding } = finishedBody(template, viewer ?? null, nonce, request.headers.get('Accept-Encoding'));
  if (rendered && key && status === 200) keepTemplate(key, template);
  if (cacheable && viewer && status === 200) pageCacheStore(cacheable.miss, cacheable.kind, { userId: viewer.id, status, headers: [...headers], template, viewer, reads: loadContext.viewerReads });
  for (const [name, value] of encoding) headers.append(name, value);
  headers.set('Content-Length', String(body.length));
  return new Response(body as Uint8Array<ArrayBuffer>, { headers, status });
}

/** The rendered document's bytes, with the texts it read when it is not in English (lib/page-texts.server.ts). */
async function renderedDocument(request: Request, routerContext: EntryContext, loadContext: AppLoadContext, failed: (status: number) => void): Promise<Buffer> {
  if (pageLanguage() === 'en') return collect(await render(request, routerContext, loadContext, failed));
  const texts = new Map<string, string>();
  return withPageTexts(await collect(await readingTexts(texts, () => render(request, routerContext, loadContext, failed))), texts);
}

/** React's render of the document, once all of it is ready (browsers without JavaScript need it whole). */
function render(request: Request, routerContext: EntryContext, loadContext: AppLoadContext, failed: (status: number) => void): Promise<PassThrough> {
  const { nonce } = contextOf(loadContext);
  return new Promise<PassThrough>((resolve, reject) => {
    // Cleared once the render is done: until it fired, the timer kept the render's whole state.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerMarkupContext.Provider value={loadContext.markup ?? null}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ServerMarkupContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // The page is sent whole, once all of it is ready: a Suspense boundary (a form loaded through
        // React.lazy) must be written in place. Past this many bytes React would write its fallback
        // and move the content in with a script, which a browser without JavaScript never runs.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        onAllReady() {
          clearTimeout(timer);
          const body = new PassThrough();
          resolve(body);
          pipe(body);
        },
        onShellError(error) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error) {
          failed(500);
          logger.error({ err: error }, 'render failed');
        },
      },
    );
    timer.unref();
  });
}

/** The render's bytes, left undecoded (asTemplate reads them without decoding). */
function collect(body: PassThrough): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    body.on('data', (chunk: Buffer) => chunks.push(chunk));
    body.on('error', reject);
    body.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

/**
 * The page cache's miss record and kind when this render may be kept
 * (lib/page-cache.server.ts): a successful GET of a page whose deepest route opted in with
 * `handle.pageCache`, for a signed-in viewer, that sets no cookie (a Set-Cookie means the response
 * is not the same for every replay).
 */
function pageCacheable(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const miss = loadContext.pageCache;
  // Whose page it is comes from the root loader's viewer (handleRequest): the load context's userId
  // would count as read on a shared page (lib/viewer-reads.server.ts).
  if (!miss || request.method.toUpperCase() !== 'GET' || status !== 200 || headers.has('Set-Cookie')) return null;
  // How the page's route opted in, read by server.ts before React Router ran (lib/page-sharing.server.ts).
  const kind = loadContext.sharing;
  if (routerContext.staticHandlerContext.errors || !kind) return null;
  return { miss, kind };
}
