// Every answer's one finisher (docs/architecture.md "One request's path"). server.ts calls
// `startAnswer` for each request before anything else reads it, so whatever answers it afterwards (a
// refusal of admission, a fast lane, a static file, React Router) carries the same request id,
// security headers and log line; `send` writes a lane's or React Router's answer with the same
// compression rule. A header added here reaches every route.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes, randomUUID } from 'node:crypto';
import compressible from 'compressible';
import helmet from 'helmet';
import { env } from './env.server';
import { gzipped } from './gzip.server';
import { logger } from './logger.server';
import { routePath } from './request-guards.server';

/** What a request carries from its first line to its log line, and what loaders get (lib/context.ts). */
export interface Answering {
  requestId: string;
  nonce: string;
  ip: string;
  /** Set once the session is resolved (auth.server.ts), so the log line names the user. */
  userId?: number;
}

const NONCE_MARK = '__nonce__';
/**
 * Helmet's headers are the same for every response but the CSP's nonce: worked out by helmet once,
 * then set with each response's nonce (a quarter of Express's middleware time went to helmet's chain).
 */
const securityHeaderList: [string, string][] = (() => {
  const list: [string, string][] = [];
  const dev = !env.isProduction;
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", `'nonce-${NONCE_MARK}'`, ...(dev ? ["'unsafe-inline'"] : [])],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'", ...(dev ? ['ws:'] : [])],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'same-origin' },
    hsts: env.publicUrl.startsWith('https://'),
  });
  const recorder = { setHeader: (name: string, value: unknown) => list.push([name, String(value)]), getHeader: () => undefined, removeHeader: () => {} };
  headers({ headers: {} } as never, recorder as never, () => {});
  return list;
})();

// CSP nonces come from a pool of random bytes filled 4 KiB at a time: the same randomness as
// randomBytes(16), without a call into OpenSSL per request.
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;
function freshNonce(): string {
  if (nonceOffset + 16 > noncePool.length) {
    noncePool = randomBytes(4096);
    nonceOffset = 0;
  }
  nonceOffset += 16;
  return noncePool.toString('base64', nonceOffset - 16, nonceOffset);
}

/**
 * The first thing done with every request: its id (the client's X-Request-Id, or a new one), a CSP
 * nonce, the headers every answer carries, and its log line when the answer is done (never bodies,
 * cookies, tokens or query strings: they may carry tokens).
 */
export function startAnswer(req: IncomingMessage, res: ServerResponse): Answering {
  const answering: Answering = {
    requestId: (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    nonce: freshNonce(),
    ip: req.socket.remoteAddress ?? 'unknown',
  };
  res.setHeader('X-Request-Id', answering.requestId);
  for (const [name, value] of securityHeaderList) res.setHeader(name, name === 'Content-Security-Policy' ? value.replace(NONCE_MARK, answering.nonce) : value);
  const path = routePath(req.url ?? '/');
  if (path !== '/healthz' && !path.startsWith('/assets/')) logWhenDone(res, { id: answering.requestId, method: req.method ?? 'GET', path }, answering);
  return answering;
}

/** Logs the request's one line once its response is done. A request answered 5xx says so as an error line would. */
function logWhenDone(res: ServerResponse, req: { id: string; method: string; path: string }, answering: Answering) {
  const started = performance.now();
  const done = () => {
    res.off('close', done);
    res.off('finish', done);
    const fields = { req, userId: answering.userId, res: { status: res.statusCode }, responseTime: Math.round(performance.now() - started) };
    if (res.statusCode >= 500) logger.info({ ...fields, err: { message: `failed with status code ${res.statusCode}` } }, 'request errored');
    else logger.info(fields, 'request completed');
  };
  res.on('close', done);
  res.on('finish', done);
}

/** An answer whose body is in memory: what the fast lanes produce. */
export interface Reply {
  status: number;
  headers: Iterable<[string, string]> | Record<string, string>;
  body: Buffer | string;
}

/**
 * Writes an answer. A body in memory of a compressible type goes out gzipped when the client takes
 * gzip (unless already encoded, or `no-transform`); a streamed body (a download, a page React
 * rendered as a stream) is buffered when compressible, else passed on as it comes, waiting for the
 * socket to drain.
 */
export async function send(req: IncomingMessage, res: ServerResponse, answer: Response | Reply): Promise<void> {
  if (res.writableEnded || res.destroyed) {
    if (answer instanceof Response) await answer.body?.cancel().catch(() => {});
    return;
  }
  const headers: string[] = [];
  let type = '';
  let encoded = false;
  let noTransform = false;
  let length: string | null = null;
  const given = answer.headers;
  for (const [name, value] of Symbol.iterator in given ? (given as Iterable<[string, string]>) : Object.entries(given)) {
    const lower = name.toLowerCase();
    if (lower === 'content-length') {
      length = value; // set below from the bytes sent, or kept for a stream
      continue;
    }
    if (lower === 'content-type') type = value;
    else if (lower === 'content-encoding') encoded = true;
    else if (lower === 'cache-control' && /no-transform/i.test(value)) noTransform = true;
    headers.push(name, value);
  }
  const head = req.method === 'HEAD';
  const compress = !encoded && !noTransform && !!type && compressible(type.split(';', 1)[0].trim()) === true;

  let body: Buffer | null;
  if (!(answer instanceof Response)) body = typeof answer.body === 'string' ? Buffer.from(answer.body) : answer.body;
  else if (!answer.body) body = null;
  // Encoded means finished in memory by entry.server.tsx; a stream of another kind (a download) flows.
  else if (compress || head || encoded) body = Buffer.from(await answer.arrayBuffer());
  else return streamed(res, answer, length === null ? headers : [...headers, 'Content-Length', length]);

  if (body && compress) {
    const zipped = gzipped(body, req.headers['accept-encoding']);
    body = zipped.body;
    for (const [name, value] of zipped.headers) headers.push(name, value);
  }
  if (body || answer.status !== 304) headers.push('Content-Length', String(body?.length ?? 0));
  writeHead(res, answer.status, headers);
  res.end(head ? undefined : body ?? undefined);
}

/**
 * The answer's headers over those every answer carries (startAnswer's): a name the answer sets
 * replaces the common one, and its repeats are kept (each Set-Cookie). Node's writeHead would keep
 * only the last of a repeated name.
 */
function writeHead(res: ServerResponse, status: number, headers: string[]) {
  for (let i = 0; i < headers.length; i += 2) res.removeHeader(headers[i]);
  for (let i = 0; i < headers.length; i += 2) res.appendHeader(headers[i], headers[i + 1]);
  res.writeHead(status);
}

/** A body that arrives as a stream (a file download): written as it comes, never faster than the client reads. */
async function streamed(res: ServerResponse, answer: Response, headers: string[]) {
  writeHead(res, answer.status, headers);
  const reader = answer.body!.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (res.destroyed) return void (await reader.cancel().catch(() => {}));
      if (!res.write(value)) await new Promise<void>((resolve) => (res.once('drain', resolve), res.once('close', resolve)));
    }
    res.end();
  } catch (error) {
    logger.warn({ err: error }, 'response stream failed');
    res.destroy();
  }
}
