// Notifications (SPEC §2 "Notifications", issue 10 §5): who sees which, the lists (which mark what
// they showed as read), and the notifications staff write. The platform's own notices are written
// by notify.server.ts inside the transaction of the change they announce.
import type { Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Invalid } from '~/lib/errors.server';
import type { Page } from '~/lib/pagination';
import { text } from '~/lib/i18n';
import { hasContent, markdownToSafeHtml } from '~/lib/rich-text.server';
import { sqlDate, statement, statementsBy, writeTransaction } from '~/lib/sql.server';
import { noSuchObject, REQUIRED } from '~/schemas/fields';
import type { NotificationInput } from '~/schemas/notification';
import { noticeRow, notifyPerson } from './notify.server';
import { isStaff, requireAuthenticated, requireStaff, type Actor } from './policy.server';
import { logStaffAction } from './staff-log.server';

/** General: written by the platform for the people concerned. Admin: written by staff. */
export type NotificationKind = 'general' | 'admin';
/** A list: one kind, or both (`/notifications`). */
export type NotificationList = NotificationKind | 'all';
export const NOTIFICATION_KINDS: readonly NotificationKind[] = ['general', 'admin'];

type Viewer = Pick<Actor, 'id' | 'isStaff' | 'isSuperuser'>;

/**
 * The one visibility rule: a person sees what is addressed to them, what is for everyone (no
 * recipient, no event), and what is for an event they are registered for or play in as a team
 * member. Staff also see every admin notification, whatever its event, since they write them.
 * Each way a notification reaches its viewer is written twice below, as a Prisma filter for the
 * lists and as SQL for the header's counts (read for every new viewer of every page, where Prisma
 * cost a millisecond more); notifications.test.ts holds the two equal.
 */
type Reach = 'addressed' | 'everyone' | 'their event' | 'staff';
const reaches = (viewer: Viewer): Reach[] => (isStaff(viewer) ? ['addressed', 'everyone', 'their event', 'staff'] : ['addressed', 'everyone', 'their event']);

const REACH_FILTER: Record<Reach, (viewer: Viewer) => Prisma.NotificationWhereInput> = {
  addressed: (viewer) => ({ recipientId: viewer.id }),
  everyone: () => ({ recipientId: null, eventId: null }),
  'their event': (viewer) => ({
    recipientId: null,
    event: { OR: [{ registrations: { some: { userId: viewer.id } } }, { memberships: { some: { userId: viewer.id } } }] },
  }),
  staff: () => ({ kind: 'admin' }),
};

/** The same, over the notification `n`, with the viewer's id as the parameter @viewer. */
const REACH_SQL: Record<Reach, string> = {
  addressed: 'n."recipientId" = @viewer',
  everyone: 'n."recipientId" IS NULL AND n."eventId" IS NULL',
  'their event':
    'n."recipientId" IS NULL AND n."eventId" IN (SELECT "eventId" FROM "EventRegistration" WHERE "userId" = @viewer UNION SELECT "eventId" FROM "TeamMember" WHERE "userId" = @viewer)',
  staff: `n."kind" = 'admin'`,
};

export function visibleNotifications(viewer: Viewer, list: NotificationList): Prisma.NotificationWhereInput {
  const mine = reaches(viewer).map((reach) => REACH_FILTER[reach](viewer));
  return list === 'all' ? { OR: mine } : { kind: list, OR: mine };
}

// Unread: no NotificationRead row of the viewer's for it.
const unreadCountsBy = statementsBy<{ kind: NotificationKind; count: number }, [{ viewer: number }]>(
  (reach) =>
    `SELECT n."kind" AS kind, COUNT(*) AS count FROM "Notification" n WHERE (${reach}) ` +
    'AND NOT EXISTS (SELECT 1 FROM "NotificationRead" r WHERE r."notificationId" = n."id" AND r."userId" = @viewer) GROUP BY n."kind"',
);

/** Unread notifications of each kind the viewer sees (the header badge is their sum). */
export async function unreadCounts(viewer: Viewer): Promise<{ general: number; admin: number }> {
  const rows = await unreadCountsBy(reaches(viewer).map((reach) => `(${REACH_SQL[reach]})`).join(' OR ')).all({ viewer: viewer.id });
  const count = (kind: NotificationKind) => rows.find((r) => r.kind === kind)?.count ?? 0;
  return { general: count('general'), admin: count('admin') };
}

const itemSelect = {
  id: true,
  title: true,
  description: true,
  kind: true,
  link: true,
  // For the pages, which write a platform notice in their reader's language (notify.server.ts noticeIn).
  message: true,
  createdAt: true,
  event: { select: { id: true, name: true } },
} satisfies Prisma.NotificationSelect;

export type NotificationItem = Prisma.NotificationGetPayload<{ select: typeof itemSelect }> & { kind: NotificationKind; isNew: boolean };

// Reads are recorded once per person and notification: a second opening (or two tabs at once)
// inserts nothing, and an ignored row fires no change trigger, so no cache moves for it.
// A notification deleted meanwhile (its event was) is skipped rather than failing the page.
const insertRead = statement<never, [number, number, string, number]>(
  'INSERT INTO "NotificationRead" ("notificationId", "userId", "readAt") SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM "Notification" WHERE "id" = ?) ON CONFLICT DO NOTHING',
);

/** Records that `viewer` has seen these notifications (ids they were shown). */
export async function markRead(viewer: Pick<Actor, 'id'>, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const at = sqlDate();
  await writeTransaction(function* () {
    for (const id of ids) yield* insertRead.write.run(id, viewer.id, at, id);
  });
}

/**
 * One page of a list, newest first, each item saying whether it was new to the viewer. With
 * `markRead` (the pages) what the page showed is then recorded as read; the API only reads.
 */
export async function listNotifications(
  actor: Actor | null,
  list: NotificationList,
  opts: { page: number; pageSize: number; markRead?: boolean },
): Promise<Page<NotificationItem>> {
  requireAuthenticated(actor);
  const where = visibleNotifications(actor, list);
  const [count, rows] = await Promise.all([
    db.notification.count({ where }),
    db.notification.findMany({
      where,
      select: { ...itemSelect, reads: { where: { userId: actor.id }, select: { userId: true } } },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (opts.page - 1) * opts.pageSize,
      take: opts.pageSize,
    }),
  ]);
  const results = rows.map(({ reads, ...row }) => ({ ...row, kind: row.kind as NotificationKind, isNew: reads.length === 0 }));
  if (opts.markRead) await markRead(actor, results.filter((n) => n.isNew).map((n) => n.id));
  return { count, page: opts.page, pageSize: opts.pageSize, results };
}

/**
 * Staff write an admin notification: for everyone, or with a receiving event for that event's
 * registered players and team members only. The description is Markdown (raw HTML allowed) and is
 * stored sanitized.
 */
export async function createAdminNotification(actor: Actor | null, input: NotificationInput): Promise<NotificationItem> {
  requireStaff(actor);
  const errors: Record<string, string[]> = {};
  const description = markdownToSafeHtml(input.description);
  if (!hasContent(description)) errors.description = [REQUIRED];
  const eventId = input.event ?? null;
  if (eventId !== null && !(await db.event.findUnique({ where: { id: eventId }, select: { id: true } }))) {
    errors.event = [noSuchObject(eventId)];
  }
  if (Object.keys(errors).length) throw new Invalid(errors);
  const created = await db.$transaction(async (tx) => {
    const row = await tx.notification.create({
      data: { kind: 'admin', title: input.title, description, eventId, authorId: actor.id },
      select: itemSelect,
    });
    await logStaffAction(tx, actor, 'notification.create', 'notification', [row.id], eventId ? { event: eventId } : undefined);
    return row;
  });
  return { ...created, kind: 'admin', isNew: true };
}

/** The events a notification may be sent to (the form's select), newest first. */
export async function eventChoices(actor: Actor | null): Promise<{ id: number; name: string }[]> {
  requireStaff(actor);
  return db.event.findMany({ select: { id: true, name: true }, orderBy: [{ startDate: 'desc' }, { id: 'desc' }], take: 500 });
}

// ---- Notices the platform writes (notify.server.ts writes them in the caller's transaction) ----

type NoticeTx = Pick<Prisma.TransactionClient, 'notification' | 'submission'>;

/** The challenge board a submission belongs to: practice's or its event's. */
const boardOf = (eventId: number | null) => (eventId === null ? '/practices/challenges' : `/competes/${eventId}/challenges`);

const REVIEWED = {
  validated: { title: text('Submission validated'), text: text('Your submission for the challenge "{{challenge}}" was validated.') },
  rejected: { title: text('Submission rejected'), text: text('Your submission for the challenge "{{challenge}}" was rejected.\nComment: {{comment}}') },
};

/**
 * Tells each learner that staff validated or rejected their submissions (rejections carry the
 * reviewer's comment). One statement for a whole bulk decision: the transaction stays short.
 */
export async function noticeReviewed(tx: NoticeTx, ids: number[], decision: { validated: true } | { validated: false; comment: string }): Promise<void> {
  if (!ids.length) return;
  const reviewed = await tx.submission.findMany({ where: { id: { in: ids } }, select: { learnerId: true, eventId: true, challenge: { select: { name: true } } } });
  const data = reviewed.map((s) =>
    noticeRow({
      recipientId: s.learnerId,
      ...(decision.validated
        ? { ...REVIEWED.validated, values: { challenge: s.challenge.name } }
        : { ...REVIEWED.rejected, values: { challenge: s.challenge.name, comment: decision.comment } }),
      link: boardOf(s.eventId),
    }),
  );
  await tx.notification.createMany({ data });
}

const TEAM_JOINED = { title: text('New team member'), text: text('{{user}} joined your team {{team}}.') };

/** Tells a team's other members that someone joined it. */
export async function noticeTeamJoined(
  tx: Pick<Prisma.TransactionClient, 'notification' | 'teamMember'>,
  team: { id: number; name: string; eventId: number },
  newcomer: Pick<Actor, 'id' | 'username'>,
): Promise<void> {
  const others = await tx.teamMember.findMany({ where: { teamId: team.id, userId: { not: newcomer.id } }, select: { userId: true } });
  for (const { userId } of others) {
    await notifyPerson(tx, {
      recipientId: userId,
      ...TEAM_JOINED,
      values: { user: newcomer.username, team: team.name },
      link: `/competes/${team.eventId}/teams/${team.id}`,
    });
  }
}
