// Builders for test data, straight through Prisma so domain tests start from a known state.
import { randomBytes } from 'node:crypto';
import { db } from '~/lib/db.server';
import { DomainError } from '~/lib/errors.server';
import { hashPassword } from '~/lib/password.server';

export const PASSWORD = 'correct-horse-9';
let hashed: Promise<string> | undefined;

export function unique(prefix = 'u'): string {
  return `${prefix}${randomBytes(4).toString('hex')}`;
}

export async function makeUser(over: Partial<{ username: string; email: string; isActive: boolean; isValidated: boolean; isStaff: boolean; isSuperuser: boolean; country: string }> = {}) {
  const username = over.username ?? unique('user');
  return db.user.create({
    data: {
      username,
      usernameKey: username.toLowerCase(),
      fullname: `Full ${username}`,
      email: over.email ?? `${username}@example.com`,
      passwordHash: await (hashed ??= hashPassword(PASSWORD)),
      isActive: over.isActive ?? true,
      isValidated: over.isValidated ?? false,
      isStaff: over.isStaff ?? false,
      isSuperuser: over.isSuperuser ?? false,
      country: over.country ?? 'BJ',
    },
  });
}

export const makeStaff = () => makeUser({ isStaff: true, isValidated: true });
export const makeSuperuser = () => makeUser({ isStaff: true, isSuperuser: true, isValidated: true });

/** The domain error a call refused with (failing the test if it did not refuse with one). */
export async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof DomainError)) throw new Error(`expected a domain error, got ${String(error)}`);
  return error;
}
