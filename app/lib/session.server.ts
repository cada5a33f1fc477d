// Server-side sessions: the cookie (or a Bearer header, for API clients) carries a random token; the
// database keeps only its sha256, so a leaked database cannot be replayed and logout revokes at once.
import { hash, randomBytes } from 'node:crypto';
import { createCookie, createCookieSessionStorage } from 'react-router';
import type { User } from '~/generated/prisma/client';
import { db } from './db.server';
import { env } from './env.server';
import { Kept } from './kept.server';
import { statement } from './sql.server';

export const SESSION_DAYS = 14;
/** Cookies are Secure when the site is served over https (PUBLIC_URL). */
export const secure = env.publicUrl.startsWith('https://');

export const sessionCookie = createCookie('ctf_session', {
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  maxAge: SESSION_DAYS * 24 * 3600,
});

// One-time messages (flash) ride in a small signed cookie of their own.
export const flashStorage = createCookieSessionStorage<Record<string, never>, { message: Flash }>({
  cookie: { name: 'ctf_flash', httpOnly: true, sameSite: 'lax', secure, path: '/', secrets: [env.sessionSecret] },
});

export type Flash = { type: 'success' | 'error'; text: string };
export type LoginMessage = 'password_reseted' | 'user_inactive' | 'account_activated';

// crypto.hash: one call, a quarter of createHash's cost, on every authenticated request.
const digest = (token: string) => hash('sha256', token, 'hex');

export async function createSession(userId: number, userAgent: string | null): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db.session.create({
    data: { id: digest(token), userId, expiresAt: new Date(Date.now() + SESSION_DAYS * 24 * 3600 * 1000), userAgent: userAgent?.slice(0, 200) },
  });
  return token;
}

export async function destroySession(token: string | null): Promise<void> {
  if (token) await db.session.deleteMany({ where: { id: digest(token) } });
}

export async function destroyUserSessions(userId: number): Promise<void> {
  await db.session.deleteMany({ where: { userId } });
}

export interface RequestToken { token: string; via: 'cookie' | 'bearer' }

/** The session token a request's headers carry: a Bearer header first, else the session cookie. */
export async function credentialsToken(headers: { cookie?: string | null; authorization?: string | null }): Promise<RequestToken | null> {
  const bearer = headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (bearer) return { token: bearer, via: 'bearer' };
  const cookie = await sessionCookie.parse(headers.cookie ?? null);
  return typeof cookie === 'string' && cookie ? { token: cookie, via: 'cookie' } : null;
}

export function requestToken(request: Request): Promise<RequestToken | null> {
  return credentialsToken({ authorization: request.headers.get('Authorization'), cookie: request.headers.get('Cookie') });
}

// Every authenticated request starts here, so the lookup is one prepared statement on the read-only
// connection (about a hundred times cheaper than the same query through Prisma). Writes stay with Prisma.
type SessionRow = Omit<User, 'isStaff' | 'isSuperuser' | 'isActive' | 'isValidated' | 'createdAt' | 'updatedAt' | 'lastLoginAt'> & {
  isStaff: number; isSuperuser: number; isActive: number; isValidated: number;
  createdAt: string; updatedAt: string; lastLoginAt: string | null; sessionExpiresAt: string;
};
const lookup = statement<SessionRow, [string]>('SELECT u.*, s."expiresAt" AS "sessionExpiresAt" FROM "Session" s JOIN "User" u ON u.id = s."userId" WHERE s.id = ?');

// The lookup still costs 20-100 µs (more right after writes), so its answer is kept (lib/kept.server.ts)
// until User or Session change: a logout, a deactivation or a profile change drops it at once.
// Unknown tokens are kept too (as null), within the entry limit.
const sessions = new Kept<string, Promise<{ user: User; expiresAt: number } | null>>(
  ['User', 'Session'],
  async (id) => {
    const row = await lookup.get(id);
    if (!row) return null;
    const { sessionExpiresAt, ...user } = row;
    const found: User = {
      ...user,
      isStaff: !!user.isStaff,
      isSuperuser: !!user.isSuperuser,
      isActive: !!user.isActive,
      isValidated: !!user.isValidated,
      createdAt: new Date(user.createdAt),
      updatedAt: new Date(user.updatedAt),
      lastLoginAt: user.lastLoginAt ? new Date(user.lastLoginAt) : null,
    };
    return { user: Object.freeze(found), expiresAt: new Date(sessionExpiresAt).getTime() };
  },
  10_000,
);

export async function sessionUser(token: string): Promise<User | null> {
  const id = digest(token);
  const found = await sessions.get(id);
  if (!found) return null;
  if (found.expiresAt > Date.now()) return found.user;
  await db.session.delete({ where: { id } }).catch(() => {});
  return null;
}

export async function setFlash(request: Request, message: Flash): Promise<string> {
  const s = await flashStorage.getSession(request.headers.get('Cookie'));
  s.flash('message', message);
  return flashStorage.commitSession(s);
}

// SPEC §4: the one-time messages the login screen shows.
export const LOGIN_MESSAGES: Record<LoginMessage, Flash> = {
  password_reseted: { type: 'success', text: 'Your password has been successfully reset. You can now log in with your new password' },
  user_inactive: {
    type: 'error',
    text: 'Your email has been changed, causing your account to be deactivated. Please reactivate your account via the link sent to your new address.',
  },
  account_activated: { type: 'success', text: 'Your account has been successfully activated. You can now log in' },
};

export function setLoginMessage(request: Request, message: LoginMessage): Promise<string> {
  return setFlash(request, LOGIN_MESSAGES[message]);
}

/** Reads and clears the flash message; the cookie header is null when there was none. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const s = await flashStorage.getSession(request.headers.get('Cookie'));
  const flash = (s.get('message') as Flash | undefined) ?? null;
  return { flash, setCookie: flash ? await flashStorage.commitSession(s) : null };
}

/** A redirect that shows `message` on the next page. */
export async function redirectWithFlash(request: Request, to: string, message: Flash, headers = new Headers()): Promise<Response> {
  headers.append('Set-Cookie', await setFlash(request, message));
  headers.set('Location', to);
  return new Response(null, { status: 302, headers });
}
