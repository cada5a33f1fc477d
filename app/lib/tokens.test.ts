import { describe, expect, it } from 'vitest';
import { checkToken, decodeUid, encodeUid, makeToken, TOKEN_LIFETIME_SECONDS } from './tokens.server';

const user = { id: 7, email: 'a@example.com', passwordHash: 'scrypt$1$x$y', isActive: false, lastLoginAt: null };

describe('one-time tokens', () => {
  it('accepts a fresh token and refuses it once it has expired', () => {
    const now = Date.now();
    const token = makeToken(user, 'password-reset', now);
    expect(checkToken(user, 'password-reset', token, now + 1000)).toBe(true);
    expect(checkToken(user, 'password-reset', token, now + (TOKEN_LIFETIME_SECONDS['password-reset'] + 5) * 1000)).toBe(false);
  });

  it('is bound to its purpose and to the account state', () => {
    const token = makeToken(user, 'activation');
    expect(checkToken(user, 'password-reset', token)).toBe(false);
    expect(checkToken({ ...user, isActive: true }, 'activation', token)).toBe(false);
    expect(checkToken({ ...user, email: 'b@example.com' }, 'activation', token)).toBe(false);
    expect(checkToken({ ...user, passwordHash: 'scrypt$1$x$z' }, 'activation', token)).toBe(false);
  });

  it('round-trips user ids and rejects garbage', () => {
    expect(decodeUid(encodeUid(42))).toBe(42);
    expect(decodeUid('!!')).toBeNull();
    expect(decodeUid(Buffer.from('-3').toString('base64url'))).toBeNull();
  });
});
