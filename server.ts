// The single Node process: cross-cutting HTTP concerns here, everything else in React Router.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import pino from 'pino';
import type { ServerBuild } from 'react-router';
import { GZIP_LEVEL, gzipped } from './app/lib/gzip.server';
import { bodyRule, countBody, hasBody, refusedCrossSite, routePath } from './app/lib/request-guards.server';

const PORT = Number(process.env.PORT ?? 3000);
const DEV = process.env.NODE_ENV !== 'production';
// One line per request, written asynchronously: lines that come while a write is under way go out
// together in the next one, so a busy server makes one system call for many lines rather than one
// each. Pending lines are flushed when the process exits.
const log = pino({ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination({ dest: 1, sync: false }));

const app = express();
app.disable('x-powered-by');
// Pages carry a fresh CSP nonce each time, so an ETag never matches; hashing the body only costs.
app.set('etag', false);

// Request id, CSP nonce and the load context React Router hands to loaders and actions.
app.use((req, res, next) => {
  const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
  // A GET of a page's HTML (not a client navigation's data, not the API): rendered once for every viewer of the same data (app/lib/viewer-template.server.ts).
  const document = req.method === 'GET' && !req.path.startsWith('/api/') && !req.path.endsWith('.data');
  res.locals.ctx = { ip: req.socket.remoteAddress ?? 'unknown', nonce: randomBytes(16).toString('base64'), requestId, document };
  res.setHeader('X-Request-Id', requestId);
  next();
});

// One line per request: never bodies, cookies, tokens or query strings (they may carry tokens).
app.use((req, res, next) => {
  if (req.path !== '/healthz' && !req.path.startsWith('/assets/')) {
    logWhenDone(res, { id: res.locals.ctx.requestId, method: req.method, path: req.path }, () => res.locals.ctx.userId);
  }
  next();
});

const securityHeaders = helmet({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'", (_req, res) => `'nonce-${(res as Response).locals.ctx.nonce}'`, ...(DEV ? ["'unsafe-inline'"] : [])],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:', 'blob:'],
      'font-src': ["'self'", 'data:'],
      'connect-src': ["'self'", ...(DEV ? ['ws:'] : [])],
      'form-action': ["'self'"],
      'frame-ancestors': ["'none'"],
      'object-src': ["'none'"],
      'base-uri': ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'same-origin' },
  hsts: process.env.PUBLIC_URL?.startsWith('https://') ?? false,
});
// Helmet's headers are the same for every response but the CSP's nonce: worked out by helmet once,
// then set with each response's nonce (a quarter of Express's middleware time went to helmet's chain).
const NONCE_MARK = '__nonce__';
const securityHeaderList: [string, string][] = [];
{
  const recorder = { locals: { ctx: { nonce: NONCE_MARK } }, setHeader: (n: string, v: unknown) => securityHeaderList.push([n, String(v)]), getHeader: () => undefined, removeHeader: () => {} };
  securityHeaders({ headers: {} } as Request, recorder as unknown as Response, () => {});
}
const securityHeadersWith = (nonce: string) => securityHeaderList.map(([name, value]) => [name, value.replace(NONCE_MARK, nonce)] as [string, string]);
app.use((_req, res, next) => {
  for (const [name, value] of securityHeadersWith(res.locals.ctx.nonce)) res.setHeader(name, value);
  next();
});
app.use(compression({ level: GZIP_LEVEL }));

/**
 * Logs the request's one line once its response is done (both lanes). A request answered 5xx says
 * so as an error line would, with no more detail than its status.
 */
function logWhenDone(res: ServerResponse, req: { id: string; method: string; path: string }, userId: () => number | undefined) {
  const started = performance.now();
  const done = () => {
    res.off('close', done);
    res.off('finish', done);
    const fields = { req, userId: userId(), res: { status: res.statusCode }, responseTime: Math.round(performance.now() - started) };
    if (res.statusCode >= 500) log.info({ ...fields, err: { message: `failed with status code ${res.statusCode}` } }, 'request errored');
    else log.info(fields, 'request completed');
  };
  res.on('close', done);
  res.on('finish', done);
}

// Same-origin rule for every state-changing request, the GETs that change state included
// (app/lib/request-guards.server.ts). A request that only carries a Bearer token passes.
app.use((req, res, next) => {
  if (!refusedCrossSite(req.method, req.url, req.headers)) return next();
  res.status(403).json({ detail: 'Cross-origin request refused.' });
});

/**
 * The hottest API calls (README "Rules: speed") are answered before Express and React Router's
 * routing: the scoreboard JSON (practice and events), checking a flag and submitting a solve. Express's middleware alone
 * caps a response near 3,000 req/s and React Router's matching and data strategy near 2,000, so
 * these requests call their route module's loader or action directly: the same code, the same
 * domain functions, the same answers. What the stack adds is kept: a request id, the security
 * headers (captured once from `securityHeaders`, fresh nonce), gzip when asked, the same log line.
 * Only requests that need nothing else take this lane: no cookie (so no same-origin check: API
 * clients authenticate with a Bearer token) and a declared body of at most 1 MB. Everything else,
 * browsers included, goes through Express.
 */
// The notification count is polled by clients and benchmarked (issue 10 §6): it answers from the
// header's kept counts, so routing was most of its cost.
const DIRECT_ROUTES = ['api-top-players', 'api-event-top-players', 'api-verify-flag', 'api-challenge-submissions', 'api/notifications-count'];
const DIRECT_MAX_BODY = 1024 * 1024;

type Handler = (args: { request: globalThis.Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
type Lane = (req: IncomingMessage, res: ServerResponse, fallback: () => void) => void;

function directLane(build: ServerBuild): Lane {
  const routes = DIRECT_ROUTES.map((id) => {
    let path = '';
    for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined!) path = `${route.path ?? ''}/${path}`;
    const names: string[] = [];
    // Ids are digits (README "Errors"), so a static path beside a param (/api/events/blacks-fridays/top-players/) is not taken for one.
    const source = path.split('/').filter(Boolean).map((part) => (part.startsWith(':') ? (names.push(part.slice(1)), '([0-9]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const module = build.routes[id]!.module as { loader?: Handler; action?: Handler };
    return { pattern: new RegExp(`^/${source.join('/')}/?$`), names, GET: module.loader, POST: module.action };
  });

  return (req, res, fallback) => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!path.startsWith('/api/')) return fallback();
    const method = req.method === 'GET' ? 'GET' : req.method === 'POST' ? 'POST' : null;
    const host = req.headers.host ?? '';
    if (!method || !/^[\w.:[\]-]+$/.test(host)) return fallback();
    let params: Record<string, string> | null = null;
    let handler: Handler | undefined;
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      try {
        params = Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
      } catch {
        return fallback(); // malformed escape: the stack answers it
      }
      handler = route[method];
      break;
    }
    if (!params || !handler) return fallback();
    // A cookie means a browser: it gets the whole stack (same-origin check, flash, page rules).
    const length = Number(req.headers['content-length'] ?? 0);
    if (req.headers.cookie || !(length <= DIRECT_MAX_BODY) || req.headers['transfer-encoding']) return fallback();

    const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
    const nonce = freshNonce();
    const context = { ip: req.socket.remoteAddress ?? 'unknown', nonce, requestId, direct: true } as { userId?: number };
    logWhenDone(res, { id: requestId, method, path }, () => context.userId);
    // The body is counted by guardBody like any other (and Node stops at the declared length): the
    // chunks buffered here never pass the route's limit.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      let reply: { status: number; headers: Record<string, string> | Headers; body: string | Buffer };
      try {
        const result = await handler!({ request: lightRequest(req, `http://${host}${url}`, Buffer.concat(chunks)), params: params!, context });
        reply = result instanceof globalThis.Response ? await fromResponse(result) : (result as typeof reply);
      } catch (error) {
        if (error instanceof globalThis.Response) reply = await fromResponse(error);
        else {
          log.error({ err: error }, 'unhandled error');
          reply = { status: 500, headers: { 'Content-Type': 'application/json' }, body: '{"detail":"Internal server error."}' };
        }
      }
      const headers: string[] = ['X-Request-Id', requestId];
      for (const [name, value] of securityHeadersWith(nonce)) headers.push(name, value);
      if (reply.headers instanceof Headers) reply.headers.forEach((value, name) => headers.push(name, value));
      else for (const name in reply.headers) headers.push(name, reply.headers[name]);
      // As the compression middleware does: gzip what is worth it when the client asks.
      const { body, headers: encoding } = gzipped(typeof reply.body === 'string' ? Buffer.from(reply.body) : reply.body, req.headers['accept-encoding']);
      for (const [name, value] of encoding) headers.push(name, value);
      headers.push('Content-Length', String(body.length));
      res.writeHead(reply.status, headers);
      res.end(body);
    });
  };
}

// The lookup the build's entry module exports (app/entry.server.tsx re-exports it).
type PageCacheLookup = typeof import('./app/lib/page-cache.server').pageCacheLookup;
type PageCacheMiss = import('./app/lib/page-cache.server').PageCacheMiss;
/** Misses of the page lane, for the Express middleware that hands them to React Router. */
const pageMisses = new WeakMap<IncomingMessage, PageCacheMiss>();

/**
 * The page cache's replays, answered before Express like the direct lane's calls (a scoreboard
 * replay cost more in Express's middleware than in the replay itself). Only a GET of a page with a
 * session cookie is looked up; the lookup makes the checks of the page (app/lib/page-cache.server.ts).
 * A hit gets what Express would add: a request id, the security headers with this response's nonce,
 * the log line. Anything else goes on to Express, a miss with its record.
 */
function pageLane(build: ServerBuild): Lane {
  const { pageCacheLookup } = build.entry.module as unknown as { pageCacheLookup: PageCacheLookup };
  return (req, res, fallback) => {
    const url = req.url ?? '/';
    if (req.method !== 'GET' || !req.headers.cookie || url.startsWith('/api/') || url.startsWith('/assets/')) return fallback();
    const nonce = freshNonce();
    pageCacheLookup({ method: 'GET', url, cookie: req.headers.cookie, authorization: req.headers.authorization, acceptEncoding: req.headers['accept-encoding'], nonce }).then(
      (found) => {
        if (!found) return fallback();
        if ('miss' in found) {
          pageMisses.set(req, found.miss);
          return fallback();
        }
        const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
        logWhenDone(res, { id: requestId, method: 'GET', path: url.split('?', 1)[0] }, () => found.userId);
        const headers: string[] = ['X-Request-Id', requestId];
        for (const [name, value] of securityHeadersWith(nonce)) headers.push(name, value);
        for (const [name, value] of [...found.hit.headers, ...found.headers]) if (name.toLowerCase() !== 'x-page-cache') headers.push(name, value);
        // Lets tests and operators tell a replay from a render (the render may have said 'shared').
        headers.push('X-Page-Cache', 'hit', 'Content-Length', String(found.body.length));
        res.writeHead(found.hit.status, headers);
        res.end(found.body);
      },
      (error) => {
        log.error({ err: error }, 'page cache lookup failed');
        fallback();
      },
    );
  };
}

async function fromResponse(response: globalThis.Response) {
  return { status: response.status, headers: response.headers, body: Buffer.from(await response.arrayBuffer()) };
}

/**
 * The part of the Fetch Request the direct routes read (headers, url, method and the body as JSON,
 * text or form), without building streams for a body that is already in memory. A route that needs
 * more would fail its contract test, which sends every call down both lanes.
 */
function lightRequest(req: IncomingMessage, url: string, body: Buffer): globalThis.Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const text = () => body.toString('utf8');
  return {
    method: req.method,
    url,
    headers,
    text: async () => text(),
    json: async () => JSON.parse(text()),
    arrayBuffer: async () => body.buffer.slice(body.byteOffset, body.byteOffset + body.length),
    formData: () => new globalThis.Response(new Uint8Array(body) as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': headers.get('content-type') ?? '' } }).formData(),
  } as unknown as globalThis.Request;
}

// CSP nonces for the direct lane come from a pool of random bytes filled 4 KiB at a time: the same
// randomness as randomBytes(16), without a call into OpenSSL per request.
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

/** Every route's loader and action turning domain errors into answers; the function lives in the build. */
function mapDomainErrors(build: ServerBuild): ServerBuild {
  return (build.entry.module as unknown as { withDomainErrors: (b: ServerBuild) => ServerBuild }).withDomainErrors(build);
}

// ---- Body limits (app/lib/request-guards.server.ts, README "Rules: Security") ----
// Every request with a body passes here before Express and the direct lane see it: its bytes are
// counted as they arrive, so no Content-Length, Transfer-Encoding or reader decides how much is held.

/** How long a closing connection keeps reading (and dropping) a body the client is still sending. */
const LINGER_MS = 2_000;

/**
 * Applies the body rule of the request's route; false when the request was answered here: 401 for an
 * upload to a route that needs a user when the request carries no credentials at all, 413 for a
 * declared length over the limit, both before a byte of the body is read. A body that passes the
 * limit while it streams in is answered 413 at that point.
 */
function guardBody(req: IncomingMessage, res: ServerResponse): boolean {
  if (!hasBody(req.headers)) return true;
  const rule = bodyRule(req.method ?? 'GET', req.url ?? '/', req.headers);
  const tooLarge = `Request body too large (at most ${rule.limit / 1024 / 1024} MB here).`;
  const counter = countBody(req, rule.limit, () => refuse(req, res, 413, tooLarge));
  if (rule.missingCredentials || Number(req.headers['content-length'] ?? 0) > rule.limit) {
    counter.refuse();
    if (rule.missingCredentials) refuse(req, res, 401, 'Authentication credentials were not provided.');
    else refuse(req, res, 413, tooLarge);
    return false;
  }
  // A route that answers without reading the whole body (a 401 or 403, say) leaves the rest to Node,
  // which drops it uncounted: if it is still coming in a moment later, the connection is closed.
  res.once('finish', () => {
    if (!req.complete) setTimeout(() => req.complete || req.socket.destroy(), LINGER_MS).unref();
  });
  return true;
}

/**
 * Answers a request that must not go on, and closes its connection. The answer is written on the
 * socket directly, never through `res`: the request then ends like one whose client went away (the
 * readers of its body see an error, React Router's request signal aborts), so nothing downstream
 * answers a second time or logs an error of its own.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: 401 | 413, detail: string) {
  const socket = req.socket;
  res.statusCode = status; // for the request log line
  log.info({ req: { method: req.method, path: routePath(req.url ?? '/') }, res: { status } }, 'request refused');
  if (socket.destroyed) return;
  if (res.headersSent) {
    // A route answered already (while still reading): let that answer finish, then close.
    if (res.writableFinished) lingeringClose(socket);
    else res.once('finish', () => lingeringClose(socket));
    return;
  }
  if (res.socket !== socket) return void socket.destroy(); // queued behind a pipelined response
  const body = JSON.stringify({ detail });
  const requestId = String(res.getHeader('X-Request-Id') ?? randomUUID());
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
      `Connection: close\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nX-Request-Id: ${requestId}\r\n\r\n${body}`,
  );
  lingeringClose(socket);
}

/**
 * Closes a connection whose client may still be sending: our side ends after the answer, and what
 * still arrives is read and dropped for LINGER_MS, so the close does not become a reset that could
 * make the client lose the answer before reading it.
 */
function lingeringClose(socket: Socket) {
  socket.end();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
// ---- end body limits ----

// ---- Overload ----
/**
 * Requests being answered at once, at most (MAX_IN_FLIGHT). Every accepted request holds memory
 * until its answer is sent, and the heap is capped (160 MB): under a load the server cannot carry
 * they pile up on top of full caches (the 2,000-player competition ran it out of memory). Past the
 * bound a new request is answered 503 at once, with Retry-After, before anything reads it: a player
 * retries in a moment instead of everyone waiting on a server that is going down. Health checks
 * always pass.
 */
const MAX_IN_FLIGHT = Number(process.env.MAX_IN_FLIGHT) || 128;
const BUSY = 'The server is busy. Try again in a few seconds.';
let inFlight = 0;

/** False when the request was answered here (503); otherwise counts it until its response closes. */
function admitted(req: IncomingMessage, res: ServerResponse): boolean {
  if (inFlight >= MAX_IN_FLIGHT && req.url !== '/healthz') {
    const page = /\btext\/html\b/.test(req.headers.accept ?? '');
    const body = page ? `<!doctype html><html lang="en"><meta charset="utf-8"><title>Busy · CTF Arena</title><p>${BUSY}</p></html>` : JSON.stringify({ detail: BUSY });
    res.writeHead(503, {
      'Content-Type': page ? 'text/html; charset=utf-8' : 'application/json',
      'Content-Length': Buffer.byteLength(body),
      'Retry-After': '2',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      // A body we do not read must not be taken for the next request on this connection.
      ...(hasBody(req.headers) ? { Connection: 'close' } : {}),
    });
    res.end(body);
    log.info({ req: { method: req.method, path: routePath(req.url ?? '/') }, res: { status: 503 } }, 'request refused: busy');
    return false;
  }
  inFlight++;
  res.once('close', () => inFlight--);
  return true;
}
// ---- end overload ----

async function main() {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (DEV) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    // Domain errors become 404/403/... pages and JSON answers (app/lib/route-errors.server.ts).
    build = async () => mapDomainErrors((await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild);
    await ((await build()).entry.module as unknown as { startup: () => Promise<void> }).startup();
  } else {
    // Resolved from the working directory: this file also runs compiled, as build/server.js.
    build = mapDomainErrors((await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild);
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
    // The other static files (public/) are few and known at start: look them up in a set rather than
    // letting express.static stat the disk for every page and API request.
    const publicFiles = new Set(readdirSync('build/client', { withFileTypes: true }).filter((f) => f.isFile()).map((f) => `/${f.name}`));
    const servePublic = express.static('build/client', { maxAge: '1h', index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
    await (build.entry.module as unknown as { startup: () => Promise<void> }).startup();
  }

  // ---- Page cache (app/lib/page-cache.server.ts, README "Rules: Speed") ----
  // A miss found by the page lane (below) travels to React Router in the load context, so
  // entry.server.tsx can store the page it renders. Not in development: the build changes there.
  app.use((req, res, next) => {
    const miss = pageMisses.get(req);
    if (miss) res.locals.ctx.pageCache = miss;
    next();
  });
  // ---- end page cache ----

  app.use(
    createRequestHandler({
      build,
      mode: DEV ? 'development' : 'production',
      getLoadContext: (_req, res) => res.locals.ctx,
    }),
  );

  app.use((err: unknown, _req: Request, res: Response, _next: NextFunction) => {
    log.error({ err }, 'unhandled error');
    if (!res.headersSent) res.status(500).send('Internal server error');
  });

  const direct = typeof build === 'function' ? null : directLane(build);
  const pages = typeof build === 'function' ? null : pageLane(build);
  const route =
    direct && pages ? (req: IncomingMessage, res: ServerResponse) => direct(req, res, () => pages(req, res, () => app(req, res))) : app;
  const server = createServer((req, res) => admitted(req, res) && guardBody(req, res) && route(req, res));
  // A client that asks first (Expect: 100-continue) hears a refusal before it sends a byte of the body.
  server.on('checkContinue', (req, res) => {
    if (!admitted(req, res) || !guardBody(req, res)) return;
    res.writeContinue();
    route(req, res);
  });
  server.listen(PORT, () => log.info({ port: PORT }, `listening on http://localhost:${PORT}`));

  // Graceful shutdown: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    server.close(async () => {
      const b = typeof build === 'function' ? await build() : build;
      await (b.entry.module as unknown as { shutdown: () => Promise<void> }).shutdown();
      log.info('closed');
      process.exit(0);
    });
    // Keep-alive sockets turn idle as their last response ends: close them then, not after the
    // keep-alive timeout.
    server.closeIdleConnections();
    setInterval(() => server.closeIdleConnections(), 100).unref();
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((err) => {
  log.fatal({ err }, 'failed to start');
  process.exit(1);
});
