// The server process: every request passes admission and its body guard here, then one of the
// answers below, and leaves through one finisher (app/lib/respond.server.ts): docs/architecture.md.
// With WORKERS > 1 this file first runs as the primary of that many such processes (app/lib/workers.server.ts).
import cluster from 'node:cluster';
import { readdirSync } from 'node:fs';
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createReadableStreamFromReadable } from '@react-router/node';
import compression from 'compression';
import { createRequestHandler, type AppLoadContext, type ServerBuild } from 'react-router';
import serveStatic from 'serve-static';
import { AnswerSlots, BUSY, BoundedCounts, Turns, type SlotRelease } from './app/lib/admission.server';
import type { RequestContext } from './app/lib/context';
import { bodyRule, hasBody, refusedCrossSite, routePath } from './app/lib/request-guards.server';
import { env } from './app/lib/env.server';
import { EXTRA_DESCRIPTORS, listenWide } from './app/lib/listen.server';
import { logger } from './app/lib/logger.server';
import { pageSharing } from './app/lib/page-sharing.server';
import { AnswerResponse, commonHeaders, hangUpOf, send, startAnswer, type Reply } from './app/lib/respond.server';
import { superviseWorkers } from './app/lib/workers.server';

const PORT = env.port;
const DEV = !env.isProduction;

/** How a request is answered once admitted: `next` hands it to the answer after this one. */
type Answer = (req: IncomingMessage, res: ServerResponse, ctx: RequestContext, next: () => void) => void;

/**
 * The hottest API calls (docs/rules.md "Speed") call their route module's loader or action directly,
 * without React Router's matching and data strategy (which cap a response near 2,000 req/s): the
 * scoreboard JSON (practice and events), checking a flag, submitting a solve and the notification
 * count (polled, answered from the header's kept counts). The same code, the same domain functions,
 * the same answers, through the same finisher. Only requests that need nothing else take this
 * shortcut: no cookie (a browser gets the whole stack: flash, page rules) and a body of at most
 * 1 MB, already received by admission.
 */
const DIRECT_ROUTES = ['api-top-players', 'api-event-top-players', 'api-verify-flag', 'api-challenge-submissions', 'api/notifications-count'];
const DIRECT_MAX_BODY = 1024 * 1024;

type Handler = (args: { request: globalThis.Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;

function directLane(build: ServerBuild): { answer: Answer; takes: (req: IncomingMessage) => boolean } {
  const routes = DIRECT_ROUTES.map((id) => {
    let path = '';
    for (let route = build.routes[id]; route; route = route.parentId ? build.routes[route.parentId] : undefined!) path = `${route.path ?? ''}/${path}`;
    const names: string[] = [];
    // Ids are digits (docs/rules.md "Errors"), so a static path beside a param (/api/events/blacks-fridays/top-players/) is not taken for one.
    const source = path.split('/').filter(Boolean).map((part) => (part.startsWith(':') ? (names.push(part.slice(1)), '([0-9]+)') : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    const module = build.routes[id]!.module as { loader?: Handler; action?: Handler };
    return { pattern: new RegExp(`^/${source.join('/')}/?$`), names, GET: module.loader, POST: module.action };
  });

  /** The route's handler and params when this lane answers the request, else null. */
  const taken = (req: IncomingMessage): { handler: Handler; params: Record<string, string>; host: string; url: string } | null => {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (!path.startsWith('/api/')) return null;
    const method = req.method === 'GET' ? 'GET' : req.method === 'POST' ? 'POST' : null;
    const host = req.headers.host ?? '';
    if (!method || !/^[\w.:[\]-]+$/.test(host)) return null;
    // A cookie means a browser: it gets the whole stack (flash, page rules).
    const length = Number(req.headers['content-length'] ?? 0);
    if (req.headers.cookie || !(length <= DIRECT_MAX_BODY) || req.headers['transfer-encoding']) return null;
    for (const route of routes) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const handler = route[method];
      if (!handler) return null;
      try {
        return { handler, params: Object.fromEntries(route.names.map((name, i) => [name, decodeURIComponent(match[i + 1])])), host, url };
      } catch {
        return null; // malformed escape: React Router answers it
      }
    }
    return null;
  };

  // What `takes` found for a request, so the answer does not match it again.
  const matched = new WeakMap<IncomingMessage, ReturnType<typeof taken>>();
  const answer: Answer = (req, res, ctx, next) => {
    const found = matched.has(req) ? matched.get(req)! : taken(req);
    if (!found) return next();
    const { handler, params, host, url } = found;

    // Admission received the body whole (at most 1 MB) before this request took its slot.
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      // Object.assign: Node 20 builds a literal that starts with a spread one property at a time (docs/rules.md "Speed").
      const context = Object.assign({}, ctx, { direct: true });
      let reply: Reply | Response;
      try {
        const result = await handler({ request: lightRequest(req, `http://${host}${url}`, Buffer.concat(chunks)), params, context });
        reply = result instanceof globalThis.Response ? result : (result as Reply);
      } catch (error) {
        if (error instanceof globalThis.Response) reply = error;
        else {
          logger.error({ err: error }, 'unhandled error');
          reply = { status: 500, headers: { 'Content-Type': 'application/json' }, body: '{"detail":"Internal server error."}' };
        }
      }
      ctx.userId = context.userId;
      // Tells tests and operators this shortcut answered (the contract tests send each call both ways).
      await send(req, res, reply, ['X-Lane', 'direct']);
    });
  };
  const takes = (req: IncomingMessage) => {
    const found = taken(req);
    matched.set(req, found);
    return found !== null;
  };
  return { answer, takes };
}

// The lookup the build's entry module exports (app/entry.server.tsx re-exports it).
type PageCacheLookup = typeof import('./app/lib/page-cache.server').pageCacheLookup;
type PageCacheKind = import('./app/lib/page-cache.server').PageCacheKind;

/** How the page a path leads to is kept (app/lib/page-sharing.server.ts); none in development. */
let sharingAt: (pathname: string) => PageCacheKind | null = () => null;

/**
 * The page cache's replays (app/lib/page-cache.server.ts): only a GET of a page with a session cookie
 * is looked up; the lookup makes the checks of the page. A miss goes on to React Router with its
 * record in the load context, so entry.server.tsx can store the page it renders.
 */
function pageLane(build: ServerBuild): Answer {
  const { pageCacheLookup } = build.entry.module as unknown as { pageCacheLookup: PageCacheLookup };
  return (req, res, ctx, next) => {
    const url = req.url ?? '/';
    if (req.method !== 'GET' || !req.headers.cookie || url.startsWith('/api/') || !sharingAt(routePath(url))) return next();
    pageCacheLookup({ method: 'GET', url, cookie: req.headers.cookie, authorization: req.headers.authorization, acceptEncoding: req.headers['accept-encoding'], acceptLanguage: req.headers['accept-language'], nonce: ctx.nonce }).then(
      (found) => {
        if (!found) return next();
        if ('miss' in found) {
          ctx.pageCache = found.miss;
          if (found.miss.settle) res.once('close', found.miss.settle);
          return next();
        }
        ctx.userId = found.userId;
        const headers = [...found.hit.headers, ...found.headers].filter(([name]) => name.toLowerCase() !== 'x-page-cache');
        // Lets tests and operators tell a replay from a render (the render may have said 'shared').
        headers.push(['X-Page-Cache', 'hit']);
        void send(req, res, { status: found.hit.status, headers, body: found.body });
      },
      (error) => {
        logger.error({ err: error }, 'page cache lookup failed');
        next();
      },
    );
  };
}

/**
 * The part of the Fetch Request the direct routes read (headers, url, method and the body as JSON or
 * text), without building streams for a body that is already in memory. A route that needs more
 * would fail its contract test, which sends every call down both lanes.
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
  } as unknown as globalThis.Request;
}

/**
 * Static files: the build's hashed assets (immutable, a year: never revalidated, so without the
 * ETag and Last-Modified a slow link would pay for on each of a page's twenty scripts) and the few
 * files of public/ (known at start, so a page or API request never costs a disk lookup). gzipped as
 * they stream when the client takes it (compression's own rule: compressible types over 1 KB).
 */
function staticFiles(): Answer {
  const gzip = compression();
  // The brotli copies the build made (vite.config.ts): a client that takes br gets one, with the
  // original's type; anything else is gzipped as it streams.
  const brotli = new Set(readdirSync('build/client/assets').filter((f) => f.endsWith('.br')).map((f) => `/${f.slice(0, -'.br'.length)}`));
  const assets = serveStatic('build/client/assets', {
    immutable: true, maxAge: '1y', index: false, fallthrough: false, etag: false, lastModified: false, acceptRanges: false,
    setHeaders: (res, file) => {
      if (!file.endsWith('.br')) return;
      res.setHeader('Content-Type', contentTypeOf(file.slice(0, -'.br'.length)));
      res.setHeader('Content-Encoding', 'br');
    },
  });
  const publicFiles = new Set(readdirSync('build/client', { withFileTypes: true }).filter((f) => f.isFile()).map((f) => `/${f.name}`));
  const servePublic = serveStatic('build/client', { maxAge: '1h', index: false });
  return (req, res, _ctx, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path.startsWith('/assets/')) {
      const file = path.slice('/assets'.length);
      if (brotli.size) res.setHeader('Vary', 'Accept-Encoding');
      if (brotli.has(file) && takesBrotli(req.headers['accept-encoding'])) {
        req.url = `${file}.br`;
        return assets(req, res, () => notFound(res));
      }
      req.url = req.url!.slice('/assets'.length);
      return gzip(req as never, res as never, () => assets(req, res, () => notFound(res)));
    }
    if (publicFiles.has(path)) return gzip(req as never, res as never, () => servePublic(req, res, next));
    next();
  };
}

const ASSET_TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' };
const contentTypeOf = (file: string) => ASSET_TYPES[file.slice(file.lastIndexOf('.'))] ?? 'application/octet-stream';

/** Whether an Accept-Encoding lists br without refusing it (q=0). */
function takesBrotli(header: string | undefined): boolean {
  if (!header) return false;
  return header.split(',').some((part) => {
    const [name, ...params] = part.split(';');
    return name.trim().toLowerCase() === 'br' && !params.some((p) => /^\s*q=0(\.0*)?\s*$/i.test(p));
  });
}

function notFound(res: ServerResponse) {
  if (res.headersSent) return void res.end();
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': 9 }).end('Not Found');
}

/** React Router, for everything the answers before it left: pages, the API and their errors. */
function reactRouter(build: ServerBuild | (() => Promise<ServerBuild>)): Answer {
  const handle = createRequestHandler(build, DEV ? 'development' : 'production');
  // Every page request that runs route code (a document or a client navigation's `.data`: its
  // action, loaders and render) passes here, the page lane only replaying kept renders: here it is
  // put in its language once for every route (app/lib/language.server.ts), the API left in English.
  // Taken from the build, whose `say` reads it; in development from the build of the moment, as
  // React Router's own handler takes it.
  const inRequestLanguage: EntryExports['inRequestLanguage'] =
    typeof build === 'function' ? async (request, context, answer) => entryOf(await build()).inRequestLanguage(request, context, answer) : entryOf(build).inRequestLanguage;
  return (req, res, ctx) => {
    // No signal for the Request (so React Router's request.signal never aborts): given one, undici
    // makes the request's own signal follow it through a WeakRef and a FinalizationRegistry, and
    // pages rendered from nothing answered about 15% fewer (bench:ab, 2026-12-06). What the
    // abort bought, no render for a client that hung up, entry.server.tsx asks `clientLeft` for.
    ctx.clientLeft = hangUpOf(res);
    const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: fetchHeaders(req) };
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      init.body = createReadableStreamFromReadable(req);
      init.duplex = 'half';
    }
    // A GET of a page's HTML (not a client navigation's data, not the API) whose route opted in is
    // rendered as a template (app/lib/page-sharing.server.ts, app/lib/viewer-template.server.ts).
    const path = routePath(req.url ?? '/');
    const document = req.method === 'GET' && !path.startsWith('/api/') && !(req.url ?? '').split('?', 1)[0].endsWith('.data');
    ctx.document = document;
    ctx.sharing = document ? sharingAt(path) : null;
    ctx.park = slotOf.get(res)?.park;
    let request: Request;
    try {
      // An absolute-form target (`GET http://host/path`) is read for its path, as routePath reads it.
      const target = req.url?.startsWith('/') ? req.url : new URL(req.url ?? '/').pathname;
      request = new Request(`http://${hostOf(req)}${target}`, init);
    } catch {
      return void send(req, res, Response.json({ detail: 'Malformed request.' }, { status: 400 }));
    }
    inRequestLanguage(request, ctx, () => handle(request, ctx as AppLoadContext))
      .then((response) => send(req, res, response))
      .catch((error) => {
        logger.error({ err: error }, 'unhandled error');
        if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Internal server error');
        else res.destroy();
      });
  };
}

/** The Host header as a URL's host, or localhost when it is none (React Router only builds links from it). */
function hostOf(req: IncomingMessage): string {
  const host = req.headers.host ?? '';
  return /^[\w.-]+(:\d+)?$|^\[[\da-f:.]+\](:\d+)?$/i.test(host) ? host : 'localhost';
}

function fetchHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    try {
      headers.append(raw[i], raw[i + 1]);
    } catch {} // a value Fetch refuses (bytes past Latin-1): dropped, as a proxy would
  }
  return headers;
}

/** Every route's loader and action turning domain errors into answers; the function lives in the build. */
function mapDomainErrors(build: ServerBuild): ServerBuild {
  return (build.entry.module as unknown as { withDomainErrors: (b: ServerBuild) => ServerBuild }).withDomainErrors(build);
}

// ---- Admission (app/lib/admission.server.ts, docs/limits.md) ----
// Every request is admitted here before Express, the lanes or any route code see it. A request with
// a body is received whole first, under limits of its own (bytes, rate, uploads per user), and takes
// an answer slot only once its last byte is in: a slow client holds its own socket, never a slot.
// Live streams take no answer slot either; they have bounds of their own.

const MB = 1024 * 1024;
/** Answer slots: a hard ceiling; the wait they cause is what usually bounds them (TARGET_WAIT_MS). */
const MAX_IN_FLIGHT = env.maxInFlight;
/** The wait a newcomer may be given before it is refused instead (tests on a shared machine raise it). */
const TARGET_WAIT_MS = env.admissionTargetWaitMs;
const slots = new AnswerSlots({ maxInFlight: MAX_IN_FLIGHT, minInFlight: 8, targetWaitMs: TARGET_WAIT_MS, intervalMs: 200 });
/** Bytes of bodies being received or held at once (each counts its declared length, or its route's limit when chunked). */
const BODY_BUDGET = 32 * MB;
const bodyBytes = new BoundedCounts(BODY_BUDGET, BODY_BUDGET);
/**
 * Uploads (multipart to a route that takes files) being received or handled at once: 2 per user (or
 * IP when anonymous), 64 in all. Memory is bounded by the body budget above, by declared bytes: a
 * count of 8 in all refused a quarter of the bench's writeup submissions (16 clients, a few KB each)
 * with 503 while the server had room for them.
 */
const uploads = new BoundedCounts(2, 64);
/** Live streams: per IP (an on-site event puts a whole room behind one address) and in total. Per user: stream-hub.server.ts. */
const streams = new BoundedCounts(env.maxStreamsPerIp, env.maxStreams);
const STREAM_PATH = /^\/api\/notifications\/stream\/?$/;
/** A body must arrive at this average rate, once its first BODY_GRACE_MS are over (a phone on 2G sends 10 times faster). */
const BODY_MIN_BYTES_PER_S = 1024;
const BODY_GRACE_MS = 10_000;
/**
 * The event-loop time the answers started in one turn should take together (each turn also accepts
 * up to 8 connections): a request that arrives mid-turn waits for the turn's end, so this bounds
 * what a flag check waits behind page renders. Measured choice (docs/limits.md "Turns").
 */
const TURN_MS = 30;
/** How long an idle kept-alive connection is kept open (docs/limits.md "Connections end cleanly"). */
const KEEP_ALIVE_MS = 65_000;
/** After SIGTERM, how long idle kept-alive connections still take a request before they are closed. */
const SHUTDOWN_IDLE_MS = 2_000;
/** How long a closing connection keeps reading (and dropping) a body the client is still sending. */
const LINGER_MS = 2_000;

/** Each admitted response's slot: route code may park it while it waits in a queue of its own (RequestContext.park). */
const slotOf = new WeakMap<ServerResponse, SlotRelease>();

/** Admitted work starts as many answers per turn of the event loop as fit in TURN_MS at their measured cost (Turns says why). */
const turns = new Turns(TURN_MS, (error) => logger.error({ err: error }, 'unhandled error'));

/**
 * Answers 503 at once when the answer slots are full or their wait too long; otherwise takes a slot
 * until the response closes and queues the answer for its turn. /healthz answers at once: it says
 * whether the process lives, and a queue that long is what admission answers 503 for.
 */
function admit(req: IncomingMessage, res: ServerResponse, answer: () => void) {
  if (req.url === '/healthz') return answer();
  const release = slots.take();
  if (!release) return answerBusy(req, res, 'busy');
  res.once('close', release);
  slotOf.set(res, release);
  inTurn(req, res, answer, isShort(req));
}

/** Runs an answer at its turn, unless its client left (or it was answered) while it waited. */
function inTurn(req: IncomingMessage, res: ServerResponse, answer: () => void, short = false) {
  turns.run(() => {
    if (!res.writableEnded && !req.socket.destroyed) answer();
  }, short);
}

/** Whether a request is one of the short answers served before the others (the direct lane's); set at start. */
let isShort: (req: IncomingMessage) => boolean = () => false;

/** A 503 (or 429) as a page or JSON, with Retry-After; the connection closes when a body was left unread. */
function answerBusy(req: IncomingMessage, res: ServerResponse, why: string, status: 429 | 503 = 503, detail: string = BUSY.detail, retryAfter: number = BUSY.retryAfterSeconds) {
  const page = /\btext\/html\b/.test(req.headers.accept ?? '');
  const body = page ? `<!doctype html><html lang="en"><meta charset="utf-8"><title>Busy · CTF Arena</title><p>${detail}</p></html>` : JSON.stringify({ detail });
  if (hasBody(req.headers) && !req.complete) closeGently(req, res);
  res.writeHead(status, {
    'Content-Type': page ? 'text/html; charset=utf-8' : 'application/json',
    'Content-Length': Buffer.byteLength(body),
    'Retry-After': String(retryAfter),
    'Cache-Control': 'no-store',
  });
  res.end(body);
  logger.info({ req: { method: req.method, path: routePath(req.url ?? '/') }, res: { status }, why }, 'request refused');
}

/** Live streams: counted per IP and in total, never in the answer slots. */
function streamAdmitted(req: IncomingMessage, res: ServerResponse, ip: string): boolean {
  const taken = streams.take(ip);
  if ('release' in taken) {
    res.once('close', taken.release);
    return true;
  }
  const detail = 'Too many live streams are open. The notification badge still updates with each page.';
  answerBusy(req, res, `streams per ${taken.refused}`, taken.refused === 'key' ? 429 : 503, detail, 30);
  return false;
}

interface Receiving { req: IncomingMessage; res: ServerResponse; startedAt: number; received: number }
/** Bodies still arriving: checked every second for their rate (one timer for all). */
const receiving = new Set<Receiving>();
setInterval(() => {
  const now = performance.now();
  for (const entry of receiving) {
    const elapsed = now - entry.startedAt;
    if (elapsed > BODY_GRACE_MS && entry.received < (BODY_MIN_BYTES_PER_S * elapsed) / 1000) {
      receiving.delete(entry);
      refuse(entry.req, entry.res, 408, 'The request body arrived too slowly.');
    }
  }
}, 1_000).unref();

/**
 * Receives a request's body before it takes an answer slot. Refused before a byte is kept: 401 for
 * an upload to a route that needs a user when the request carries no credentials at all, 413 for a
 * declared length over the route's limit, 503 when the body budget is spent, 429 when the user
 * already has uploads under way. Refused while it arrives: 413 past the limit, 408 when too slow.
 * - Other bodies (at most 1 MB) arrive whole before `route` runs.
 * - An upload is handed to its route as it arrives, once its owner may upload: the route can refuse
 *   it unread (401, 403; the connection then closes), but it gets the body's end only with a slot.
 */
function receiveBody(req: IncomingMessage, res: ServerResponse, ip: string, route: (req: IncomingMessage, res: ServerResponse) => void, expectsContinue: boolean) {
  const rule = bodyRule(req.method ?? 'GET', req.url ?? '/', req.headers);
  const tooLarge = `Request body too large (at most ${rule.limit / MB} MB here).`;
  const entry: Receiving = { req, res, startedAt: performance.now(), received: 0 };
  const held = holdBody(req, rule.limit, (received) => (entry.received = received), () => {
    receiving.delete(entry);
    refuse(req, res, 413, tooLarge);
  });
  if (rule.missingCredentials) return (held.drop(), refuse(req, res, 401, 'Authentication credentials were not provided.'));
  const declared = Number(req.headers['content-length']);
  if (declared > rule.limit) return (held.drop(), refuse(req, res, 413, tooLarge));
  const budgeted = () => {
    const bytes = bodyBytes.take('all', Number.isFinite(declared) ? declared : rule.limit);
    if ('refused' in bytes) return (held.drop(), answerBusy(req, res, 'body budget'), false);
    res.once('close', bytes.release);
    return true;
  };
  res.once('close', () => receiving.delete(entry));
  const arriving = () => {
    if (!budgeted()) return false;
    if (res.writableEnded || req.socket.destroyed) return false;
    if (expectsContinue) res.writeContinue();
    receiving.add(entry);
    return true;
  };
  if (!rule.upload) {
    if (arriving()) held.whole(() => (receiving.delete(entry), admit(req, res, () => route(req, res))));
    return;
  }
  // Who is asking decides whether an upload may start: the session, not a body, says so.
  requestUserId({ cookie: req.headers.cookie, authorization: req.headers.authorization }).then(
    (userId) => {
      const upload = uploads.take(userId ? `user ${userId}` : `ip ${ip}`);
      if ('refused' in upload) {
        held.drop();
        if (upload.refused === 'key') answerBusy(req, res, 'uploads per user', 429, 'You already have uploads under way. Try again when they are done.', 5);
        else answerBusy(req, res, 'uploads in total');
        return;
      }
      res.once('close', upload.release);
      if (!arriving()) return;
      closeIfAnsweredEarly(req, res, held.drop);
      held.stream((end) => {
        receiving.delete(entry);
        const release = slots.take();
        if (!release) return refuse(req, res, 503, BUSY.detail);
        res.once('close', release);
        slotOf.set(res, release);
        end();
      });
      route(req, res);
    },
    (error) => {
      logger.error({ err: error }, 'could not tell who sent an upload');
      held.drop();
      answerBusy(req, res, 'upload owner unknown');
    },
  );
}

/**
 * An answer sent before its request's body is all in says `Connection: close`: the rest will not be
 * read. What still arrives is dropped for a moment (lingeringClose), so the client reads the answer
 * instead of a reset.
 */
function closeIfAnsweredEarly(req: IncomingMessage, res: ServerResponse, drop: () => void) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (!req.complete) {
      drop();
      closeGently(req, this);
    }
    return (writeHead as (...a: unknown[]) => ServerResponse).apply(this, args);
  } as typeof res.writeHead;
}

/**
 * Takes over a request's body as Node's HTTP parser hands it over, before any reader, counting it
 * against `limit`. `whole`: the chunks are kept and handed to the request stream once the body is
 * complete, so no reader waits on a slow body. `stream`: chunks pass as they come, and the body's
 * end waits for `complete` to let it through. Until either is called, the socket is paused after
 * the first chunk (an upload waits there for its owner check).
 */
function holdBody(req: IncomingMessage, limit: number, progress: (received: number) => void, overflow: () => void) {
  const push = req.push;
  const chunks: Buffer[] = [];
  let received = 0;
  let complete = false;
  let state: 'waiting' | 'whole' | 'stream' | 'dropping' = 'waiting';
  let onComplete: () => void = () => {};
  const end = () => {
    req.push = push;
    push.call(req, null);
  };
  req.push = function heldPush(chunk: unknown): boolean {
    if (state === 'dropping') return true; // keep the socket reading: the connection closes once the refusal is out
    if (chunk === null || chunk === undefined) {
      complete = true;
      if (state !== 'waiting') onComplete();
      return false;
    }
    received += (chunk as Buffer).length;
    if (received > limit) {
      state = 'dropping';
      chunks.length = 0;
      overflow();
      return true;
    }
    progress(received);
    if (state === 'stream') return push.call(req, chunk);
    chunks.push(chunk as Buffer);
    return state === 'whole';
  };
  const begin = (next: 'whole' | 'stream') => {
    if (state !== 'waiting') return false;
    state = next;
    if (complete) onComplete();
    else req.socket.resume();
    return true;
  };
  return {
    whole(then: () => void) {
      onComplete = () => {
        for (const chunk of chunks) push.call(req, chunk);
        chunks.length = 0;
        end();
        then();
      };
      begin('whole');
    },
    stream(completed: (end: () => void) => void) {
      onComplete = () => completed(end);
      // What came before the owner check goes first.
      for (const chunk of chunks) push.call(req, chunk);
      chunks.length = 0;
      begin('stream');
    },
    drop() {
      state = 'dropping';
      chunks.length = 0;
      if (req.socket.isPaused()) req.socket.resume();
    },
  };
}

/**
 * Makes `res` hear that its connection closed, as every release of what it holds (its answer slot,
 * its body's bytes, its upload) waits for its 'close'. Node says so only to the connection's current
 * response: one queued behind another (a pipelined request) never heard it, and a client that
 * pipelined a few requests and hung up kept their slots for good; a few hundred such connections
 * left the site answering 503 to everyone (tests/api/pipelined-hangups.test.ts). A response that
 * holds the connection, or has finished, hears it from Node.
 */
function closesWithConnection(req: IncomingMessage, res: ServerResponse) {
  const socket = req.socket;
  const closed = () => {
    if (!res.socket && !res.writableFinished) res.emit('close');
  };
  socket.once('close', closed);
  res.once('close', () => socket.off('close', closed));
}

/**
 * Answers a request that must not go on, and closes its connection. The answer is written on the
 * socket directly, never through `res`: the request then ends like one whose client went away, so
 * nothing downstream answers a second time or logs an error of its own.
 */
function refuse(req: IncomingMessage, res: ServerResponse, status: 401 | 408 | 413 | 503, detail: string) {
  const socket = req.socket;
  res.statusCode = status; // for the request log line
  logger.info({ req: { method: req.method, path: routePath(req.url ?? '/') }, res: { status } }, 'request refused');
  if (socket.destroyed) return;
  if (res.headersSent) {
    if (res.writableFinished) lingeringClose(socket);
    else res.once('finish', () => lingeringClose(socket));
    return;
  }
  if (res.socket !== socket) return void socket.destroy(); // queued behind a pipelined response
  const body = JSON.stringify({ detail });
  // What every answer carries (startAnswer's), then this one's own.
  let head = `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n`;
  const common = commonHeaders(res);
  for (let i = 0; i < common.length; i += 2) head += `${common[i]}: ${common[i + 1]}\r\n`;
  head += `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n${status === 503 ? 'Retry-After: 2\r\n' : ''}Connection: close\r\nCache-Control: no-store\r\n\r\n`;
  socket.write(head + body);
  lingeringClose(socket);
}

/**
 * Makes `res` the connection's last answer (`Connection: close`), closed with lingeringClose: Node
 * would end it with destroySoon() once the answer is out, a reset while the client may still be
 * sending, which can make it lose the answer.
 */
function closeGently(req: IncomingMessage, res: ServerResponse) {
  res.shouldKeepAlive = false;
  const socket = req.socket as Socket & { destroySoon?: () => void };
  socket.destroySoon = () => lingeringClose(socket);
}

/**
 * Closes a connection whose client may still be sending: our side ends after the answer, and what
 * still arrives is read and dropped for LINGER_MS, so the close does not become a reset that could
 * make the client lose the answer before reading it.
 */
function lingeringClose(socket: Socket) {
  socket.end();
  socket.resume();
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
/** Who a request's credentials name, from the build (app/lib/auth.server.ts); set at start. */
let requestUserId: (headers: { cookie?: string; authorization?: string }) => Promise<number | null> = async () => null;
/** The live stream, on Node's own request and response (app/api/notifications/stream.server.ts); set at start. */
let serveNotificationStream: (req: IncomingMessage, res: ServerResponse) => Promise<void> = async (_req, res) => void res.end();

function openStream(req: IncomingMessage, res: ServerResponse) {
  serveNotificationStream(req, res).catch((error) => {
    logger.error({ err: error }, 'unhandled error');
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"detail":"Internal server error."}');
    else res.destroy();
  });
}
// ---- end admission ----

/** What app/entry.server.tsx exports for this file beside React Router's own. */
interface EntryExports {
  startup: () => Promise<void>;
  shutdown: () => Promise<void>;
  requestUserId: typeof requestUserId;
  serveNotificationStream: typeof serveNotificationStream;
  inRequestLanguage: typeof import('./app/lib/language.server').inRequestLanguage;
}
const entryOf = (build: ServerBuild) => build.entry.module as unknown as EntryExports;

/** The answers in the order they are tried; each hands what is not its own to the next. */
function chain(answers: Answer[]): (req: IncomingMessage, res: ServerResponse, ctx: RequestContext) => void {
  return (req, res, ctx) => {
    const at = (i: number): void => answers[i](req, res, ctx, () => at(i + 1));
    at(0);
  };
}

async function main() {
  let build: ServerBuild | (() => Promise<ServerBuild>);
  let entry: EntryExports;
  const answers: Answer[] = [];
  if (DEV) {
    const vite = await import('vite');
    const viteServer = await vite.createServer({ server: { middlewareMode: true } });
    answers.push((req, res, _ctx, next) => viteServer.middlewares(req, res, next));
    // Domain errors become 404/403/... pages and JSON answers (app/lib/route-errors.server.ts).
    build = async () => mapDomainErrors((await viteServer.ssrLoadModule('virtual:react-router/server-build')) as ServerBuild);
    entry = entryOf(await build());
  } else {
    // Resolved from the working directory: this file also runs compiled, as build/server.js.
    build = mapDomainErrors((await import(pathToFileURL(resolve('build/server/index.js')).href)) as ServerBuild);
    entry = entryOf(build);
    // Not in development: the build changes there.
    const direct = directLane(build);
    isShort = direct.takes;
    answers.push(staticFiles(), direct.answer, pageLane(build));
    sharingAt = pageSharing(build);
  }
  await entry.startup();
  requestUserId = entry.requestUserId;
  serveNotificationStream = entry.serveNotificationStream;
  answers.push(reactRouter(build));
  const answer = chain(answers);

  // Node's own clocks (docs/limits.md): headers must be in within 15 s (they come in one packet from
  // any real client); a whole request within 180 s (a 10 MB writeup over a 0.5 Mbit/s link), checked
  // every second. Slower bodies are cut earlier by their rate (BODY_MIN_BYTES_PER_S).
  // An idle kept-alive connection is kept KEEP_ALIVE_MS, longer than clients leave one idle between
  // requests (a player's 7-13 s): closing it is a race with the client's next request on it, which
  // then meets a reset (the 5 s it was cost 9 resets in a competition's 62,000 requests).
  // Every response an AnswerResponse: its head carries what every answer carries (respond.server.ts).
  const server = createServer({ ServerResponse: AnswerResponse, headersTimeout: 15_000, requestTimeout: 180_000, connectionsCheckingInterval: 1_000, keepAliveTimeout: KEEP_ALIVE_MS });
  /** Responses under way, so a shutdown can ask each to close its connection when done. */
  const underWay = new Set<ServerResponse>();
  let closing = false;
  const onRequest = (req: IncomingMessage, res: ServerResponse, expectsContinue: boolean) => {
    closesWithConnection(req, res);
    underWay.add(res);
    res.once('close', () => underWay.delete(res));
    if (closing) res.shouldKeepAlive = false;
    const ctx: RequestContext = startAnswer(req, res);
    // Same-origin rule for every state-changing request, the GETs that change state included
    // (app/lib/request-guards.server.ts), before a byte of its body is read. A request that only
    // carries a Bearer token passes.
    if (refusedCrossSite(req.method ?? 'GET', req.url ?? '/', req.headers)) {
      if (hasBody(req.headers)) closeGently(req, res);
      return void send(req, res, Response.json({ detail: 'Cross-origin request refused.' }, { status: 403 }));
    }
    const route = (req: IncomingMessage, res: ServerResponse) => answer(req, res, ctx);
    if (req.method === 'GET' && req.url?.startsWith('/api/notifications/stream') && STREAM_PATH.test(routePath(req.url))) {
      // A stream takes no slot, but opening it is work like any answer: it waits its turn, and an
      // overloaded server refuses it at once (the badge's script opens it again after a back-off)
      // rather than queue it past its client's patience.
      if (slots.refusing) answerBusy(req, res, 'busy');
      else if (streamAdmitted(req, res, ctx.ip)) inTurn(req, res, () => openStream(req, res));
    } else if (hasBody(req.headers)) {
      receiveBody(req, res, ctx.ip, route, expectsContinue);
    } else {
      admit(req, res, () => {
        if (expectsContinue) res.writeContinue();
        route(req, res);
      });
    }
  };
  server.on('request', (req, res) => onRequest(req, res, false));
  // A request Node's parser refuses (headers past 16 KB: 431; too slow: 408; malformed: 400) is
  // answered as Node would, but closed with lingeringClose: Node destroys the socket at once, a reset
  // while the client is still sending that makes it lose the answer.
  server.on('clientError', (err: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: ServerResponse }) => {
    if (socket.destroyed || socket.writableEnded) return;
    if (!socket.writable || err.code === 'ECONNRESET' || socket._httpMessage?.headersSent) return void socket.destroy();
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    lingeringClose(socket);
  });
  // A client that asks first (Expect: 100-continue) hears a refusal before it sends a byte of the body.
  server.on('checkContinue', (req, res) => onRequest(req, res, true));
  // Several descriptors of one socket, so a start rush is accepted as fast as it arrives
  // (app/lib/listen.server.ts). The port answers before the extra descriptors arrive: the signal
  // handlers below are in place by then.
  // A worker's connections are accepted by the primary (cluster's round-robin): no extra descriptors.
  const listening = listenWide(server as unknown as Parameters<typeof listenWide>[0], PORT, cluster.isWorker ? 0 : EXTRA_DESCRIPTORS);

  // Graceful shutdown: stop accepting, let requests under way finish (each answer then closes its
  // connection), and give idle kept-alive connections SHUTDOWN_IDLE_MS for a request already on its
  // way (answered with Connection: close) before closing those still idle: closing them at once
  // would reset a request a client sent just as we closed. Then close the database.
  const stop = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    for (const res of underWay) if (!res.headersSent) res.shouldKeepAlive = false;
    setTimeout(() => server.closeIdleConnections(), SHUTDOWN_IDLE_MS).unref();
    void listening.then(({ close }) => close(async () => {
      await entry.shutdown();
      logger.info('closed');
      process.exit(0);
    }));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  const { descriptors } = await listening;
  logger.info({ port: PORT, descriptors }, `listening on http://localhost:${PORT}`);
}

(env.workers > 1 && cluster.isPrimary && !DEV ? superviseWorkers(env.workers) : main()).catch((err) => {
  logger.fatal({ err }, 'failed to start');
  process.exit(1);
});
