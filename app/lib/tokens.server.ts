// Stateless one-time tokens for e-mailed links, in the manner of Django's token generator: an HMAC
// over the user's current state. Changing the password, the e-mail or the active flag changes the
// state, so a used or outdated token stops working without a table of tokens.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from './env.server';

export type TokenPurpose = 'activation' | 'password-reset';
export const TOKEN_LIFETIME_SECONDS: Record<TokenPurpose, number> = {
  activation: 3 * 24 * 3600,
  'password-reset': 3600,
};

interface TokenUser { id: number; email: string; passwordHash: string; isActive: boolean; lastLoginAt: Date | null }

function state(user: TokenUser, purpose: TokenPurpose): string {
  return [purpose, user.id, user.email, user.passwordHash, user.isActive, user.lastLoginAt?.getTime() ?? ''].join('|');
}

function sign(payload: string): string {
  return createHmac('sha256', env.sessionSecret).update(payload).digest('base64url').slice(0, 32);
}

export function encodeUid(id: number): string {
  return Buffer.from(String(id)).toString('base64url');
}
export function decodeUid(uid: string): number | null {
  const id = Number(Buffer.from(uid, 'base64url').toString());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export function makeToken(user: TokenUser, purpose: TokenPurpose, now = Date.now()): string {
  const ts = Math.floor(now / 1000).toString(36);
  return `${ts}-${sign(`${ts}|${state(user, purpose)}`)}`;
}

export function checkToken(user: TokenUser, purpose: TokenPurpose, token: string, now = Date.now()): boolean {
  // The MAC is base64url and may itself contain '-': split at the first one only.
  const cut = token.indexOf('-');
  const ts = token.slice(0, cut);
  const mac = token.slice(cut + 1);
  if (cut < 1 || !mac) return false;
  const issued = parseInt(ts, 36);
  if (!Number.isFinite(issued) || now / 1000 - issued > TOKEN_LIFETIME_SECONDS[purpose]) return false;
  const expected = Buffer.from(sign(`${ts}|${state(user, purpose)}`));
  const given = Buffer.from(mac);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
