// Reads the messages an SMTP sink wrote and finds the link in them.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface ReceivedMail { to: string; subject: string; text: string; link: string | null; file: string }

function decodeQuotedPrintable(body: string): string {
  return Buffer.from(
    body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');
}

export function parseMail(raw: string, file: string): ReceivedMail {
  const [head, ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, 'im'))?.[1]?.trim() ?? '';
  const text = /quoted-printable/i.test(header('Content-Transfer-Encoding')) ? decodeQuotedPrintable(body) : body;
  return { to: header('X-Envelope-To'), subject: header('Subject'), text, link: text.match(/https?:\/\/\S+/)?.[0] ?? null, file };
}

export function readMails(dir: string): ReceivedMail[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort()
    .map((f) => parseMail(readFileSync(join(dir, f), 'utf8'), f));
}

/** Waits for the newest message to `to` (optionally whose subject matches) that `seen` has not had. */
export async function waitForMail(dir: string, to: string, opts: { subject?: RegExp; after?: number; timeoutMs?: number } = {}): Promise<ReceivedMail> {
  const deadline = Date.now() + (opts.timeoutMs ?? 10_000);
  const after = opts.after ?? 0;
  for (;;) {
    const found = readMails(dir).filter((m) => m.to.split(',').includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)) && Number(m.file.split('-')[0]) >= after);
    if (found.length) return found[found.length - 1];
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within the time limit`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The path part of the first link in a mail (the site may be served on another host name). */
export function linkPath(mail: ReceivedMail): string {
  if (!mail.link) throw new Error(`mail "${mail.subject}" has no link`);
  const url = new URL(mail.link);
  return url.pathname + url.search;
}
