import { describe, expect, it } from 'vitest';
import { activate, confirmPasswordReset, login, requestPasswordReset, signUp, updateProfile, LOGIN_FAILED } from './accounts.server';
import { db } from '~/lib/db.server';
import { Invalid, Unauthorized } from '~/lib/errors.server';
import { verifyPassword } from '~/lib/password.server';
import { forgotPasswordSchema, profileSchema, signUpSchema } from '~/schemas/account';
import { makeUser, PASSWORD, unique } from '../../tests/support/factories';
import { linkPath, waitForMail } from '../../tests/support/mailbox';

const mailDir = () => process.env.TEST_MAIL_DIR!;
const ctx = () => ({ ip: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

function signUpInput(over: Record<string, string> = {}) {
  const name = unique('learner');
  return signUpSchema.parse({ username: name, fullname: 'Ada Learner', email: `${name}@Example.COM `, gender: 'F', country: 'bj', password: 'a-good-password', re_password: 'a-good-password', ...over });
}

const uidToken = (path: string) => {
  const parts = path.split('/').filter(Boolean);
  return { uid: parts.at(-2)!, token: parts.at(-1)! };
};

describe('sign-up and activation', () => {
  it('creates an inactive account with a normalized e-mail and a slow password hash, then mails a working activation link', async () => {
    const input = signUpInput();
    const user = await signUp(input, ctx());
    expect(user.isActive).toBe(false);
    expect(user.email).toBe(input.email.trim().toLowerCase());
    expect(user.country).toBe('BJ');
    expect(user.passwordHash).toMatch(/^scrypt\$/);
    expect(await verifyPassword('a-good-password', user.passwordHash)).toBe(true);

    await expect(login({ email: user.email, password: 'a-good-password' }, ctx())).rejects.toThrow(LOGIN_FAILED);

    const mail = await waitForMail(mailDir(), user.email, { subject: /Activate/ });
    const path = linkPath(mail);
    expect(path).toMatch(/^\/activate\/[^/]+\/[^/]+$/);
    await activate(uidToken(path), ctx());
    const { token } = await login({ email: user.email, password: 'a-good-password' }, ctx());
    expect(token).toHaveLength(43);
    // The link is single-use: the account state it was signed over has changed.
    await expect(activate(uidToken(path), ctx())).rejects.toMatchObject({ fields: { token: ['Stale token for given user.'] } });
  });

  it('rejects a username or e-mail already taken, whatever their case', async () => {
    const existing = await makeUser();
    const input = signUpInput({ username: existing.username.toUpperCase(), email: existing.email.toUpperCase() });
    const error = await signUp(input, ctx()).catch((e) => e);
    expect(error).toBeInstanceOf(Invalid);
    expect(error.fields).toEqual({ username: ['A user with that username already exists.'], email: ['user with this email already exists.'] });
  });

  it("reports mismatched passwords with the spec's message", () => {
    const result = signUpSchema.safeParse({ ...signUpInput(), re_password: 'something-else' });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path: ['re_password'], message: "The two password fields didn't match." });
  });

  it('rejects a forged activation token', async () => {
    const user = await makeUser({ isActive: false });
    const { uid } = uidToken(`/activate/${Buffer.from(String(user.id)).toString('base64url')}/x`);
    await expect(activate({ uid, token: 'mfz-AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' }, ctx())).rejects.toMatchObject({ fields: { token: ['Invalid token for given user.'] } });
    await expect(activate({ uid: 'bm9wZQ', token: 'x' }, ctx())).rejects.toMatchObject({ fields: { uid: ["Invalid user id or user doesn't exist."] } });
  });
});

describe('login', () => {
  it('refuses a wrong password with 401 and the same message as an unknown e-mail', async () => {
    const user = await makeUser();
    const wrong = await login({ email: user.email, password: 'nope-nope-nope' }, ctx()).catch((e) => e);
    const unknown = await login({ email: 'nobody@example.com', password: 'nope-nope-nope' }, ctx()).catch((e) => e);
    expect(wrong).toBeInstanceOf(Unauthorized);
    expect(wrong.status).toBe(401);
    expect(unknown.message).toBe(wrong.message);
  });
  // Rate limits on wrong passwords: app/domain/rate-limits.test.ts.
});

describe('password reset', () => {
  it('says when no account has the e-mail', async () => {
    await expect(requestPasswordReset({ email: 'ghost@example.com' }, ctx())).rejects.toMatchObject({ fields: { email: ['No users found with this email address.'] } });
  });

  it('sets a new password once, ends every session, and the link then stops working', async () => {
    const user = await makeUser();
    const { token: session } = await login({ email: user.email, password: PASSWORD }, ctx());
    expect(session).toBeTruthy();
    const before = Date.now();
    await requestPasswordReset(forgotPasswordSchema.parse({ email: ` ${user.email.toUpperCase()} ` }), ctx());
    const mail = await waitForMail(mailDir(), user.email, { subject: /Reset/, after: before });
    const path = linkPath(mail);
    expect(path).toMatch(/^\/password\/reset\/confirm\//);
    await confirmPasswordReset({ ...uidToken(path), new_password: 'brand-new-pass-1' }, ctx());
    expect(await db.session.count({ where: { userId: user.id } })).toBe(0);
    await login({ email: user.email, password: 'brand-new-pass-1' }, ctx());
    await expect(confirmPasswordReset({ ...uidToken(path), new_password: 'another-pass-2' }, ctx())).rejects.toMatchObject({ fields: { token: ['Invalid token for given user.'] } });
  });

  it('invalidates a reset link once the e-mail changes', async () => {
    const user = await makeUser();
    const before = Date.now();
    await requestPasswordReset({ email: user.email }, ctx());
    const path = linkPath(await waitForMail(mailDir(), user.email, { subject: /Reset/, after: before }));
    await updateProfile(user, { username: user.username, fullname: user.fullname, email: `new-${user.email}`, gender: 'M', country: 'BJ' }, null);
    await expect(confirmPasswordReset({ ...uidToken(path), new_password: 'brand-new-pass-1' }, ctx())).rejects.toBeInstanceOf(Invalid);
  });
});

describe('profile', () => {
  it('deactivates the account when the e-mail changes and mails an activation link to the new address', async () => {
    const user = await makeUser();
    const email = `moved-${user.email}`;
    const { user: updated, emailChanged } = await updateProfile(user, { username: user.username, fullname: 'New Name', email, gender: 'F', country: 'GH' }, null);
    expect(emailChanged).toBe(true);
    expect(updated).toMatchObject({ isActive: false, email, fullname: 'New Name', country: 'GH' });
    const path = linkPath(await waitForMail(mailDir(), email, { subject: /Activate/ }));
    await activate(uidToken(path), ctx());
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).isActive).toBe(true);
  });

  it('accepts only real images as profile pictures and names them by their bytes', async () => {
    const user = await makeUser();
    const fake = new File(['<script>alert(1)</script>'], 'me.png', { type: 'image/png' });
    await expect(updateProfile(user, { username: user.username, fullname: user.fullname, email: user.email, gender: 'M', country: 'BJ' }, fake)).rejects.toMatchObject({ fields: { profile: [expect.stringMatching(/valid image/)] } });
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const { user: updated } = await updateProfile(user, { username: user.username, fullname: user.fullname, email: user.email, gender: 'M', country: 'BJ' }, new File([png], 'avatar.bin'));
    expect(updated.profile).toMatch(/^[0-9a-f]{32}\.png$/);
  });
});

describe('language setting', () => {
  it('keeps the language the visitor signed up in, none by default', async () => {
    expect((await signUp(signUpInput(), ctx(), 'fr')).language).toBe('fr');
    expect((await signUp(signUpInput(), ctx())).language).toBeNull();
  });

  it("reads '' or null as the browser's language, refuses any other than en and fr, and leaves it out when absent", () => {
    const base = { username: unique('lang'), fullname: 'Ada', email: 'ada@example.com', gender: 'F', country: 'BJ' };
    expect(profileSchema.parse({ ...base, language: 'fr' }).language).toBe('fr');
    expect(profileSchema.parse({ ...base, language: '' }).language).toBeNull();
    expect(profileSchema.parse({ ...base, language: null }).language).toBeNull();
    expect(profileSchema.parse(base).language).toBeUndefined();
    expect(profileSchema.safeParse({ ...base, language: 'de' }).error?.issues[0]).toMatchObject({ path: ['language'], message: 'Select a valid choice.' });
  });

  it('stores en or fr, null for the browser, and keeps the setting when the input has none', async () => {
    const user = await makeUser();
    const input = { username: user.username, fullname: user.fullname, email: user.email, gender: 'M' as const, country: 'BJ' };
    expect((await updateProfile(user, { ...input, language: 'fr' }, null)).user.language).toBe('fr');
    expect((await updateProfile(user, input, null)).user.language).toBe('fr');
    expect((await updateProfile(user, { ...input, language: null }, null)).user.language).toBeNull();
  });
});
