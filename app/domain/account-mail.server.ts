import type { User } from '~/generated/prisma/client';
import { link, sendMail } from '~/lib/mail.server';
import { encodeUid, makeToken } from '~/lib/tokens.server';

export function activationPath(user: User): string {
  return `/activate/${encodeUid(user.id)}/${makeToken(user, 'activation')}`;
}
export function resetPath(user: User): string {
  return `/password/reset/confirm/${encodeUid(user.id)}/${makeToken(user, 'password-reset')}`;
}

export function sendActivationMail(user: User) {
  const url = link(activationPath(user));
  return sendMail({
    to: user.email,
    subject: 'Activate your CTF account',
    text: `Hello ${user.username},\n\nOpen this link to activate your account:\n${url}\n\nThe link works for 3 days.\n`,
    link: url,
  });
}

export function sendPasswordResetMail(user: User) {
  const url = link(resetPath(user));
  return sendMail({
    to: user.email,
    subject: 'Reset your CTF password',
    text: `Hello ${user.username},\n\nOpen this link to choose a new password:\n${url}\n\nThe link works for one hour and only once. If you did not ask for it, ignore this e-mail.\n`,
    link: url,
  });
}

/**
 * For accounts created by staff (collaborators, imported learners), which have no password yet: the
 * link confirms the address and sets a first password, which activates the account.
 */
export function sendWelcomeMail(user: User, intro: string) {
  const url = link(resetPath(user));
  return sendMail({
    to: user.email,
    subject: 'Activate your CTF account',
    text: `Hello ${user.username},\n\n${intro} Open this link to confirm your address and choose your password:\n${url}\n\nThe link works for one hour; after that, use "Forgot password" on the login page.\n`,
    link: url,
  });
}
