// The single Node process: cross-cutting HTTP concerns here, everything else in React Router.
import { randomBytes, randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import pino from 'pino';
import { pinoHttp } from 'pino-http';
import type { ServerBuild } from 'react-router';

const PORT = Number(process.env.PORT ?? 3000);
const DEV = process.env.NODE_ENV !== 'production';
/** Largest request body accepted; uploads have tighter limits of their own in the domain layer. */
const MAX_BODY_BYTES = 12 * 1024 * 1024;
const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });

const app = express();
app.disable('x-powered-by');

// Request id, CSP nonce and the load context React Router hands to loaders and actions.
app.use((req, res, next) => {
  const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
  res.locals.ctx = { ip: req.socket.remoteAddress ?? 'unknown', nonce: randomBytes(16).toString('base64'), requestId };
  res.setHeader('X-Request-Id', requestId);
  next();
});

// One line per request: never bodies, cookies, tokens or query strings (they may carry tokens).
app.use(
  pinoHttp({
    logger: log,
    genReqId: (_req, res) => (res as Response).locals.ctx.requestId,
    customProps: (_req, res) => ({ userId: (res as Response).locals.ctx?.userId }),
    serializers: {
      req: (req) => ({ id: req.id, method: req.method, path: String(req.url).split('?')[0] }),
      res: (res) => ({ status: res.statusCode }),
    },
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url?.startsWith('/assets/') === true },
  }),
);

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
app.use(securityHeaders);
app.use(compression());

app.use((req, res, next) => {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
    res.status(413).json({ detail: `Request body too large (at most ${MAX_BODY_BYTES / 1024 / 1024} MB).` });
    req.resume();
    return;
  }
  next();
});

// Same-origin check for state-changing requests authenticated by the session cookie. A request
// that only carries a Bearer token is not sent by a browser on the user's behalf, so it passes.
app.use((req, res, next) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(req.method)) return next();
  const bearerOnly = /^Bearer\s/i.test(req.headers.authorization ?? '') && !/ctf_session=/.test(req.headers.cookie ?? '');
  if (bearerOnly) return next();
  // Browsers send Sec-Fetch-Site; with it, Origin may be 'null' (e.g. a plain form post under a strict
  // referrer policy), so it decides. Without it, compare Origin with Host.
  const site = req.headers['sec-fetch-site'];
  const origin = req.headers.origin;
  const crossOrigin = site
    ? site !== 'same-origin' && site !== 'none'
    : !!origin && originHost(origin) !== req.headers.host;
  if (crossOrigin) {
    res.status(403).json({ detail: 'Cross-origin request refused.' });
    return;
  }
  next();
});

/**
 * Fast path for the hottest read, GET /api/auth/users/top-players/ (README "Rules"). The middleware
 * stack above alone caps a response near 3,000 req/s and React Router with a Prisma session lookup
 * near 1,500, so this one call is answered before Express: the route module's loader.warm returns
 * the JSON it already serialized for the current standings, after a session check that accepts only
 * what getApiUser accepts. It keeps what the stack guarantees: a request id, the same security
 * headers (captured once from `securityHeaders`, fresh nonce), gzip when asked (compressed once per
 * body), the same log line. Anything else (cold cache, no or bad session, errors) goes to Express.
 */
function warmScoreboard(build: ServerBuild): ((req: IncomingMessage, res: ServerResponse, fallback: () => void) => void) | null {
  type Warm = (input: { url: string; authorization?: string; cookie?: string }, context: { userId?: number }) => Promise<string | null>;
  const warm = (build.routes['api-top-players']?.module as { loader?: { warm?: Warm } } | undefined)?.loader?.warm;
  if (!warm) return null;
  const NONCE = '__nonce__';
  const headers: [string, string][] = [];
  const recorder = { locals: { ctx: { nonce: NONCE } }, setHeader: (n: string, v: unknown) => headers.push([n, String(v)]), getHeader: () => undefined, removeHeader: () => {} };
  securityHeaders({ headers: {} } as Request, recorder as unknown as Response, () => {});
  const gzipped = new Map<string, Buffer>();

  return (req, res, fallback) => {
    const [path] = (req.url ?? '').split('?');
    const host = req.headers.host ?? '';
    if (req.method !== 'GET' || (path !== '/api/auth/users/top-players/' && path !== '/api/auth/users/top-players') || !/^[\w.:[\]-]+$/.test(host)) return fallback();
    const started = performance.now();
    const context: { userId?: number } = {};
    warm({ url: `http://${host}${req.url}`, authorization: req.headers.authorization, cookie: req.headers.cookie }, context).then((body) => {
      if (body === null) return fallback();
      const requestId = (req.headers['x-request-id'] as string | undefined)?.slice(0, 64) || randomUUID();
      res.setHeader('X-Request-Id', requestId);
      const nonce = randomBytes(16).toString('base64');
      for (const [name, value] of headers) res.setHeader(name, value.replace(NONCE, nonce));
      res.setHeader('Content-Type', 'application/json; charset=utf-8');
      res.setHeader('Vary', 'Accept-Encoding');
      let payload: string | Buffer = body;
      if (/\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''))) {
        payload = gzipped.get(body) ?? gzipSync(body);
        if (gzipped.size > 64) gzipped.clear();
        gzipped.set(body, payload);
        res.setHeader('Content-Encoding', 'gzip');
      }
      res.setHeader('Content-Length', Buffer.byteLength(payload));
      res.on('finish', () =>
        log.info({ req: { id: requestId, method: 'GET', path }, userId: context.userId, res: { status: res.statusCode }, responseTime: Math.round(performance.now() - started) }, 'request completed'),
      );
      res.end(payload);
    }, fallback);
  };
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // 'null' or garbage: never our host
  }
}

async function main() {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  if (DEV) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    app.use(viteServer.middlewares);
    build = () => viteServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>;
    await ((await build()).entry.module as unknown as { startup: () => Promise<void> }).startup();
  } else {
    // Resolved from the working directory: this file also runs compiled, as build/server.js.
    build = (await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild;
    app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y', index: false }));
    // The other static files (public/) are few and known at start: look them up in a set rather than
    // letting express.static stat the disk for every page and API request.
    const publicFiles = new Set(readdirSync('build/client', { withFileTypes: true }).filter((f) => f.isFile()).map((f) => `/${f.name}`));
    const servePublic = express.static('build/client', { maxAge: '1h', index: false });
    app.use((req, res, next) => (publicFiles.has(req.path) ? servePublic(req, res, next) : next()));
    await (build.entry.module as unknown as { startup: () => Promise<void> }).startup();
  }

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

  const fast = typeof build === 'function' ? null : warmScoreboard(build);
  const server = createServer(fast ? (req, res) => fast(req, res, () => app(req, res)) : app);
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
