// General notifications the platform writes for the people concerned (issue 10 §5): a reviewed
// submission, a processed reward request, a new team member, an event about to start. Writers call
// notifyPerson inside the transaction of the change they announce, so the notice exists exactly when
// the change does. Descriptions are HTML built here from escaped text, never from raw input.
import type { Prisma } from '~/generated/prisma/client';

type Tx = Pick<Prisma.TransactionClient, 'notification'>;

export interface PlatformNotice {
  recipientId: number;
  title: string;
  /** Plain text: escaped and wrapped in paragraphs (one per line). */
  text: string;
  /** A path on this site the notification leads to. */
  link?: string | null;
  /** For notices that must exist once only (unique): a repeat is ignored. */
  onceKey?: string | null;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function textToHtml(text: string): string {
  return text.split(/\n+/).filter((line) => line.trim()).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

/** Writes a general notification for one person. */
export async function notifyPerson(tx: Tx, notice: PlatformNotice): Promise<void> {
  const data = {
    kind: 'general',
    recipientId: notice.recipientId,
    title: notice.title.slice(0, 200),
    description: textToHtml(notice.text),
    link: notice.link ?? null,
    onceKey: notice.onceKey ?? null,
  };
  if (notice.onceKey) await tx.notification.upsert({ where: { onceKey: notice.onceKey }, create: data, update: {} });
  else await tx.notification.create({ data });
}
