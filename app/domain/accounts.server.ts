// Accounts: sign-up, activation, login, password reset, profile. Each use case is used by both the
// page action and its /api twin.
import type { User } from '~/generated/prisma/client';
import type { Park } from '~/lib/admission.server';
import { db } from '~/lib/db.server';
import type { Language } from '~/lib/i18n';
import { DomainError, Invalid, PasswordChecksBusy, Unauthorized, invalid, uniqueViolation, type FieldErrors } from '~/lib/errors.server';
import { issueDevice, knownDevice } from '~/lib/device.server';
import { hashPassword, passwordChecksFull, unusablePassword, verifyPassword } from '~/lib/password.server';
import { consume, limits, loginAttempt } from '~/lib/rate-limit.server';
import { createSession, destroyUserSessions } from '~/lib/session.server';
import { checkToken, decodeUid } from '~/lib/tokens.server';
import { checkImage, remove, store, type UploadedFile } from '~/lib/uploads.server';
import { emailField, usernameField, type ProfileInput, type SignUpInput } from '~/schemas/account';
import { sendActivationMail, sendPasswordResetMail, sendWelcomeMail } from './account-mail.server';
import { requireAuthenticated, requireStaff, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

export interface Ctx {
  ip: string;
  userAgent?: string | null;
  /** The request's answer slot, parked while a password hash waits its turn (RequestContext.park). */
  park?: Park;
}

export const LOGIN_FAILED = 'No active account found with the given credentials';
/** The API's code for LOGIN_FAILED: a code, never shown as a text. */
const NO_ACTIVE_ACCOUNT = 'no_active_account';

/** Rejects a username or e-mail that another account holds (compared case-insensitively). */
/** Which of a username and an e-mail another account already has (either may be left out). */
export async function takenAccountFields(input: { username?: string; email?: string }, exceptId?: number): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const [byName, byEmail] = await Promise.all([
    input.username ? db.user.findUnique({ where: { usernameKey: input.username.toLowerCase() }, select: { id: true } }) : null,
    input.email ? db.user.findUnique({ where: { email: input.email }, select: { id: true } }) : null,
  ]);
  if (byName && byName.id !== exceptId) errors.username = ['A user with that username already exists.'];
  if (byEmail && byEmail.id !== exceptId) errors.email = ['user with this email already exists.'];
  return errors;
}

async function assertUnique(input: { username: string; email: string }, exceptId?: number) {
  const errors = await takenAccountFields(input, exceptId);
  if (Object.keys(errors).length) throw new Invalid(errors);
}

/**
 * A sign-up refused by its schema is also told which of its username and e-mail are taken, so the
 * visitor hears of every field at once, not of the taken ones on the next try. Only values the
 * schema accepted are looked up.
 */
export async function signUpAlsoRefused(raw: Record<string, unknown>, refused: FieldErrors): Promise<FieldErrors> {
  const valid = (field: 'username' | 'email', schema: typeof usernameField | typeof emailField) => {
    const read = refused[field] ? null : schema.safeParse(raw[field]);
    return read?.success ? read.data : undefined;
  };
  return takenAccountFields({ username: valid('username', usernameField), email: valid('email', emailField) });
}

/** A unique index can still fire when two requests race past assertUnique. */
function refuseTaken(error: unknown): never {
  const key = uniqueViolation(error);
  if (key !== null) {
    if (/email/i.test(key)) invalid('email', 'user with this email already exists.');
    invalid('username', 'A user with that username already exists.');
  }
  throw error;
}

/**
 * Creates an inactive account and mails its activation link. `language` is the language the
 * visitor signed up in (the page's), kept as the account's: its e-mails are written in it.
 */
export async function signUp(input: SignUpInput, ctx: Ctx, language: Language | null = null): Promise<User> {
  await consume([limits.signupPerIp, ctx.ip]);
  await assertUnique(input);
  const user = await db.user
    .create({
      data: {
        username: input.username,
        usernameKey: input.username.toLowerCase(),
        fullname: input.fullname,
        email: input.email,
        gender: input.gender,
        country: input.country,
        language,
        passwordHash: await hashPassword(input.password, { park: ctx.park }),
      },
    })
    .catch(refuseTaken);
  try {
    await sendActivationMail(user);
  } catch (error) {
    // No account without its activation e-mail: the visitor can simply try again.
    await db.user.delete({ where: { id: user.id } });
    throw new DomainError(503, 'The activation e-mail could not be sent. Please try again later.');
  }
  return user;
}

async function userFromUid(uid: string): Promise<User> {
  const id = decodeUid(uid);
  const user = id ? await db.user.findUnique({ where: { id } }) : null;
  if (!user) invalid('uid', "Invalid user id or user doesn't exist.");
  return user;
}

export async function activate(input: { uid: string; token: string }, ctx: Ctx): Promise<User> {
  await consume([limits.activationPerIp, ctx.ip]);
  const user = await userFromUid(input.uid);
  if (user.isActive) invalid('token', 'Stale token for given user.');
  if (!checkToken(user, 'activation', input.token)) invalid('token', 'Invalid token for given user.');
  return db.user.update({ where: { id: user.id }, data: { isActive: true } });
}

export interface LoginCtx extends Ctx {
  /** The request's Cookie header: a device cookie in it may make this a known device of the account. */
  cookie?: string | null;
}

/**
 * Logs in (the page and POST /api/auth/jwt/create/ alike) and returns the session token and the
 * device cookie (a Set-Cookie value) that makes this client a known device of the account.
 */
export async function login(input: { email: string; password: string }, ctx: LoginCtx): Promise<{ user: User; token: string; deviceCookie: string }> {
  // Only failures count (docs/rules.md "Login limits"): from a device that logged in to this account
  // before, against that device's limit alone, so nobody else's guesses lock its owner out; from
  // any other client, per account and IP, per account and per IP.
  const user = await db.user.findUnique({ where: { email: input.email } });
  const device = await knownDevice(ctx.cookie, user?.id);
  // Password checks wait in a bounded queue (lib/password.server.ts), a known device's first. One
  // the queue would refuse is refused before it is counted, so a flood of them writes nothing; one
  // refused after it was counted (the queue filled meanwhile) is not counted either: it checked nothing.
  const first = device !== null;
  if (passwordChecksFull(first)) throw new PasswordChecksBusy();
  const attempt = await loginAttempt(input.email, ctx.ip, device);
  let ok: boolean;
  try {
    // Hash even when there is no such user, so timing does not reveal which e-mails exist.
    const turn = { first, park: ctx.park };
    ok = user ? await verifyPassword(input.password, user.passwordHash, turn) : (await verifyPassword(input.password, DUMMY_HASH, turn), false);
  } catch (error) {
    if (error instanceof PasswordChecksBusy) await attempt.unchecked();
    throw error;
  }
  if (!user || !ok || !user.isActive) throw new Unauthorized(LOGIN_FAILED, NO_ACTIVE_ACCOUNT);
  await attempt.succeeded();
  await db.user.update({ where: { id: user.id }, data: { lastLoginAt: new Date() } });
  const token = await createSession(user.id, ctx.userAgent ?? null);
  return { user, token, deviceCookie: await issueDevice(user.id) };
}
const DUMMY_HASH = 'scrypt$16384$AAAAAAAAAAAAAAAAAAAAAA==$' + 'A'.repeat(86) + '==';

export async function requestPasswordReset(input: { email: string }, ctx: Ctx): Promise<void> {
  await consume([limits.resetPerIp, ctx.ip], [limits.resetPerAccount, input.email]);
  const user = await db.user.findUnique({ where: { email: input.email } });
  if (!user) invalid('email', 'No users found with this email address.');
  await sendPasswordResetMail(user);
}

/**
 * Sets a new password from an e-mailed token. Holding the token proves the address, so this also
 * activates the account (how a collaborator sets a first password). Every session is ended.
 */
export async function confirmPasswordReset(input: { uid: string; token: string; new_password: string }, ctx: Ctx): Promise<User> {
  await consume([limits.resetPerIp, ctx.ip]);
  const user = await userFromUid(input.uid);
  if (!checkToken(user, 'password-reset', input.token)) invalid('token', 'Invalid token for given user.');
  const updated = await db.user.update({
    where: { id: user.id },
    data: { passwordHash: await hashPassword(input.new_password), isActive: true },
  });
  await destroyUserSessions(user.id);
  return updated;
}

/**
 * Edits the actor's own account. A new e-mail deactivates the account until the link sent to the
 * new address is followed (SPEC §4); the next request then answers 401 user_inactive. The language
 * setting changes only when the input has one (null: the browser's).
 */
export async function updateProfile(actor: Actor | null, input: ProfileInput, picture: UploadedFile | null): Promise<{ user: User; emailChanged: boolean }> {
  requireAuthenticated(actor);
  await assertUnique(input, actor.id);
  const image = picture ? await checkImage('profile', picture) : null;
  const storedName = image ? await store('profiles', image.bytes, image.ext) : undefined;
  const emailChanged = input.email !== actor.email;
  let user: User;
  try {
    user = await db.user.update({
      where: { id: actor.id },
      data: {
        username: input.username,
        usernameKey: input.username.toLowerCase(),
        fullname: input.fullname,
        email: input.email,
        gender: input.gender,
        country: input.country,
        ...(input.language !== undefined ? { language: input.language } : {}),
        ...(storedName ? { profile: storedName } : {}),
        ...(emailChanged ? { isActive: false } : {}),
      },
    });
  } catch (error) {
    await remove('profiles', storedName);
    refuseTaken(error);
  }
  if (storedName) await remove('profiles', actor.profile);
  if (emailChanged) await sendActivationMail(user);
  return { user, emailChanged };
}

export async function createCollaborator(actor: Actor | null, input: ProfileInput): Promise<User> {
  requireStaff(actor);
  await assertUnique(input);
  // Hashed before the transaction: nothing slow holds the shared connection.
  const passwordHash = await unusablePassword();
  const user = await db.$transaction(async (tx) => {
    const created = await tx.user.create({
      data: {
        username: input.username,
        usernameKey: input.username.toLowerCase(),
        fullname: input.fullname,
        email: input.email,
        gender: input.gender,
        country: input.country,
        isStaff: true,
        passwordHash,
      },
    });
    await logStaffAction(tx, actor, 'user.create_collaborator', 'user', [created.id]);
    return created;
  }).catch(refuseTaken);
  await sendWelcomeMail(user, 'collaborator');
  return user;
}
