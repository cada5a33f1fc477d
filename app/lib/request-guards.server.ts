// What server.ts decides about a request before any route code runs, so it holds on every route,
// page or API, and on the direct lane (docs/rules.md "Security"):
// - how many body bytes a route may receive, counted as they arrive whatever Content-Length or
//   Transfer-Encoding say, and which upload routes refuse a body that carries no credentials;
// - which requests must come from the site itself: every state-changing one, whatever its method.
// Paths are written as in app/routes.ts and matched as React Router matches them (case-insensitive,
// decoded, trailing slash and the `.data` of client navigations ignored).
import type { IncomingHttpHeaders } from 'node:http';

const MB = 1024 * 1024;

/** Any body not listed below: JSON, urlencoded forms, multipart to a route that takes no file. */
export const DEFAULT_BODY_LIMIT = 1 * MB;

/**
 * Multipart bodies of the routes that take files, each at its upload's own limit: the file limit the
 * domain checks (so a file a little too large still gets the domain's field error) plus 1 MB for the
 * form's other fields. Challenge files (10 MB each, 10 per upload) share 12 MB per request. The
 * first match wins. Every /api/ route here needs a user: a body sent without credentials is refused
 * with 401 before it is read.
 */
const UPLOAD_ROUTES: [path: string, limit: number][] = [
  // challenge files (app/domain/challenge-files.server.ts), API and authoring pages of both scopes
  ['/api/challenges', 12 * MB],
  ['/api/challenges/:id/files', 12 * MB],
  ['/practices/challenges/create', 12 * MB],
  ['/practices/challenges/:id', 12 * MB],
  ['/competes/:eventId/challenges/create', 12 * MB],
  ['/competes/:eventId/challenges/:id', 12 * MB],
  // writeups, 10 MB (app/schemas/flag-attempt.ts): the API and the boards
  ['/api/challenges/:id/submissions', 11 * MB],
  ['/practices/challenges', 11 * MB],
  ['/competes/:eventId/challenges', 11 * MB],
  ['/competes/:eventId/challenges/training-week/:week', 11 * MB],
  // profile pictures, 2 MB (app/lib/uploads.server.ts)
  ['/api/auth/users/me', 3 * MB],
  ['/me', 3 * MB],
  // learner import, an .xlsx of 5 MB (app/schemas/learner-import.ts)
  ['/api/auth/users/upload-users', 6 * MB],
  ['/practices/users', 6 * MB],
  // event images, 2 MB (SPEC §7 "Events")
  ['/api/events', 3 * MB],
  ['/api/events/:id', 3 * MB],
  ['/events/create', 3 * MB],
  ['/events/:id/edit', 3 * MB],
];

/**
 * GET routes that change state. A browser sends the session cookie with a navigation from another
 * site (SameSite=Lax lets top-level GETs through), so these get the same-origin rule as any POST.
 * Add a route here whenever a GET writes something (better: make it a POST).
 */
const STATE_CHANGING_GETS = [
  '/api/challenges/:id/hints/:hintId', // a learner's first GET unlocks the hint, which costs points
].map(compile);

function compile(path: string): RegExp {
  const parts = path.split('/').filter(Boolean).map((p) => (p.startsWith(':') ? '[^/]+' : p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${parts.join('/')}/*$`, 'i');
}

const uploadRoutes = UPLOAD_ROUTES.map(([path, limit]) => ({ pattern: compile(path), limit, needsUser: path.startsWith('/api/') }));

/** The path React Router matches for a request URL: no query, no `.data` suffix, each segment decoded. */
export function routePath(url: string): string {
  let path = url;
  if (!path.startsWith('/')) {
    try {
      path = new URL(path).pathname; // absolute-form request target
    } catch {
      return path;
    }
  }
  const end = path.search(/[?#]/);
  if (end !== -1) path = path.slice(0, end);
  if (path === '/_root.data') path = '/';
  else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
  return path.includes('%') ? path.split('/').map(decodeSegment).join('/') : path;
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return segment; // React Router keeps a malformed segment as it is, too
  }
}

export const hasBody = (headers: IncomingHttpHeaders) => headers['transfer-encoding'] !== undefined || Number(headers['content-length'] ?? 0) > 0;

export interface BodyRule {
  /** Most body bytes this request may send. */
  limit: number;
  /** The route needs a user and the request carries neither a session cookie nor a Bearer token. */
  missingCredentials: boolean;
  /** A multipart body to a route that takes files: bounded per user while it is under way (server.ts). */
  upload: boolean;
}

/** The limit of a request's body, and whether it must be refused for want of credentials. */
export function bodyRule(method: string, url: string, headers: IncomingHttpHeaders): BodyRule {
  const path = routePath(url);
  const upload = uploadRoutes.find((r) => r.pattern.test(path));
  if (!upload) return { limit: DEFAULT_BODY_LIMIT, missingCredentials: false, upload: false };
  const multipart = /^\s*multipart\/form-data/i.test(headers['content-type'] ?? '');
  return {
    limit: multipart ? upload.limit : DEFAULT_BODY_LIMIT,
    upload: multipart,
    missingCredentials: upload.needsUser && method !== 'GET' && method !== 'HEAD' && !hasCredentials(headers),
  };
}

const SESSION_COOKIE = /(?:^|;\s*)ctf_session=[^;\s]/;
const BEARER = /^Bearer\s+\S/i;

function hasCredentials(headers: IncomingHttpHeaders): boolean {
  return BEARER.test(headers.authorization ?? '') || SESSION_COOKIE.test(headers.cookie ?? '');
}

// ---- Same-origin rule ----

/** A request that carries a Bearer token and no session cookie is not sent by a browser on a user's behalf. */
function bearerOnly(headers: IncomingHttpHeaders): boolean {
  return BEARER.test(headers.authorization ?? '') && !/(?:^|;\s*)ctf_session=/.test(headers.cookie ?? '');
}

function originHost(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null; // 'null' or garbage: never our host
  }
}

/**
 * Whether a browser tells us the request comes from another site. `Sec-Fetch-Site` decides when
 * present (with it, Origin may be 'null', e.g. a form post under a strict referrer policy); without
 * it, Origin is compared with Host. A navigation (GET) carries no Origin, so a state-changing GET
 * with neither header must show a Referer of this host: browsers that predate Sec-Fetch-Site send one
 * unless a page hides it, and a hidden one is refused.
 */
function fromAnotherSite(method: string, headers: IncomingHttpHeaders): boolean {
  const site = headers['sec-fetch-site'];
  if (site) return site !== 'same-origin' && site !== 'none';
  if (headers.origin) return originHost(headers.origin) !== headers.host;
  if (method !== 'GET' && method !== 'HEAD') return false; // every browser sends Origin with a POST
  return !headers.referer || originHost(headers.referer) !== headers.host;
}

/** Whether a request changes state: any method but GET, HEAD and OPTIONS, and the GETs listed above. */
export function changesState(method: string, url: string): boolean {
  if (method === 'OPTIONS') return false;
  if (method !== 'GET' && method !== 'HEAD') return true;
  const path = routePath(url);
  return STATE_CHANGING_GETS.some((pattern) => pattern.test(path));
}

/**
 * The same-origin rule: a state-changing request from another site is refused, unless only a Bearer
 * token authenticates it (a page on another site cannot make a browser send one). A GET changes
 * state only for a signed-in user, so a GET without the session cookie passes.
 */
export function refusedCrossSite(method: string, url: string, headers: IncomingHttpHeaders): boolean {
  if (bearerOnly(headers)) return false;
  if (method === 'GET' || method === 'HEAD' || method === 'OPTIONS') {
    // Cheapest tests first: nearly every GET is same-site, and needs no look at its path.
    return SESSION_COOKIE.test(headers.cookie ?? '') && fromAnotherSite(method, headers) && changesState(method, url);
  }
  return fromAnotherSite(method, headers);
}
