// Resolves who is asking, once per request, and the guards routes use. Permission rules themselves
// live in app/domain/policy.server.ts.
import { redirect } from 'react-router';
import type { User } from '~/generated/prisma/client';
import { contextOf, type RequestContext } from './context';
import { recordingViewer } from './viewer-reads.server';
import { loginUrlFor } from './return-to';
import { Unauthorized } from './errors.server';
import { credentialsToken, sessionCookie, sessionUser, destroySession, setLoginMessage } from './session.server';

export const USER_INACTIVE = 'user_inactive';
const INACTIVE_DETAIL = 'User account is disabled.';

interface Resolved { user: User | null; inactive: boolean; token: string | null; via: 'cookie' | 'bearer' | null }
const memo = new WeakMap<object, Promise<Resolved>>();

/** Who a request's credentials (its Cookie and Authorization headers) name. */
async function resolveCredentials(headers: { cookie?: string | null; authorization?: string | null }): Promise<Resolved> {
  const found = await credentialsToken(headers);
  if (!found) return { user: null, inactive: false, token: null, via: null };
  const user = await sessionUser(found.token);
  if (!user) return { user: null, inactive: false, token: null, via: null };
  if (!user.isActive) {
    // A deactivated account (e.g. its e-mail changed) loses its session on the next request.
    await destroySession(found.token);
    return { user: null, inactive: true, token: null, via: found.via };
  }
  return { user, inactive: false, token: found.token, via: found.via };
}

const resolve = (request: Request) => resolveCredentials({ cookie: request.headers.get('Cookie'), authorization: request.headers.get('Authorization') });

/**
 * The active user a request's credentials name, from its headers alone: server.ts asks it before it
 * reads an upload's body, to bound uploads per user.
 */
export async function requestUserId(headers: { cookie?: string; authorization?: string }): Promise<number | null> {
  const token = await credentialsToken(headers);
  const user = token ? await sessionUser(token.token) : null;
  return user?.isActive ? user.id : null;
}

/**
 * For API calls answered on Node's own request (the live stream): the caller and their token, or
 * null; a deactivated account gets 401 with code user_inactive, as getApiUser answers it.
 */
export async function apiCaller(headers: { cookie?: string; authorization?: string }): Promise<{ user: User; token: string } | null> {
  const r = await resolveCredentials(headers);
  if (r.inactive) throw new Unauthorized(INACTIVE_DETAIL, USER_INACTIVE);
  return r.user && r.token ? { user: r.user, token: r.token } : null;
}

export function resolveRequest(request: Request, context?: unknown): Promise<Resolved> {
  const key = (context && typeof context === 'object' ? context : request) as object;
  let found = memo.get(key);
  if (!found) {
    found = resolve(request).then((r) => {
      if (!r.user || !context || typeof context !== 'object') return r;
      const ctx = context as RequestContext;
      const id = r.user.id;
      if (ctx.sharing !== 'shared') {
        ctx.userId = id;
        return r;
      }
      // A page kept for many viewers: what its loaders read of their viewer makes its key
      // (lib/viewer-reads.server.ts), the id read from the load context included.
      const reads = (ctx.viewerReads = new Set());
      Object.defineProperty(ctx, 'userId', {
        get: () => (reads.add('id'), id),
        set: (value: number) => Object.defineProperty(ctx, 'userId', { value, writable: true, enumerable: true, configurable: true }),
        enumerable: true,
        configurable: true,
      });
      return { ...r, user: recordingViewer(r.user, reads) };
    });
    memo.set(key, found);
  }
  return found;
}

/** For pages: the user or null; a deactivated account is sent to /login with the user_inactive message. */
export async function getUser(request: Request, context?: unknown): Promise<User | null> {
  const r = await resolveRequest(request, context);
  if (r.inactive) {
    const headers = new Headers();
    headers.append('Set-Cookie', await setLoginMessage(request, USER_INACTIVE));
    headers.append('Set-Cookie', await sessionCookie.serialize('', { maxAge: 0 }));
    throw redirect('/login', { headers });
  }
  return r.user;
}

/** The signed-in user; anonymous visitors are sent to `to`, by default /login and then back here. */
export async function requireUser(request: Request, context?: unknown, to?: string): Promise<User> {
  const user = await getUser(request, context);
  if (!user) throw redirect(to ?? loginUrlFor(new URL(request.url)));
  return user;
}

/** Staff pages: anonymous visitors go to /login, learners to / (SPEC §2 "Submissions review"). */
export async function requireStaffPage(request: Request, context?: unknown): Promise<User> {
  const user = await requireUser(request, context);
  if (!user.isStaff && !user.isSuperuser) throw redirect('/');
  return user;
}

export async function requireSuperuserPage(request: Request, context?: unknown): Promise<User> {
  const user = await requireUser(request, context);
  if (!user.isSuperuser) throw redirect('/');
  return user;
}

/** For /api: the user or null; a deactivated account gets 401 with code user_inactive. */
export async function getApiUser(request: Request, context?: unknown): Promise<User | null> {
  const r = await resolveRequest(request, context);
  if (r.inactive) throw new Unauthorized(INACTIVE_DETAIL, USER_INACTIVE);
  return r.user;
}

export { contextOf };
