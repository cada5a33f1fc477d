// The staff action log as the superuser reads it (issue 21 §3): every line staff-log.server.ts wrote,
// newest first, filtered by person, kind of action and UTC days, each line told in words: who, what
// (staff-actions.ts), on what, when.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
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
  /** "Challenge “Caesar salad” (#4)": the kind of record, its name when it can be found, its id. */
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

/** One page of the log (superuser only), newest first. */
export async function listStaffActions(actor: Actor | null, filter: StaffLogFilter, opts: { page: number; pageSize: number }): Promise<Page<StaffLogLine>> {
  requireSuperuser(actor);
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
  const names = await targetNames(rows);
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
        target: describeTarget(row.targetType, row.targetId, names.get(`${row.targetType}:${row.targetId}`) ?? fallbackName(detail)),
        detail: describeDetail(detail),
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

type Names = (ids: number[]) => Promise<[number, string][]>;
const quoted = (text: string) => `“${text}”`;

const NAMES: Record<StaffTargetType, Names> = {
  user: async (ids) => (await db.user.findMany({ where: { id: { in: ids } }, select: { id: true, username: true } })).map((u) => [u.id, u.username]),
  category: async (ids) => (await db.category.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, quoted(c.name)]),
  challenge: async (ids) => (await db.challenge.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((c) => [c.id, quoted(c.name)]),
  flag: async (ids) =>
    (await db.flag.findMany({ where: { id: { in: ids } }, select: { id: true, challenge: { select: { name: true } } } })).map((f) => [f.id, `of ${quoted(f.challenge.name)}`]),
  hint: async (ids) =>
    (await db.hint.findMany({ where: { id: { in: ids } }, select: { id: true, challenge: { select: { name: true } } } })).map((h) => [h.id, `of ${quoted(h.challenge.name)}`]),
  challenge_file: async (ids) =>
    (await db.challengeFile.findMany({ where: { id: { in: ids } }, select: { id: true, name: true, challenge: { select: { name: true } } } })).map((f) => [
      f.id,
      `${quoted(f.name)} of ${quoted(f.challenge.name)}`,
    ]),
  submission: async (ids) =>
    (await db.submission.findMany({ where: { id: { in: ids } }, select: { id: true, learner: { select: { username: true } }, challenge: { select: { name: true } } } })).map((s) => [
      s.id,
      `of ${s.learner.username} for ${quoted(s.challenge.name)}`,
    ]),
  event: async (ids) => (await db.event.findMany({ where: { id: { in: ids } }, select: { id: true, name: true } })).map((e) => [e.id, quoted(e.name)]),
  reward: async (ids) => (await db.reward.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((r) => [r.id, quoted(r.title)]),
  'reward-request': async (ids) =>
    (await db.rewardRequest.findMany({ where: { id: { in: ids } }, select: { id: true, reward: { select: { title: true } }, player: { select: { username: true } } } })).map((r) => [
      r.id,
      `${quoted(r.reward.title)} of ${r.player.username}`,
    ]),
  notification: async (ids) => (await db.notification.findMany({ where: { id: { in: ids } }, select: { id: true, title: true } })).map((n) => [n.id, quoted(n.title)]),
};

const isTargetType = (type: string): type is StaffTargetType => Object.hasOwn(STAFF_TARGET_NOUNS, type);

/** The names of the records the lines point at, keyed `type:id`; records gone since are left out. */
async function targetNames(rows: { targetType: string; targetId: string }[]): Promise<Map<string, string>> {
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
      for (const [id, name] of await NAMES[type]([...set])) found.set(`${type}:${id}`, name);
    }),
  );
  return found;
}

export function describeTarget(type: string, id: string, name: string | null): string {
  const noun = isTargetType(type) ? STAFF_TARGET_NOUNS[type] : type;
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
function fallbackName(detail: unknown): string | null {
  if (!detail || typeof detail !== 'object') return null;
  const { name, title } = detail as { name?: unknown; title?: unknown };
  const text = typeof name === 'string' ? name : typeof title === 'string' ? title : null;
  return text === null ? null : quoted(text);
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(', ');
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => `${k} ${valueText(v)}`).join(', ');
  return String(value);
}

/** `{amount: 50, reason: "Bonus"}` as "amount: 50; reason: Bonus", cut at DETAIL_MAX characters. */
export function describeDetail(detail: unknown): string | null {
  if (detail === null || detail === undefined) return null;
  const text = detail && typeof detail === 'object' && !Array.isArray(detail)
    ? Object.entries(detail).map(([k, v]) => `${k}: ${valueText(v)}`).join('; ')
    : valueText(detail);
  return text.length > DETAIL_MAX ? `${text.slice(0, DETAIL_MAX - 1)}…` : text || null;
}
