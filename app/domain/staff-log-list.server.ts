// The staff action log as the superuser reads it (issue 21 §3): every line staff-log.server.ts wrote,
// newest first, filtered by person, kind of action and UTC days, each line told in words: who, what
// (staff-actions.ts), on what, when, in the page's language: the words are translated, what the
// records and the lines hold (names, reasons, field names) is shown as stored.
import type { TFunction } from 'i18next';
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { DEFAULT_LANGUAGE, text, translator, type Language } from '~/lib/i18n';
import type { Page } from '~/lib/pagination';
import { requireSuperuser, type Actor } from './policy.server';
import { STAFF_TARGET_NOUNS, staffActionLabel, type StaffActionKind, type StaffTargetType } from './staff-actions';

export interface StaffLogFilter {
  /** Lines of this person only. */
  actorId?: number;
  action?: StaffActionKind;
  /** The first and last UTC day shown (each at 00:00 UTC), both included. */
  from?: Date;
  to?: Date;
}

export interface StaffLogLine {
  id: number;
  at: Date;
  /** Null once the account that acted was deleted (the line stays). */
  actor: { id: number; username: string } | null;
  action: string;
  label: string;
  /** "Challenge “Caesar salad” (#4)": the kind of record, its name when it can be found, its id; in the language asked for. */
  target: string;
  /** What the line kept beside it (a comment, an amount, the changed fields), as text. */
  detail: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const DETAIL_MAX = 300;

export function staffLogWhere(filter: StaffLogFilter): Prisma.StaffActionWhereInput {
  return {
    ...(filter.actorId !== undefined ? { actorId: filter.actorId } : {}),
    ...(filter.action ? { action: filter.action } : {}),
    ...(filter.from || filter.to
      ? { createdAt: { ...(filter.from ? { gte: filter.from } : {}), ...(filter.to ? { lt: new Date(filter.to.getTime() + DAY_MS) } : {}) } }
      : {}),
  };
}

/** One page of the log (superuser only), newest first; its "On" and "Details" in `language`. */
export async function listStaffActions(
  actor: Actor | null,
  filter: StaffLogFilter,
  opts: { page: number; pageSize: number },
  language: Language = DEFAULT_LANGUAGE,
): Promise<Page<StaffLogLine>> {
  requireSuperuser(actor);
  const t = translator(language);
  const where = staffLogWhere(filter);
  const [count, rows] = await Promise.all([
    db.staffAction.count({ where }),
    db.staffAction.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (opts.page - 1) * opts.pageSize,
      take: opts.pageSize,
      include: { actor: { select: { id: true, username: true } } },
    }),
  ]);
  const names = await targetNames(rows, t);
  return {
    count,
    page: opts.page,
    pageSize: opts.pageSize,
    results: rows.map((row) => {
      const detail = parseDetail(row.detail);
      return {
        id: row.id,
        at: row.createdAt,
        actor: row.actor,
        action: row.action,
        label: staffActionLabel(row.action),
        target: describeTarget(row.targetType, row.targetId, names.get(`${row.targetType}:${row.targetId}`) ?? fallbackName(detail, t), t),
        detail: describeDetail(detail, language),
      };
    }),
  };
}

/**
 * The person filter's choices: staff, the superuser, and anyone else the log names (a collaborator
 * who is no longer staff keeps their lines).
 */
export async function staffLogPeople(actor: Actor | null): Promise<{ id: number; username: string }[]> {
  requireSuperuser(actor);
  return db.user.findMany({
    where: { OR: [{ isStaff: true }, { isSuperuser: true }, { staffActions: { some: {} } }] },
    select: { id: true, username: true },
    orderBy: { username: 'asc' },
  });
}

// ---- On what ----------------------------------------------------------------------------------
// Each kind of record named the way its pages name it, read for a page's lines at once (one query per
// kind of record on the page, ten lines at most each).

// The words around the names are text() keys: English reads “Name” and "of", French « Nom » and "de".
type Names = (ids: number[], t: TFunction) => Promise<[number, string][]>;
const quoted = (name: string, t: TFunction) => t('“{{name}}”', { name });

const NAMES: Record<StaffTargetType, Names> = {
  user: async (ids) => (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })).map((u) => [u.id, u.username]),
  category: async (ids, t) => (await db.category.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, quoted(c.name, t)]),
  challenge: async (ids, t) => (await db.challenge.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, quoted(c.name, t)]),
  flag: async (ids, t) =>
    (await db.flag.findMany({ where: { id: { in: ids } }, select: { id: true, challenge: { select: { name: true } } } })).map((f) => [
      f.id,
      t('of {{challenge}}', { challenge: quoted(f.challenge.name, t) }),
    ]),
  hint: async (ids, t) =>
    (await db.hint.findMany({ where: { id: { in: ids } }, select: { id: true, challenge: { select: { name: true } } } })).map((h) => [
      h.id,
      t('of {{challenge}}', { challenge: quoted(h.challenge.name, t) }),
    ]),
  challenge_file: async (ids, t) =>
    (await db.challengeFile.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, challenge: { select: { name: true } } } })).map((f) => [
      f.id,
      t('{{file}} of {{challenge}}', { file: quoted(f.name, t), challenge: quoted(f.challenge.name, t) }),
    ]),
  submission: async (ids, t) =>
    (await db.submission.findMany({ where: { id: { in: ids } }, select: { id: true, learner: { select: { username: true } }, challenge: { select: { name: true } } } })).map((s) => [
      s.id,
      t('of {{learner}} for {{challenge}}', { learner: s.learner.username, challenge: quoted(s.challenge.name, t) }),
    ]),
  event: async (ids, t) => (await db.event.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((e) => [e.id, quoted(e.name, t)]),
  reward: async (ids, t) => (await db.reward.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((r) => [r.id, quoted(r.title, t)]),
  'reward-request': async (ids, t) =>
    (await db.rewardRequest.findMany({ where: { id: { in: ids } }, select: { id: true, reward: { select: { title: true } }, player: { select: { username: true } } } })).map((r) => [
      r.id,
      t('{{reward}} of {{player}}', { reward: quoted(r.reward.title, t), player: r.player.username }),
    ]),
  notification: async (ids, t) => (await db.notification.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((n) => [n.id, quoted(n.title, t)]),
};

const isTargetType = (type: string): type is StaffTargetType => Object.hasOwn(STAFF_TARGET_NOUNS, type);

/** The names of the records the lines point at, keyed `type:id`; records gone since are left out. */
async function targetNames(rows: { targetType: string; targetId: string }[], t: TFunction): Promise<Map<string, string>> {
  const ids = new Map<StaffTargetType, Set<number>>();
  for (const row of rows) {
    const id = Number(row.targetId);
    if (!isTargetType(row.targetType) || !Number.isSafeInteger(id)) continue;
    if (!ids.has(row.targetType)) ids.set(row.targetType, new Set());
    ids.get(row.targetType)!.add(id);
  }
  const found = new Map<string, string>();
  await Promise.all(
    [...ids].map(async ([type, set]) => {
      for (const [id, name] of await NAMES[type]([...set], t)) found.set(`${type}:${id}`, name);
    }),
  );
  return found;
}

export function describeTarget(type: string, id: string, name: string | null, t: TFunction = translator(DEFAULT_LANGUAGE)): string {
  const noun = isTargetType(type) ? t(STAFF_TARGET_NOUNS[type]) : type;
  return `${noun}${name ? ` ${name}` : ''} (#${id})`;
}

// ---- Detail -----------------------------------------------------------------------------------

function parseDetail(json: string | null): unknown {
  if (json === null) return null;
  try {
    return JSON.parse(json);
  } catch {
    return json;
  }
}

/** A deleted record's name, which its delete line keeps (category, challenge, event, reward, file). */
function fallbackName(detail: unknown, t: TFunction): string | null {
  if (!detail || typeof detail !== 'object') return null;
  const { name, title } = detail as { name?: unknown; title?: unknown };
  const kept = typeof name === 'string' ? name : typeof title === 'string' ? title : null;
  return kept === null ? null : quoted(kept, t);
}

/**
 * The names a line's detail holds (what the writers hand logStaffAction), as the column says them:
 * English shows the name as stored, which is what the column has always shown; French has words for
 * it. A name not listed (written by an older version) shows as stored.
 */
const DETAIL_NAMES: Record<string, string> = {
  amount: text('amount'),
  reason: text('reason'),
  name: text('name'),
  title: text('title'),
  type: text('type'),
  via: text('via'),
  files: text('files'),
  fields: text('fields'),
  challengeId: text('challengeId'),
  collation: text('collation'),
  score: text('score'),
  coin: text('coin'),
  isCtfCertificationReward: text('isCtfCertificationReward'),
  from: text('from'),
  to: text('to'),
  event: text('event'),
  comment: text('comment'),
};

const detailName = (name: string, t: TFunction) => (Object.hasOwn(DETAIL_NAMES, name) ? t(DETAIL_NAMES[name]!) : name);

// Values are shown as stored: names, reasons and field names as typed, counts (coins, points) as plain
// integers in both languages, as everywhere on the site (docs/rules.md "Languages").
function valueText(value: unknown, t: TFunction): string {
  if (Array.isArray(value)) return value.map((v) => valueText(v, t)).join(', ');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${detailName(k, t)} ${valueText(v, t)}`).join(', ');
  return String(value);
}

/**
 * `{amount: 50, reason: "Bonus"}` as "amount: 50; reason: Bonus" (French "montant : 50 ; motif :
 * Bonus"), cut at DETAIL_MAX characters: the names in the language asked for, the values as stored.
 */
export function describeDetail(detail: unknown, language: Language = DEFAULT_LANGUAGE): string | null {
  if (detail === null || detail === undefined) return null;
  const t = translator(language);
  const said = detail && typeof detail === 'object' && !Array.isArray(detail)
    ? Object.entries(detail).map(([k, v]) => t('{{name}}: {{value}}', { name: detailName(k, t), value: valueText(v, t) })).join(t('; '))
    : valueText(detail, t);
  return said.length > DETAIL_MAX ? `${said.slice(0, DETAIL_MAX - 1)}…` : said || null;
}
