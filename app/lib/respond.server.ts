// Every answer's one finisher (docs/architecture.md "One request's path"). server.ts calls
// `startAnswer` for each request before anything else reads it, so whatever answers it afterwards (a
// refusal of admission, a fast lane, a static file, React Router) carries the same request id,
// security headers and log line; `send` writes a lane's or React Router's answer with the same
// compression rule. A header added here reaches every route.
import { ServerResponse, type IncomingMessage, type OutgoingHttpHeader, type OutgoingHttpHeaders } from 'node:http';
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

/** The headers every answer carries but the CSP and the request id, as flat name, value pairs. */
const COMMON = securityHeaderList.filter(([name]) => name !== 'Content-Security-Policy').flat();
const [CSP_BEFORE, CSP_AFTER] = (securityHeaderList.find(([name]) => name === 'Content-Security-Policy')?.[1] ?? NONCE_MARK).split(NONCE_MARK);
const COMMON_NAMES = [...COMMON.filter((_, i) => i % 2 === 0), 'Content-Security-Policy', 'X-Request-Id'].map((name) => name.toLowerCase());
// A build asset (a script, the stylesheet) is no document: a CSP, frame or referrer policy says
// nothing there. It keeps what a subresource obeys (no sniffing, same-origin use) and the request
// id. The other headers cost about 600 bytes per asset, and a page loads twenty: 12 KiB on a slow
// phone link, over a tenth of the page's JavaScript (issue 21 §1, npm run bench:phone).
const ASSET_KEPT = ['x-content-type-options', 'cross-origin-resource-policy'];
const ASSET_COMMON = securityHeaderList.filter(([name]) => ASSET_KEPT.includes(name.toLowerCase())).flat();
const ASSET_NAMES = [...ASSET_KEPT, 'x-request-id'];

/**
 * Node's response for every request (server.ts creates its server with it): whatever writes the
 * head (a lane, a static file, React Router's answer, admission's refusal, Node's own implicit head),
 * it carries the headers startAnswer set for the request, unless the answer sets the same name.
 */
export class AnswerResponse extends ServerResponse {
  /** Flat name, value pairs: the security headers with this response's nonce, and the request id. */
  common: string[] | null = null;
  /** Whether headers were set one by one (setHeader, appendHeader) before the head. */
  private progressive = false;

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.progressive = true;
    return super.setHeader(name, value);
  }

  override appendHeader(name: string, value: string | readonly string[]): this {
    this.progressive = true;
    return super.appendHeader(name, value);
  }

  override writeHead(statusCode: number, reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    const message = typeof reason === 'string' ? reason : undefined;
    const given = typeof reason === 'string' ? headers : reason;
    const flat: OutgoingHttpHeader[] = Array.isArray(given) ? given.slice() : [];
    if (given && !Array.isArray(given)) for (const name in given) if (given[name] !== undefined) flat.push(name, given[name] as OutgoingHttpHeader);
    const common = this.common;
    if (common) {
      // The answer's own names win over the common ones (a route may set its own Cache-Control, say).
      let overridden: string[] | null = null;
      for (let i = 0; i < flat.length; i += 2) {
        const name = String(flat[i]).toLowerCase();
        if (COMMON_NAMES.includes(name)) (overridden ??= []).push(name);
      }
      for (let i = 0; i < common.length; i += 2) {
        if (overridden?.includes(common[i].toLowerCase()) || (this.progressive && this.hasHeader(common[i]))) continue;
        flat.push(common[i], common[i + 1]);
      }
    }
    if (this.progressive) {
      // Headers set one by one (a static file's) meet these by name: Node would keep only the
      // last of a repeated one (each Set-Cookie), so they are appended here instead.
      for (let i = 0; i < flat.length; i += 2) this.removeHeader(String(flat[i]));
      for (let i = 0; i < flat.length; i += 2) this.appendHeader(String(flat[i]), flat[i + 1] as string | string[]);
      return message === undefined ? super.writeHead(statusCode) : super.writeHead(statusCode, message);
    }
    return message === undefined ? super.writeHead(statusCode, flat as never) : super.writeHead(statusCode, message, flat as never);
  }
}

/**
 * The first thing done with every request: its id (the client's X-Request-Id, or a new one), a CSP
 * nonce, the headers every answer carries (AnswerResponse writes them), and its log line when the
 * answer is done (never bodies, cookies, tokens or query strings: they may carry tokens).
 */
export function startAnswer(req: IncomingMessage, res: ServerResponse): Answering {
  const answering: Answering = {
    requestId: (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID(),
    nonce: freshNonce(),
    ip: req.socket.remoteAddress ?? 'unknown',
  };
  const path = routePath(req.url ?? '/');
  const asset = path.startsWith('/assets/');
  (res as AnswerResponse).common = asset
    ? ASSET_COMMON.concat('X-Request-Id', answering.requestId)
    : COMMON.concat('Content-Security-Policy', CSP_BEFORE + answering.nonce + CSP_AFTER, 'X-Request-Id', answering.requestId);
  if (path !== '/healthz' && !asset) logWhenDone(res, { id: answering.requestId, method: req.method ?? 'GET', path }, answering);
  return answering;
}

/** The names of the headers every answer carries (tests check each kind of answer against them). */
export const everyAnswerHeaderNames = (): string[] => [...COMMON_NAMES];
/** The few a build asset carries (see ASSET_KEPT). */
export const assetHeaderNames = (): string[] => [...ASSET_NAMES];

/** The headers every answer carries, for what writes its head on the socket itself (server.ts `refuse`). */
export const commonHeaders = (res: ServerResponse): string[] => (res as AnswerResponse).common ?? [];

/**
 * Whether `res`'s client hung up before its answer was sent. What it returns holds a flag, not the
 * response: it goes in the load context, which the render's objects reach.
 */
export function hangUpOf(res: ServerResponse): () => boolean {
  const state = { left: false };
  res.once('close', function (this: ServerResponse) {
    state.left = !this.writableFinished;
  });
  return () => state.left;
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

/** Whether a Content-Type is worth gzip (compression's own rule, `compressible`), kept per type: answers use a few. */
const compressibleTypes = new Map<string, boolean>();
function isCompressible(type: string): boolean {
  let known = compressibleTypes.get(type);
  if (known === undefined) {
    known = compressible(type.split(';', 1)[0].trim()) === true;
    if (compressibleTypes.size < 100) compressibleTypes.set(type, known);
  }
  return known;
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
 * socket to drain. `extra`: more headers (name, value pairs) of the one answering.
 */
export async function send(req: IncomingMessage, res: ServerResponse, answer: Response | Reply, extra: string[] = []): Promise<void> {
  if (res.writableEnded || res.destroyed) {
    if (answer instanceof Response) await answer.body?.cancel().catch(() => {});
    return;
  }
  const headers: string[] = [...extra];
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
  const compress = !encoded && !noTransform && !!type && isCompressible(type);

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
  res.writeHead(answer.status, headers);
  res.end(head ? undefined : body ?? undefined);
}

/** A body that arrives as a stream (a file download): written as it comes, never faster than the client reads. */
async function streamed(res: ServerResponse, answer: Response, headers: string[]) {
  res.writeHead(answer.status, headers);
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
