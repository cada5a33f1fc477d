// General notifications the platform writes for the people concerned (issue 10 §5): a reviewed
// submission, a processed reward request, a new team member, an event about to start. Writers call
// notifyPerson inside the transaction of the change they announce, so the notice exists exactly when
// the change does. Descriptions are HTML built here from escaped text, never from raw input.
//
// A notice is stored as what it says (Notification.message: text keys and their values) beside its
// English (title, description): pages write it in the reader's language (noticeIn), the API keeps
// serving the English it always did. The keys are the English texts themselves (lib/i18n.ts), so a
// stored key never dangles: a notice whose wording changed since, or whose French is gone, still
// reads in the English it was written in.
import type { Prisma } from '~/generated/prisma/client';
import { translator, UTC_DATE_TIME, type Language } from '~/lib/i18n';

type Tx = Pick<Prisma.TransactionClient, 'notification'>;

/** What a notice says, with its moments as the writer has them. */
export interface NoticeWords {
  /** Keys, marked with text() where they are written: `{{name}}` placeholders, `count` for a plural. */
  title: string;
  /** Plain text: escaped and wrapped in paragraphs (one per line) once filled in. */
  text: string;
  /** Shown as given (names, a comment, a number), always escaped. */
  values?: Record<string, string | number>;
  /** Moments, written in the reader's language (in UTC, as the lists write them). */
  dates?: Record<string, Date>;
}

/** Notification.message: the same, with its moments as ISO strings. */
interface StoredWords {
  title: string;
  text: string;
  values?: Record<string, string | number>;
  dates?: Record<string, string>;
}

export interface PlatformNotice extends NoticeWords {
  recipientId: number;
  /** A path on this site the notification leads to. */
  link?: string | null;
  /** For notices that must exist once only (unique): a repeat is ignored. */
  onceKey?: string | null;
}

const TITLE_MAX = 200;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export function textToHtml(text: string): string {
  return text.split(/\n+/).filter((line) => line.trim()).map((line) => `<p>${escapeHtml(line)}</p>`).join('');
}

// Values are filled in once by the translator (neither i18next nor the English one reads a value
// as a placeholder), and only the filled text is escaped: a comment's `<script>` or `{{x}}` stays text.
function written(words: StoredWords, language: Language): { title: string; description: string } {
  const t = translator(language);
  const values: Record<string, string | number> = { ...words.values };
  for (const [name, iso] of Object.entries(words.dates ?? {})) values[name] = UTC_DATE_TIME[language].format(new Date(iso));
  return { title: t(words.title, values).slice(0, TITLE_MAX), description: textToHtml(t(words.text, values)) };
}

function stored(words: NoticeWords): StoredWords {
  const dates = words.dates && Object.fromEntries(Object.entries(words.dates).map(([name, date]) => [name, date.toISOString()]));
  return { title: words.title, text: words.text, ...(words.values && { values: words.values }), ...(dates && { dates }) };
}

/** The row of a general notification for one person (for a createMany of several). */
export function noticeRow(notice: PlatformNotice) {
  const words = stored(notice);
  return {
    kind: 'general',
    recipientId: notice.recipientId,
    // The English is the words written in English, so it cannot drift from what the keys say.
    ...written(words, 'en'),
    message: JSON.stringify(words),
    link: notice.link ?? null,
    onceKey: notice.onceKey ?? null,
  } satisfies Prisma.NotificationCreateManyInput;
}

/** Writes a general notification for one person. */
export async function notifyPerson(tx: Tx, notice: PlatformNotice): Promise<void> {
  const data = noticeRow(notice);
  if (notice.onceKey) await tx.notification.upsert({ where: { onceKey: notice.onceKey }, create: data, update: {} });
  else await tx.notification.create({ data });
}

function parsed(message: string): StoredWords | null {
  try {
    const words = JSON.parse(message) as StoredWords;
    return typeof words?.title === 'string' && typeof words.text === 'string' ? words : null;
  } catch {
    return null;
  }
}

/**
 * A notification as a page in `language` shows it: a platform notice written in that language,
 * anything else (staff's notifications, notices stored before their words were) as it was written.
 */
export function noticeIn(notification: { title: string; description: string; message?: string | null }, language: Language): { title: string; description: string } {
  const words = notification.message ? parsed(notification.message) : null;
  return words ? written(words, language) : { title: notification.title, description: notification.description };
}
