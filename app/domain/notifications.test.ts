import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serveNotificationStream } from '~/api/notifications/stream.server';
import { heartbeat, openStreams } from '~/api/notifications/stream-hub.server';
import { db } from '~/lib/db.server';
import { Forbidden, Invalid, Unauthorized } from '~/lib/errors.server';
import { createSession, destroySession } from '~/lib/session.server';
import { changeVersion, TABLES } from '~/lib/changes.server';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeEventStarting, makeNotification, register } from '../../tests/support/notification-factories';
import { makeChallenge, makeEvent, makeSubmission, makeTeam } from '../../tests/support/review-factories';
import { createTestTeam, makeTeamEvent, TEAM_PASSWORD } from '../../tests/support/team-factories';
import { reminderKey, sweepEventReminders } from './event-reminders.server';
import { headerCounts, notificationCounts } from './header-counts.server';
import { createAdminNotification, listNotifications, markRead, unreadCounts, visibleNotifications } from './notifications.server';
import { invalidateSubmission, validateSubmission, validateSubmissions } from './submission-review.server';
import { joinTeam } from './teams.server';

const HOUR = 3600_000;
type Who = Awaited<ReturnType<typeof makeUser>>;

/** Titles of everything `who` sees in a list (all pages), without marking anything read. */
async function titlesSeen(who: Who, list: 'all' | 'general' | 'admin' = 'all'): Promise<string[]> {
  const page = await listNotifications(who, list, { page: 1, pageSize: 100 });
  return page.results.map((n) => n.title);
}

/** The counts as the lists' Prisma filter gives them: what the header's SQL must agree with. */
async function countedByFilter(who: Who) {
  const rows = await db.notification.groupBy({ by: ['kind'], where: { AND: [visibleNotifications(who, 'all'), { reads: { none: { userId: who.id } } }] }, _count: { _all: true } });
  const count = (kind: string) => rows.find((r) => r.kind === kind)?._count._all ?? 0;
  return { general: count('general'), admin: count('admin') };
}

describe('who sees which notification', () => {
  it('an event notification reaches only its registered players and its team members; staff see every admin one', async () => {
    const event = await makeEvent();
    const other = await makeEvent();
    const [registered, member, owner, outsider, elsewhere] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser(), makeUser()]);
    const staff = await makeStaff();
    await register(event, registered);
    await makeTeam(event, owner, [member]);
    await register(other, elsewhere);
    const notice = await createAdminNotification(staff, { title: 'Round two opens', description: 'Be **ready**.', event: event.id });

    for (const who of [registered, member, owner, staff]) expect(await titlesSeen(who), who.username).toContain('Round two opens');
    for (const who of [outsider, elsewhere]) expect(await titlesSeen(who), who.username).not.toContain('Round two opens');
    expect((await unreadCounts(member)).admin).toBeGreaterThanOrEqual(1);
    const before = await unreadCounts(outsider);
    await makeNotification({ kind: 'admin', eventId: other.id });
    expect(await unreadCounts(outsider)).toEqual(before);
    expect(notice).toMatchObject({ kind: 'admin', isNew: true, event: { id: event.id } });
  });

  it('a notice addressed to one person reaches only them, in the general list', async () => {
    const [alice, bob] = await Promise.all([makeUser(), makeUser()]);
    const staff = await makeStaff();
    await makeNotification({ kind: 'general', title: 'For Alice only', recipientId: alice.id });
    expect(await titlesSeen(alice, 'general')).toContain('For Alice only');
    expect(await titlesSeen(alice, 'admin')).not.toContain('For Alice only');
    expect(await titlesSeen(bob)).not.toContain('For Alice only');
    expect(await titlesSeen(staff)).not.toContain('For Alice only');
  });

  it('a notification with neither recipient nor event reaches everyone', async () => {
    const [alice, bob] = await Promise.all([makeUser(), makeUser()]);
    const staff = await makeStaff();
    await createAdminNotification(staff, { title: 'Maintenance tonight', description: 'The site pauses at 22:00.' });
    for (const who of [alice, bob, staff]) expect(await titlesSeen(who, 'admin')).toContain('Maintenance tonight');
  });
});

describe('lists and counts', () => {
  it('lists newest first, 10 a page; opening a page marks what it showed as read, the API reading marks nothing', async () => {
    const event = await makeEvent();
    const reader = await makeUser();
    await register(event, reader);
    const start = Date.now() - 100 * HOUR;
    for (let i = 0; i < 12; i++) await makeNotification({ kind: 'admin', eventId: event.id, title: `n${i}`, createdAt: new Date(start + i * HOUR) });
    const counted = await unreadCounts(reader);

    const peek = await listNotifications(reader, 'admin', { page: 1, pageSize: 10 });
    expect(await unreadCounts(reader)).toEqual(counted);
    const ours = peek.results.filter((n) => /^n\d+$/.test(n.title));
    expect(ours.map((n) => n.title)).toEqual(['n11', 'n10', 'n9', 'n8', 'n7', 'n6', 'n5', 'n4', 'n3', 'n2'].slice(0, ours.length));
    expect(ours.every((n) => n.isNew)).toBe(true);

    const opened = await listNotifications(reader, 'admin', { page: 1, pageSize: 10, markRead: true });
    expect(opened.results).toHaveLength(10);
    expect(opened.results.every((n) => n.isNew)).toBe(true); // shown as new this once
    const after = await unreadCounts(reader);
    expect(after.admin).toBe(counted.admin - 10);
    expect(after.general).toBe(counted.general);
    const again = await listNotifications(reader, 'admin', { page: 1, pageSize: 10, markRead: true });
    expect(again.results.every((n) => !n.isNew)).toBe(true);
    const second = await listNotifications(reader, 'admin', { page: 2, pageSize: 10, markRead: true });
    expect(second.results.some((n) => n.isNew)).toBe(true);
    expect((await unreadCounts(reader)).admin).toBe(0);
  });

  it('counts unread per kind; the kept header counts follow a read at once', async () => {
    const reader = await makeUser();
    await makeNotification({ kind: 'general', recipientId: reader.id });
    await makeNotification({ kind: 'general', recipientId: reader.id });
    const counts = await notificationCounts(reader);
    expect(counts.general).toBe(2);
    expect(counts).toEqual(await unreadCounts(reader));
    await listNotifications(reader, 'general', { page: 1, pageSize: 10, markRead: true });
    expect((await notificationCounts(reader)).general).toBe(0);
    expect((await headerCounts(reader)).general).toBe(0);
  });

  it('a read moves no table but NotificationRead (the page cache of others stays), and a second read writes nothing', async () => {
    const reader = await makeUser();
    const notice = await makeNotification({ kind: 'general', recipientId: reader.id });
    const others = TABLES.filter((t) => t !== 'NotificationRead');
    const before = { others: changeVersion(others), reads: changeVersion(['NotificationRead']) };
    await markRead(reader, [notice.id]);
    expect(changeVersion(others)).toBe(before.others);
    expect(changeVersion(['NotificationRead'])).toBe(before.reads + 1);
    await markRead(reader, [notice.id]);
    expect(changeVersion(['NotificationRead'])).toBe(before.reads + 1);
    expect(await db.notificationRead.count({ where: { userId: reader.id } })).toBe(1);
  });

  it('anonymous callers are refused', async () => {
    await expect(listNotifications(null, 'all', { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(Unauthorized);
  });
});

describe('staff write admin notifications', () => {
  it('stores the description sanitized; refuses an empty one, an unknown event and learners', async () => {
    const staff = await makeStaff();
    const created = await createAdminNotification(staff, { title: 'Hello', description: '**Hi** <script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect(created.description).toContain('<strong>Hi</strong>');
    expect(created.description).not.toMatch(/script|onerror/);
    const log = await db.staffAction.findMany({ where: { actorId: staff.id, action: 'notification.create' } });
    expect(log).toHaveLength(1);

    const empty = await createAdminNotification(staff, { title: 'x', description: '<script>alert(1)</script>' }).catch((e) => e);
    expect(empty).toBeInstanceOf(Invalid);
    expect(empty.fields).toEqual({ description: ['This field is required.'] });
    const unknown = await createAdminNotification(staff, { title: 'x', description: 'y', event: 999_999 }).catch((e) => e);
    expect(unknown.fields).toEqual({ event: ['Invalid pk "999999" - object does not exist.'] });
    await expect(createAdminNotification(await makeUser(), { title: 'x', description: 'y' })).rejects.toBeInstanceOf(Forbidden);
    expect(await db.notification.count({ where: { title: 'x' } })).toBe(0);
  });
});

describe('notices the platform writes', () => {
  it('a validated submission tells its learner, with a link to the challenge board of its scope', async () => {
    const staff = await makeStaff();
    const [learner, other] = await Promise.all([makeUser(), makeUser()]);
    const challenge = await makeChallenge({ name: 'Buffer Basics' });
    const submission = await makeSubmission(challenge, learner);
    await validateSubmission(staff, submission.id);
    const notices = await db.notification.findMany({ where: { recipientId: learner.id } });
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'general', title: 'Submission validated', link: '/practices/challenges' });
    expect(notices[0].description).toContain('Buffer Basics');
    expect((await unreadCounts(learner)).general).toBe(1);
    expect(await titlesSeen(other)).not.toContain('Submission validated');
  });

  it('a rejection carries the comment (escaped); a bulk validation tells each learner; event submissions link to the event board', async () => {
    const staff = await makeStaff();
    const [a, b, c] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const challenge = await makeChallenge();
    const rejected = await makeSubmission(challenge, a);
    await invalidateSubmission(staff, rejected.id, { description: 'Missing <steps> & proof' });
    const [notice] = await db.notification.findMany({ where: { recipientId: a.id } });
    expect(notice.title).toBe('Submission rejected');
    expect(notice.description).toContain('Missing &lt;steps&gt; &amp; proof');

    const event = await makeEvent();
    const eventChallenge = await makeChallenge({ eventId: event.id });
    const ids = [(await makeSubmission(eventChallenge, b)).id, (await makeSubmission(eventChallenge, c)).id];
    await validateSubmissions(staff, ids);
    for (const who of [b, c]) {
      const notices = await db.notification.findMany({ where: { recipientId: who.id } });
      expect(notices.map((n) => [n.title, n.link])).toEqual([['Submission validated', `/competes/${event.id}/challenges`]]);
    }
  });

  it('a refused review writes no notice (same transaction)', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const submission = await makeSubmission(await makeChallenge(), learner, { isValidated: true });
    await expect(validateSubmission(staff, submission.id)).rejects.toThrow();
    await expect(invalidateSubmission(staff, (await makeSubmission(await makeChallenge(), learner)).id, { description: '' })).rejects.toThrow();
    expect(await db.notification.count({ where: { recipientId: learner.id } })).toBe(0);
  });

  it('someone joining a team tells the other members, not the newcomer', async () => {
    const event = await makeTeamEvent();
    const [owner, first, newcomer] = await Promise.all([makeUser(), makeUser(), makeUser()]);
    const team = await createTestTeam(owner, event);
    await joinTeam(first, { code_invitation: team.codeInvitation });
    await joinTeam(newcomer, { name: team.name, password: TEAM_PASSWORD });
    const titles = async (who: Who) => (await db.notification.findMany({ where: { recipientId: who.id }, orderBy: { id: 'asc' } })).map((n) => n.description);
    expect(await titles(owner)).toEqual([`<p>${first.username} joined your team ${team.name}.</p>`, `<p>${newcomer.username} joined your team ${team.name}.</p>`]);
    expect(await titles(first)).toEqual([`<p>${newcomer.username} joined your team ${team.name}.</p>`]);
    expect(await titles(newcomer)).toEqual([]);
  });

  it('the reminder sweep tells registered players and team members of an event starting within a day, once, however many sweeps run', async () => {
    const soon = await makeEventStarting(2 * HOUR);
    const later = await makeEventStarting(3 * 24 * HOUR);
    const started = await makeEventStarting(-HOUR);
    const [registered, member, owner, outsider] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser()]);
    await register(soon, registered);
    await makeTeam(soon, owner, [member]);
    await register(later, outsider);
    await register(started, outsider);

    // Two sweeps at once (two processes' timers, say): each reminder is still written once.
    const written = await Promise.all([sweepEventReminders(), sweepEventReminders()]);
    expect(Math.max(...written)).toBeGreaterThanOrEqual(3);
    for (const who of [registered, member, owner]) {
      const notices = await db.notification.findMany({ where: { recipientId: who.id } });
      expect(notices.map((n) => [n.onceKey, n.link])).toEqual([[reminderKey(soon.id, who.id), `/competes/${soon.id}/challenges`]]);
    }
    expect(await db.notification.count({ where: { recipientId: outsider.id } })).toBe(0);
    expect(await sweepEventReminders()).toBe(0);
    expect(await db.notification.count({ where: { onceKey: { startsWith: `event:${soon.id}:` } } })).toBe(3);
  });
});

describe('the live stream (GET /api/notifications/stream)', () => {
  // Served on Node's own request and response (server.ts hands it the path): a bare HTTP server here.
  let base = '';
  const server = createServer((req, res) => void serveNotificationStream(req, res));
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => ((base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`), resolve()))));
  afterAll(() => new Promise<void>((resolve) => (server.closeAllConnections(), server.close(() => resolve()))));

  async function open(token: string | null) {
    const abort = new AbortController();
    const res = await fetch(`${base}/api/notifications/stream`, { headers: token ? { Authorization: `Bearer ${token}` } : {}, signal: abort.signal });
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    const next = async (ms = 3_000) => {
      const chunk = await Promise.race([reader!.read(), new Promise<null>((r) => setTimeout(() => r(null), ms))]);
      if (chunk === null) throw new Error('no frame');
      return chunk.done ? null : decoder.decode(chunk.value);
    };
    return { res, next, abort: () => abort.abort() };
  }

  it('refuses anonymous callers, sends the counts at once and on a change, and lets go on disconnect', async () => {
    expect((await open(null)).res.status).toBe(401);
    const learner = await makeUser();
    const token = await createSession(learner.id, null);
    const before = openStreams();
    const stream = await open(token);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.res.headers.get('cache-control')).toMatch(/no-transform/);
    const first = await stream.next();
    expect(first).toMatch(/^retry: \d+\ndata: \{"general":\d+,"admin":\d+\}\n\n$/);
    expect(openStreams()).toBe(before + 1);
    const { general } = JSON.parse(first!.split('data: ')[1]);
    await makeNotification({ kind: 'general', recipientId: learner.id });
    expect(JSON.parse((await stream.next())!.split('data: ')[1])).toMatchObject({ general: general + 1 });
    stream.abort();
    for (let i = 0; i < 100 && openStreams() !== before; i++) await new Promise((r) => setTimeout(r, 10));
    expect(openStreams()).toBe(before);
  });

  it('the heartbeat keeps a live session\'s stream and ends one whose session ended', async () => {
    const learner = await makeUser();
    const token = await createSession(learner.id, null);
    const stream = await open(token);
    await stream.next();
    await heartbeat();
    expect(await stream.next()).toBe(': heartbeat\n\n');
    const before = openStreams();
    await destroySession(token);
    await heartbeat();
    expect(await stream.next()).toBeNull();
    expect(openStreams()).toBe(before - 1);
  });
});

// Last in the file: its notifications for everyone would change the exact counts of the tests above.
describe('one rule, two renderings', () => {
  it("counts with the lists' rule: the header's SQL and the lists' filter agree for every kind of viewer", async () => {
    const event = await makeEvent();
    const other = await makeEvent();
    const [registered, member, owner, outsider, addressed] = await Promise.all([makeUser(), makeUser(), makeUser(), makeUser(), makeUser()]);
    const staff = await makeStaff();
    await register(event, registered);
    await makeTeam(other, owner, [member]);
    await makeNotification({ kind: 'admin', eventId: event.id });
    await makeNotification({ kind: 'general', eventId: event.id });
    await makeNotification({ kind: 'admin', eventId: other.id });
    await makeNotification({ kind: 'general', recipientId: addressed.id });
    await makeNotification({ kind: 'general', recipientId: staff.id });
    await makeNotification({ kind: 'admin' });
    const read = await makeNotification({ kind: 'general' });
    await markRead(outsider, [read.id]);
    for (const who of [registered, member, owner, outsider, addressed, staff]) {
      const counts = await unreadCounts(who);
      expect(counts, who.username).toEqual(await countedByFilter(who));
    }
    // The viewers' counts differ (the two members alike), so agreeing is not agreeing on nothing.
    const distinct = new Set(await Promise.all([registered, member, owner, outsider, addressed, staff].map(async (who) => JSON.stringify(await unreadCounts(who)))));
    expect(distinct.size).toBe(5);
  });
});
