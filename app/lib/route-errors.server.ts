// Domain errors thrown by any loader or action become answers, not 500s, in one place.
//
// React Router renders anything a loader throws that is not a Response (or data()) as a 500. Rather
// than a try/catch in every route module, server.ts passes the server build through
// `withDomainErrors` once at start: every route module's loader and action is wrapped so a thrown
// DomainError (app/lib/errors.server.ts) becomes what it means over HTTP:
// - page routes (modules with a component): 401 redirects to /login; any other status is thrown as
//   `data({ detail }, { status })`, which the root ErrorBoundary renders as the 404/403/... page
//   with that status, for a document request and a client navigation (`.data`) alike;
// - resource routes (no component: /api, downloads, media): the same JSON body and status as the
//   API's `api()` helper sends (`Retry-After` included for 429).
// A busy server (errors.server.ts `serverBusy`: password checks queued past their bound, a busy
// database, SQLITE_BUSY from the driver or through Prisma) is answered the same way, 503 with
// Retry-After: the error page or JSON.
// A page action takes a form (urlencoded or multipart) or nothing: a body of another type (JSON,
// text) is refused here with a 400 page before the action runs, whether or not it reads a form;
// the form itself is read, counted and bounded by app/lib/body.server.ts's readForm.
// A path parameter that names a record (`:id`, `:eventId`, `:fileId`...) and is not a positive safe
// integer ('abc', '-1', '1e308', twenty nines) names no record: 404 before the route runs, so no
// route has to guard it and no database query sees an out-of-range number. Only the routes whose own
// path declares the parameter say so: every matched loader gets all the params, and a root loader
// that threw the 404 too left the error page without what the root reads (the page's language).
// React Router 7.18 has no hook that can change a loader's thrown error for every route: middleware
// sees the rendered response after the error boundary was chosen, and instrumentations only
// observe. Wrapping the build's modules is the one place that covers every route, present and future.
import { data, redirect, type ServerBuild } from 'react-router';
import { BODY_MESSAGES, BodyRefused, unsupportedPageBody } from './body.server';
import { DomainError, NotFound, RateLimited, ServerBusy, errorBody, serverBusy } from './errors.server';
import { loginUrlFor } from './return-to';

type Handler = (...args: unknown[]) => unknown;

/** What a page or resource route throws instead of the domain error. */
export function routeErrorFor(error: DomainError | ServerBusy, resource: boolean, request?: Request): Response | ReturnType<typeof data> {
  const headers: Record<string, string> = {};
  if (error instanceof RateLimited || error instanceof ServerBusy) headers['Retry-After'] = String(error.retryAfterSeconds);
  if (resource) return Response.json(errorBody(error), { status: error.status, headers });
  if (error.status === 401) return redirect(request ? loginUrlFor(new URL(request.url)) : '/login');
  return data({ detail: error.message }, { status: error.status, headers });
}

const ID_PARAM = /^(id|\w+Id)$/;

/**
 * True when a record id in the path is not a positive safe integer written in digits; `declared`:
 * the parameters to judge (those the route's own path declares), all when absent.
 */
export function malformedIdParam(params: Record<string, string | undefined> | undefined, declared?: ReadonlySet<string>): boolean {
  for (const name in params) {
    if (!ID_PARAM.test(name) || (declared && !declared.has(name))) continue;
    const value = params[name] ?? '';
    if (!/^[0-9]{1,16}$/.test(value) || !Number.isSafeInteger(Number(value)) || Number(value) < 1) return true;
  }
  return false;
}

function wrap(handler: Handler, resource: boolean, action: boolean, declared: ReadonlySet<string>): Handler {
  const pageAction = action && !resource;
  return async function withDomainErrors(...args: unknown[]) {
    try {
      const { params, request } = (args[0] ?? {}) as { params?: Record<string, string>; request?: Request };
      if (malformedIdParam(params, declared)) throw new NotFound();
      if (pageAction && request && unsupportedPageBody(request)) throw new BodyRefused(BODY_MESSAGES.unsupported);
      return await handler(...args);
    } catch (error) {
      const answered = error instanceof DomainError ? error : serverBusy(error);
      if (answered) throw routeErrorFor(answered, resource, (args[0] as { request?: Request } | undefined)?.request);
      throw error;
    }
  };
}

const wrappedBuilds = new WeakMap<object, ServerBuild>();
const results = new WeakSet<object>();

/**
 * The same build with every route module's loader and action wrapped (see above). Route modules are
 * frozen ES module namespaces, so each is copied; a module shared by two routes is copied once.
 * Applying it twice changes nothing, and the same build (development asks per request) is wrapped once.
 */
export function withDomainErrors(build: ServerBuild): ServerBuild {
  if (results.has(build)) return build;
  const known = wrappedBuilds.get(build);
  if (known) return known;
  const copies = new Map<object, object>();
  const routes: ServerBuild['routes'] = {};
  // The parameters each module's routes declare in their own paths (a module may serve several routes).
  const declared = new Map<object, Set<string>>();
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const names = declared.get(route.module) ?? new Set<string>();
    for (const [, name] of (route.path ?? '').matchAll(/:(\w+)/g)) names.add(name);
    declared.set(route.module, names);
  }
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    let module = copies.get(route.module);
    if (!module) {
      const source = route.module as unknown as Record<string, unknown>;
      const resource = !source.default;
      const copy: Record<string, unknown> = { ...source };
      for (const name of ['loader', 'action'] as const) if (typeof source[name] === 'function') copy[name] = wrap(source[name] as Handler, resource, name === 'action', declared.get(route.module)!);
      module = copy;
      copies.set(route.module, module);
    }
    routes[id] = { ...route, module: module as typeof route.module };
  }
  const result = { ...build, routes };
  results.add(result);
  wrappedBuilds.set(build, result);
  return result;
}
