import { describe, expect, it } from 'vitest';
import { sendActivationMail, sendPasswordResetMail, sendWelcomeMail } from './account-mail.server';
import { db } from '~/lib/db.server';
import { makeUser } from '../../tests/support/factories';
import { waitForMail, type ReceivedMail } from '../../tests/support/mailbox';

const mailDir = () => process.env.TEST_MAIL_DIR!;

/** A header's RFC 2047 encoded words (=?UTF-8?Q?R=C3=A9...?=), as nodemailer writes non-ASCII subjects, decoded. */
const decodeHeader = (value: string) =>
  value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8'),
  );

async function userIn(language: string | null) {
  const user = await makeUser();
  return db.user.update({ where: { id: user.id }, data: { language } });
}

async function received(send: () => Promise<void>, to: string): Promise<ReceivedMail> {
  const before = Date.now();
  await send();
  const mail = await waitForMail(mailDir(), to, { after: before });
  return { ...mail, subject: decodeHeader(mail.subject), text: mail.text.replace(/\r\n/g, '\n') };
}

describe("account e-mails in the recipient's language", () => {
  it('writes to a French account in French', async () => {
    const user = await userIn('fr');
    const activation = await received(() => sendActivationMail(user), user.email);
    expect(activation.subject).toBe('Activez votre compte CTF');
    expect(activation.text).toContain(`Bonjour ${user.username},\n\nOuvrez ce lien pour activer votre compte :\nhttp://ctf.test/activate/`);
    expect(activation.text).toContain('Le lien est valable 3 jours.');

    const reset = await received(() => sendPasswordResetMail(user), user.email);
    expect(reset.subject).toBe('Réinitialisez votre mot de passe CTF');
    expect(reset.text).toContain('Ouvrez ce lien pour choisir un nouveau mot de passe :\nhttp://ctf.test/password/reset/confirm/');

    const welcome = await received(() => sendWelcomeMail(user, 'importedLearner'), user.email);
    expect(welcome.subject).toBe('Activez votre compte CTF');
    expect(welcome.text).toContain('Un compte a été créé pour vous sur la plateforme de formation CTF. Ouvrez ce lien pour confirmer votre adresse et choisir votre mot de passe :');
  });

  it('writes in English to an account without a language, or with one the site does not speak', async () => {
    for (const language of [null, 'en', 'de']) {
      const user = await userIn(language);
      const mail = await received(() => sendWelcomeMail(user, 'collaborator'), user.email);
      expect(mail.subject).toBe('Activate your CTF account');
      expect(mail.text).toMatch(
        new RegExp(`^Hello ${user.username},\\n\\nA staff account was created for you\\. Open this link to confirm your address and choose your password:\\nhttp://ctf\\.test/password/reset/confirm/\\S+\\n\\nThe link works for one hour; after that, use "Forgot password" on the login page\\.\\n`),
      );
    }
  });
});
