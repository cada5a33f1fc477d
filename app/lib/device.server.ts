// Known devices (OWASP "Slow Down Online Guessing Attacks with Device Cookies"): each successful
// login gives the browser or API client a long-lived cookie, signed with the server's secret, that
// names the account and a random nonce. A login attempt on that account that brings the cookie back
// comes from a device the account has used before: it is counted against that device's own limit
// instead of the account's lock and the IP's limit (lib/rate-limit.server.ts `loginAttempt`), so
// nobody guessing elsewhere can lock the owner out of her own browser. docs/rules.md "Login limits".
import { randomBytes } from 'node:crypto';
import { createCookie } from 'react-router';
import { env } from './env.server';
import { secure } from './session.server';

export const DEVICE_DAYS = 365;

// React Router signs the value with HMAC-SHA256 (as the flash cookie); a value whose signature does
// not match any secret parses as null.
export const deviceCookie = createCookie('ctf_device', {
  httpOnly: true,
  sameSite: 'lax',
  secure,
  path: '/',
  maxAge: DEVICE_DAYS * 24 * 3600,
  secrets: [env.sessionSecret],
});

interface DeviceValue { u: number; n: string }

const NONCE = /^[\w-]{22}$/;

/** The Set-Cookie value that makes this client a known device of the account: a fresh nonce each time. */
export function issueDevice(userId: number): Promise<string> {
  const value: DeviceValue = { u: userId, n: randomBytes(16).toString('base64url') };
  return deviceCookie.serialize(value);
}

/**
 * The rate-limit key of the known device that `cookieHeader` carries for account `userId`, or null
 * when there is none: no cookie, a forged or malformed one, or one issued for another account are all
 * the same as no cookie.
 */
export async function knownDevice(cookieHeader: string | null | undefined, userId: number | undefined): Promise<string | null> {
  if (!cookieHeader || userId === undefined || !cookieHeader.includes('ctf_device=')) return null;
  const value = (await deviceCookie.parse(cookieHeader).catch(() => null)) as Partial<DeviceValue> | null;
  if (!value || value.u !== userId || typeof value.n !== 'string' || !NONCE.test(value.n)) return null;
  return `${userId}:${value.n}`;
}
