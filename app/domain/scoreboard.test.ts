// The scoreboard view ranks what the scope's play ranks: teams in a team event (their members
// listed, their counted solves the chart's line), players in practice and black-friday.
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeChallenge, makeEvent, makeSubmission, makeTeam } from '../../tests/support/review-factories';
import { db } from '~/lib/db.server';
import { EXPORT_PAGE } from '~/lib/pagination';
import { scoreboardOf } from './scoreboard.server';
import type { Scope } from './scope.server';

describe('scoreboardOf', () => {
  it('ranks the teams of a team event by their validated solves, members listed owner first', async () => {
    const event = await makeEvent({ type: 'online' });
    const scope: Scope = { kind: 'event', event };
    const [a1, a2, b1, c1] = [await makeUser(), await makeUser(), await makeUser(), await makeUser()];
    const teamA = await makeTeam(event, a1, [a2]);
    const teamB = await makeTeam(event, b1);
    const teamC = await makeTeam(event, c1);
    const easy = await makeChallenge({ eventId: event.id, initialValue: 100 });
    const hard = await makeChallenge({ eventId: event.id, initialValue: 300 });
    await makeSubmission(easy, a2, { scope, teamId: teamA.id, score: 100, isValidated: true });
    await makeSubmission(hard, a1, { scope, teamId: teamA.id, score: 300, isValidated: true });
    await makeSubmission(hard, b1, { scope, teamId: teamB.id, score: 300, isValidated: true });
    // Pending: does not count in an event until validated.
    await makeSubmission(easy, c1, { scope, teamId: teamC.id, score: 100, isValidated: null });

    const board = await scoreboardOf(a1, scope);
    expect(board.ranks).toBe('teams');
    expect(board.totalPoints).toBe(400);
    const page = await board.page(1, 10);
    expect(page.results.map((e) => [e.name, e.score, e.solved])).toEqual([
      [teamA.name, 400, 2],
      [teamB.name, 300, 1],
      [teamC.name, 0, 0],
    ]);
    expect(page.results[0]!.members!.map((m) => m.id)).toEqual([a1.id, a2.id]);
    expect(page.results[0]!.href).toBe(`/competes/${event.id}/teams/${teamA.id}`);
    expect(page.results[0]!.submissions.map((s) => s.score)).toEqual([100, 300]);
    // The chart follows teams with points only.
    expect((await board.top()).map((e) => e.id)).toEqual([teamA.id, teamB.id]);
  });

  it('ranks players, with their coins, in a black-friday event; staff are left out', async () => {
    const event = await makeEvent({ type: 'black-friday' });
    const scope: Scope = { kind: 'event', event };
    const [p1, p2, staff] = [await makeUser(), await makeUser(), await makeStaff()];
    const c = await makeChallenge({ eventId: event.id, initialValue: 50 });
    await makeSubmission(c, p1, { scope, score: 50, isValidated: true });
    await makeSubmission(c, staff, { scope, score: 50, isValidated: true });
    const board = await scoreboardOf(p2, scope);
    expect(board.ranks).toBe('players');
    const page = await board.page(1, 10);
    expect(page.results.map((e) => [e.id, e.score, e.members])).toEqual([[p1.id, 50, null]]);
    expect(page.results[0]!.coin).toBe(0);
    expect(page.results[0]!.href).toBe(`/competes/${event.id}/users/${p1.id}`);
  });

  // An export asks for every entry in one page: past what one Prisma query may bind (999 values).
  it('gives a page of more than a thousand players, and of as many teams, ranked', { timeout: 60_000 }, async () => {
    const n = 1_200;
    const tag = `big${Date.now()}`;
    await db.user.createMany({
      data: Array.from({ length: n }, (_, i) => ({ username: `${tag}_${i}`, usernameKey: `${tag}_${i}`, fullname: 'x', email: `${tag}_${i}@example.com`, passwordHash: 'x', isActive: true })),
    });
    const users = await db.user.findMany({ where: { username: { startsWith: `${tag}_` } }, orderBy: { id: 'asc' } });
    const solo = await makeEvent({ type: 'black-friday' });
    const team = await makeEvent({ type: 'online' });
    const [c1, c2] = [await makeChallenge({ eventId: solo.id }), await makeChallenge({ eventId: team.id })];
    await db.team.createMany({
      data: users.map((u) => ({ name: u.username, nameKey: u.username, eventId: team.id, ownerId: u.id, passwordHash: 'x', codeInvitation: `${u.username}-code` })),
    });
    const teams = await db.team.findMany({ where: { eventId: team.id }, orderBy: { id: 'asc' } });
    await db.teamMember.createMany({ data: teams.map((t) => ({ teamId: t.id, userId: t.ownerId, eventId: team.id })) });
    // Player i scores i + 1 points: the last one leads.
    await db.submission.createMany({
      data: users.flatMap((u, i) => [
        { challengeId: c1.id, learnerId: u.id, eventId: solo.id, score: i + 1, isCorrect: true, isValidated: true, solveKey: `u:${u.id}:${c1.id}` },
        { challengeId: c2.id, learnerId: u.id, teamId: teams[i].id, eventId: team.id, score: i + 1, isCorrect: true, isValidated: true, solveKey: `t:${teams[i].id}:${c2.id}` },
      ]),
    });
    const viewer = await makeUser();
    const players = await (await scoreboardOf(viewer, { kind: 'event', event: solo })).page(EXPORT_PAGE.page, EXPORT_PAGE.pageSize);
    expect(players.count).toBe(n);
    expect(players.results).toHaveLength(n);
    expect(players.results[0]).toMatchObject({ rank: 1, name: users[n - 1].username, score: n });
    expect(players.results[n - 1]).toMatchObject({ rank: n, name: users[0].username, score: 1, submissions: [{ score: 1 }] });
    const ranked = await (await scoreboardOf(viewer, { kind: 'event', event: team })).page(EXPORT_PAGE.page, EXPORT_PAGE.pageSize);
    expect(ranked.results).toHaveLength(n);
    expect(ranked.results[0]).toMatchObject({ rank: 1, name: teams[n - 1].name, score: n, submissions: [{ score: n }] });
    expect(ranked.results[n - 1]).toMatchObject({ name: teams[0].name, submissions: [{ score: 1 }] });
  });

  it('refuses an anonymous viewer', async () => {
    const event = await makeEvent({ type: 'online' });
    await expect(scoreboardOf(null, { kind: 'event', event })).rejects.toMatchObject({ status: 401 });
  });
});
