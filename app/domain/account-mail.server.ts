import type { User } from '~/generated/prisma/client';
import { text } from '~/lib/i18n';
import { link, mailTranslator, sendMail } from '~/lib/mail.server';
import { encodeUid, makeToken } from '~/lib/tokens.server';

// Each e-mail reads in its recipient's language (User.language; English when unset). The English
// texts are the keys (lib/i18n.ts), so an English e-mail is the same letter for letter as before.

export function activationPath(user: User): string {
  return `/activate/${encodeUid(user.id)}/${makeToken(user, 'activation')}`;
}
export function resetPath(user: User): string {
  return `/password/reset/confirm/${encodeUid(user.id)}/${makeToken(user, 'password-reset')}`;
}

export function sendActivationMail(user: User) {
  const t = mailTranslator(user.language);
  const url = link(activationPath(user));
  return sendMail({
    to: user.email,
    subject: t('Activate your CTF account'),
    text: `${t('Hello {{name}},', { name: user.username })}\n\n${t('Open this link to activate your account:')}\n${url}\n\n${t('The link works for 3 days.')}\n`,
    link: url,
  });
}

export function sendPasswordResetMail(user: User) {
  const t = mailTranslator(user.language);
  const url = link(resetPath(user));
  return sendMail({
    to: user.email,
    subject: t('Reset your CTF password'),
    text: `${t('Hello {{name}},', { name: user.username })}\n\n${t('Open this link to choose a new password:')}\n${url}\n\n${t('The link works for one hour and only once. If you did not ask for it, ignore this e-mail.')}\n`,
    link: url,
  });
}

/** Why a welcome e-mail comes: who made the account. */
export const WELCOME_INTROS = {
  collaborator: text('A staff account was created for you.'),
  importedLearner: text('An account was created for you on the CTF training platform.'),
};

/**
 * For accounts created by staff (collaborators, imported learners), which have no password yet: the
 * link confirms the address and sets a first password, which activates the account.
 */
export function sendWelcomeMail(user: User, intro: keyof typeof WELCOME_INTROS) {
  const t = mailTranslator(user.language);
  const url = link(resetPath(user));
  return sendMail({
    to: user.email,
    subject: t('Activate your CTF account'),
    text: `${t('Hello {{name}},', { name: user.username })}\n\n${t(WELCOME_INTROS[intro])} ${t('Open this link to confirm your address and choose your password:')}\n${url}\n\n${t('The link works for one hour; after that, use "Forgot password" on the login page.')}\n`,
    link: url,
  });
}
