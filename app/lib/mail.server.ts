// Mail goes through SMTP_URL when set; otherwise each message is written to OUTBOX_DIR as .eml and
// its link is logged, so a fresh machine can activate accounts without a mail server.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TFunction } from 'i18next';
import type { Transporter } from 'nodemailer';
import { env } from './env.server';
import { DEFAULT_LANGUAGE, isLanguage, translator } from './i18n';
import { installI18next } from './i18next';
import { logger } from './logger.server';

// An e-mail is written in its recipient's language, whatever page sends it: i18next is installed with
// the module that sends, not only with the pages' language (lib/language.server.ts, which installs it too).
installI18next();

/**
 * The translator of an e-mail to an account whose `language` is `language` (User.language: 'en',
 * 'fr', or null when the account never chose; e-mails then read in English).
 */
export function mailTranslator(language: string | null | undefined): TFunction {
  return translator(isLanguage(language) ? language : DEFAULT_LANGUAGE);
}

// Loaded with the first e-mail, not at start: nodemailer is a few MB the server mostly never needs.
let transport: Promise<Transporter> | null = null;
function transporter(): Promise<Transporter> {
  return (transport ??= import('nodemailer').then(({ default: nodemailer }) =>
    env.smtpUrl ? nodemailer.createTransport(env.smtpUrl) : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  ));
}

export interface Mail { to: string; subject: string; text: string; link?: string }

export async function sendMail(mail: Mail): Promise<void> {
  const info = await (await transporter()).sendMail({ from: env.mailFrom, to: mail.to, subject: mail.subject, text: mail.text });
  if (!env.smtpUrl) {
    mkdirSync(env.outboxDir, { recursive: true });
    const file = join(env.outboxDir, `${Date.now()}-${info.messageId.replace(/[^\w.-]/g, '')}.eml`);
    writeFileSync(file, (info as unknown as { message: Buffer }).message);
    logger.info({ file, subject: mail.subject, link: mail.link }, 'mail written to outbox (SMTP_URL unset)');
  }
}

export function link(path: string): string {
  return `${env.publicUrl}${path}`;
}
