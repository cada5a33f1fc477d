// A scope's statistics (issue 21 §3): staff only; solves are the counted submissions (the one
// counting rule); players are learners who made an attempt or a submission in the scope, active on
// each UTC day they made one.
import { describe, expect, it } from 'vitest';
import type { Challenge, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Forbidden, Unauthorized } from '~/lib/errors.server';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeCategory, makeChallenge, makeSubmission, makeTeam } from '../../tests/support/review-factories';
import { activityWindow, bucketSolves, MAX_DAYS, PRACTICE_ACTIVITY_DAYS, scopeStatistics } from './scope-statistics.server';
import { PRACTICE, type Scope } from './scope.server';

const at = (iso: string) => new Date(iso);

async function solve(challenge: Challenge, learner: User, when: string, over: Parameters<typeof makeSubmission>[2] = {}) {
  const submission = await makeSubmission(challenge, learner, over);
  return db.submission.update({ where: { id: submission.id }, data: { createdAt: at(when) } });
}

const attempt = (challenge: Challenge, user: User, when: string) => db.flagAttempt.create({ data: { challengeId: challenge.id, userId: user.id, isCorrect: false, createdAt: at(when) } });

describe('scope statistics', () => {
  it('are for staff', async () => {
    await expect(scopeStatistics(null, PRACTICE)).rejects.toBeInstanceOf(Unauthorized);
    await expect(scopeStatistics(await makeUser(), PRACTICE)).rejects.toBeInstanceOf(Forbidden);
  });

  it('in a team event: validated solves only, the first solver\'s team, category shares of the players and active days', async () => {
    const event = await db.event.create({ data: { name: 'Stats cup', description: '<p>x</p>', type: 'online', startDate: at('2031-03-01T00:00:00Z'), endDate: at('2031-03-10T00:00:00Z') } });
    const scope: Scope = { kind: 'event', event };
    const [crypto, web] = [await makeCategory('Crypto stats'), await makeCategory('Web stats')];
    const x = await makeChallenge({ eventId: event.id, categoryId: crypto.id, name: 'A first' });
    const y = await makeChallenge({ eventId: event.id, categoryId: crypto.id, name: 'B second' });
    const z = await makeChallenge({ eventId: event.id, categoryId: web.id, name: 'C third' });
    const [p1, p2, p3, p4, staff] = [await makeUser(), await makeUser(), await makeUser(), await makeUser(), await makeStaff()];
    const t1 = await makeTeam(event, p1, [p2]);
    const t2 = await makeTeam(event, p3);
    // Counted: validated. Not counted: pending (reviewed event), rejected, a wrong flag.
    await solve(x, p3, '2031-03-02T09:00:00Z', { scope, teamId: t2.id, isValidated: true });
    await solve(x, p1, '2031-03-01T10:00:00Z', { scope, teamId: t1.id, isValidated: true });
    await solve(y, p2, '2031-03-02T11:00:00Z', { scope, teamId: t1.id, isValidated: null });
    await solve(z, p3, '2031-03-02T12:00:00Z', { scope, teamId: t2.id, isValidated: false });
    await attempt(z, p4, '2031-03-03T23:59:59Z');
    await attempt(z, p4, '2031-03-01T08:00:00Z');
    // Staff check flags: never players. Practice activity is another scope.
    await attempt(z, staff, '2031-03-02T10:00:00Z');
    await attempt(await makeChallenge(), p1, '2031-03-03T10:00:00Z');

    const stats = await scopeStatistics(staff, scope, at('2031-03-03T12:00:00Z'));
    expect(stats.players).toBe(4);
    expect(stats.solves).toBe(2);
    expect(stats.solvesOverTime).toEqual({
      unit: 'day',
      buckets: [
        { start: '2031-03-01', label: 'Mar 1, 2031', solves: 1, total: 1 },
        { start: '2031-03-02', label: 'Mar 2, 2031', solves: 1, total: 2 },
      ],
    });
    expect(stats.challenges.map((c) => [c.name, c.category, c.solves, c.firstSolver?.name ?? null, c.firstSolver?.by ?? null])).toEqual([
      ['A first', 'Crypto stats', 2, t1.name, p1.username],
      ['B second', 'Crypto stats', 0, null, null],
      ['C third', 'Web stats', 0, null, null],
    ]);
    expect(stats.challenges[0]!.firstSolver!.at).toEqual(at('2031-03-01T10:00:00Z'));
    // p1 and p3 solved in Crypto, of the 4 players (p4 only tried).
    expect(stats.categories.map((c) => [c.name, c.solvers, c.percent])).toEqual([
      ['Crypto stats', 2, 50],
      ['Web stats', 0, 0],
    ]);
    // From the event's start to today (the 3rd): p1 and p4 on the 1st, p2 and p3 on the 2nd, p4 on the 3rd.
    expect(stats.activity).toEqual({
      from: '2031-03-01',
      to: '2031-03-03',
      days: [
        { day: '2031-03-01', label: 'Mar 1, 2031', players: 2 },
        { day: '2031-03-02', label: 'Mar 2, 2031', players: 2 },
        { day: '2031-03-03', label: 'Mar 3, 2031', players: 1 },
      ],
    });
  });

  it('in practice: pending solves count too, players are those who played practice, activity covers the last 30 days', async () => {
    const staff = await makeStaff();
    // Other tests of this file played practice too (the database is the file's).
    const before = await scopeStatistics(staff, PRACTICE, at('2032-01-30T08:00:00Z'));
    const [a, b] = [await makeUser(), await makeUser()];
    const challenge = await makeChallenge({ name: 'Practice stats' });
    const other = await makeChallenge({ name: 'Practice other' });
    await solve(challenge, a, '2032-01-05T10:00:00Z', { isValidated: null });
    await solve(challenge, b, '2032-01-20T10:00:00Z', { isValidated: false });
    await attempt(other, b, '2031-12-01T10:00:00Z');

    const stats = await scopeStatistics(staff, PRACTICE, at('2032-01-30T08:00:00Z'));
    expect(stats.players).toBe(before.players + 2);
    expect(stats.solves).toBe(before.solves + 1);
    expect(stats.challenges.find((c) => c.name === 'Practice stats')).toMatchObject({ solves: 1, firstSolver: { name: a.username, by: null } });
    expect(stats.activity.days).toHaveLength(PRACTICE_ACTIVITY_DAYS);
    expect(stats.activity.from).toBe('2032-01-01');
    expect(stats.activity.days.filter((d) => d.players).map((d) => [d.day, d.players])).toEqual([['2032-01-05', 1], ['2032-01-20', 1]]);
  });

  it('draws solves over time in days, weeks or months, at most MAX_DAYS bars', () => {
    expect(bucketSolves([])).toEqual({ unit: 'day', buckets: [] });
    const month = bucketSolves([{ day: '2031-01-01', solves: 2 }, { day: '2031-01-31', solves: 1 }]);
    expect(month.unit).toBe('day');
    expect(month.buckets).toHaveLength(31);
    expect(month.buckets.at(-1)).toMatchObject({ start: '2031-01-31', solves: 1, total: 3 });
    // Half a year: weeks from the Monday before the first solve.
    const half = bucketSolves([{ day: '2031-01-01', solves: 1 }, { day: '2031-01-05', solves: 1 }, { day: '2031-06-30', solves: 4 }]);
    expect(half.unit).toBe('week');
    expect(half.buckets[0]).toEqual({ start: '2030-12-30', label: 'Week of Dec 30, 2030', solves: 2, total: 2 });
    expect(half.buckets.at(-1)).toMatchObject({ start: '2031-06-30', solves: 4, total: 6 });
    expect(half.buckets.length).toBeLessThanOrEqual(MAX_DAYS);
    const years = bucketSolves([{ day: '2031-01-15', solves: 1 }, { day: '2033-02-01', solves: 1 }]);
    expect(years.unit).toBe('month');
    expect(years.buckets[0]).toMatchObject({ start: '2031-01-01', label: 'January 2031' });
    expect(years.buckets).toHaveLength(26);
  });

  it("covers an event's days up to today or its end, the last MAX_DAYS of a long one, none before it starts", () => {
    const event = (start: string, end: string) => ({ kind: 'event', event: { startDate: at(start), endDate: at(end) } }) as Scope;
    expect(activityWindow(event('2031-03-01T10:00:00Z', '2031-03-05T10:00:00Z'), at('2031-04-01T00:00:00Z'))).toEqual({ from: '2031-03-01', to: '2031-03-05' });
    expect(activityWindow(event('2031-03-01T10:00:00Z', '2031-03-05T10:00:00Z'), at('2031-02-01T00:00:00Z'))).toBeNull();
    expect(activityWindow(event('2031-01-01T00:00:00Z', '2031-12-31T00:00:00Z'), at('2031-06-01T12:00:00Z'))).toEqual({ from: '2031-04-01', to: '2031-06-01' });
  });
});
