import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceContext } from '~/components/nonce';
import { contextOf } from '~/lib/context';
import { logger } from '~/lib/logger.server';
import { pageCacheStore } from '~/lib/page-cache.server';

export { startup, shutdown } from '~/startup.server';
export { pageCacheLookup } from '~/lib/page-cache.server';
export { withDomainErrors } from '~/lib/route-errors.server';

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status, headers });
  const { nonce } = contextOf(loadContext);
  const cacheable = pageCacheable(request, status, headers, routerContext, loadContext);
  return new Promise<Response>((resolve, reject) => {
    // Wait for all content: pages are small and must be complete for browsers without JavaScript.
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const body = new PassThrough();
          headers.set('Content-Type', 'text/html; charset=utf-8');
          if (cacheable) {
            // The page cache needs the whole page: collect it, keep it, send it as one string.
            const chunks: Buffer[] = [];
            body.on('data', (chunk: Buffer) => chunks.push(chunk));
            body.on('error', reject);
            body.on('end', () => {
              const html = Buffer.concat(chunks).toString('utf8');
              if (status === 200) pageCacheStore(cacheable.miss, { userId: cacheable.userId, status, headers: [...headers], html, nonce });
              resolve(new Response(html, { headers, status }));
            });
          } else {
            resolve(new Response(createReadableStreamFromReadable(body), { headers, status }));
          }
          pipe(body);
        },
        onShellError: reject,
        onError(error) {
          status = 500;
          logger.error({ err: error }, 'render failed');
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000).unref();
  });
}

/**
 * The page cache's miss record and viewer when this render may be kept (lib/page-cache.server.ts):
 * a successful GET of a page whose deepest route opted in with `handle.pageCache`, for a signed-in
 * viewer, that sets no cookie (a Set-Cookie means the response is not the same for every replay).
 */
function pageCacheable(request: Request, status: number, headers: Headers, routerContext: EntryContext, loadContext: AppLoadContext) {
  const miss = loadContext.pageCache;
  const userId = contextOf(loadContext).userId;
  if (!miss || userId === undefined || request.method.toUpperCase() !== 'GET' || status !== 200 || headers.has('Set-Cookie')) return null;
  const { matches, errors } = routerContext.staticHandlerContext;
  const deepest = matches.at(-1)?.route.id;
  const handle = deepest ? (routerContext.routeModules[deepest]?.handle as { pageCache?: unknown } | undefined) : undefined;
  if (errors || handle?.pageCache !== true) return null;
  return { miss, userId };
}
