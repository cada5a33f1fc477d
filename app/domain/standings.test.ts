import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { NotFound, Unauthorized } from '~/lib/errors.server';
import { makeStaff, makeSuperuser, makeUser } from '../../tests/support/factories';
import { makeChallenge, makeEvent, makeSolve } from '../../tests/support/standings-factories';
import { practicePoints, practiceSolves } from './learners.server';
import { countingSubmissions, PRACTICE, type Scope } from './scope.server';
import { computeStandings, pointsOf, scoreboard, timeColdStandings } from './standings.server';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** The ranked ids among `ids`, in ranking order (other tests' players share the database). */
async function order(ids: number[], scope: Scope = PRACTICE) {
  const standings = await computeStandings(scope);
  return standings.ranked.filter((p) => ids.includes(p.id)).map((p) => p.id);
}

describe('standings', () => {
  it('ranks by score, ties going to whoever reached the score first, then to the smaller id', async () => {
    const [a, b, c, d] = [await makeUser(), await makeUser(), await makeUser(), await makeUser()];
    const [x, y, z] = [await makeChallenge(), await makeChallenge(), await makeChallenge()];
    // a: 300 reached 10 minutes ago; b: 300 reached 20 minutes ago; c: 300 also 20 minutes ago, larger id; d: 400.
    await makeSolve(a.id, x, { score: 100, at: minutesAgo(60) });
    const aReached = minutesAgo(10);
    await makeSolve(a.id, y, { score: 200, at: aReached });
    const tie = minutesAgo(20);
    await makeSolve(b.id, x, { score: 300, at: tie });
    await makeSolve(c.id, z, { score: 300, at: tie });
    await makeSolve(d.id, x, { score: 150, at: minutesAgo(5) });
    await makeSolve(d.id, y, { score: 250, at: minutesAgo(4) });

    expect(await order([a.id, b.id, c.id, d.id])).toEqual([d.id, b.id, c.id, a.id]);
    const standings = await computeStandings(PRACTICE);
    const row = standings.ranked.find((p) => p.id === a.id)!;
    expect(row).toMatchObject({ score: 300, solved: 2 });
    expect(row.reachedAt.getTime()).toBe(aReached.getTime());
  });

  it('counts pending and validated solves, never rejected ones, nor other scopes', async () => {
    const learner = await makeUser();
    const [x, y, z] = [await makeChallenge(), await makeChallenge(), await makeChallenge()];
    await makeSolve(learner.id, x, { score: 100, state: 'pending' });
    await makeSolve(learner.id, y, { score: 50, state: 'validated' });
    await makeSolve(learner.id, z, { score: 1000, state: 'rejected' });
    const event = await makeEvent();
    await makeSolve(learner.id, await makeChallenge({ eventId: event.id }), { score: 700 });

    expect((await pointsOf(PRACTICE, [learner.id])).get(learner.id)).toBe(150);
    const practice = await computeStandings(PRACTICE);
    expect(practice.ranked.find((p) => p.id === learner.id)).toMatchObject({ score: 150, solved: 2 });
    const rank = practice.ranked.findIndex((p) => p.id === learner.id);
    const [row] = await practice.rows(rank, rank + 1);
    expect(row.submissions.map((s) => s.score)).toEqual([100, 50]);
    const inEvent = await computeStandings({ kind: 'event', event });
    expect(inEvent.ranked.map((p) => [p.id, p.score])).toEqual([[learner.id, 700]]);
    expect(inEvent.totalPoints).toBe(700);
  });

  it('leaves out staff, superusers and players without points', async () => {
    const learner = await makeUser();
    const staff = await makeStaff();
    const superuser = await makeSuperuser();
    const zero = await makeUser();
    const x = await makeChallenge();
    for (const u of [learner, staff, superuser]) await makeSolve(u.id, x, { score: 80 });
    await makeSolve(zero.id, await makeChallenge(), { score: 0 });

    expect(await order([learner.id, staff.id, superuser.id, zero.id])).toEqual([learner.id]);
  });

  it('pages the rows with their rank, names and submissions for the chart', async () => {
    const players = [];
    for (let i = 0; i < 3; i++) players.push(await makeUser({ country: i === 0 ? 'FR' : 'BJ' }));
    const [x, y] = [await makeChallenge(), await makeChallenge()];
    // Far above the other tests' players, so these three are the top three.
    await makeSolve(players[0].id, x, { score: 90_000, at: minutesAgo(30) });
    await makeSolve(players[0].id, y, { score: 9_000, at: minutesAgo(3) });
    await makeSolve(players[1].id, x, { score: 80_000, at: minutesAgo(2) });
    await makeSolve(players[2].id, x, { score: 70_000, at: minutesAgo(1) });

    const standings = await scoreboard(players[0], PRACTICE);
    expect(standings.totalPoints).toBe(99_000);
    const top = await standings.top(3);
    expect(top.map((r) => [r.rank, r.id, r.username, r.country, r.score])).toEqual([
      [1, players[0].id, players[0].username, 'FR', 99_000],
      [2, players[1].id, players[1].username, 'BJ', 80_000],
      [3, players[2].id, players[2].username, 'BJ', 70_000],
    ]);
    expect(top[0].submissions.map((s) => s.score)).toEqual([90_000, 9_000]);
    expect(top[0].submissions[0].date.getTime()).toBeLessThan(top[0].submissions[1].date.getTime());

    const page = await standings.page(1, 2);
    expect(page).toMatchObject({ count: standings.count, page: 1, pageSize: 2 });
    expect(page.results.map((r) => r.rank)).toEqual([1, 2]);
    const second = await standings.page(2, 2);
    expect(second.results[0]).toMatchObject({ rank: 3, id: players[2].id });
    expect((await standings.page(999, 10)).results).toEqual([]);
  });

  it('keeps its copy in memory until a table it was computed from changes (not on a login or an attempt)', async () => {
    const learner = await makeUser();
    const [x, y] = [await makeChallenge(), await makeChallenge()];
    await makeSolve(learner.id, x, { score: 40 });

    const first = await scoreboard(learner, PRACTICE);
    expect(first.pointsOf(learner.id)).toBe(40);
    expect(await scoreboard(learner, PRACTICE)).toBe(first);

    // A login stamps lastLoginAt, a flag attempt goes to its own log: neither changes the standings.
    await db.user.update({ where: { id: learner.id }, data: { lastLoginAt: new Date() } });
    await db.flagAttempt.create({ data: { challengeId: x.id, userId: learner.id, isCorrect: false } });
    expect(await scoreboard(learner, PRACTICE)).toBe(first);

    // A solve, written by anyone, shows on the next read.
    await makeSolve(learner.id, y, { score: 60 });
    const second = await scoreboard(learner, PRACTICE);
    expect(second).not.toBe(first);
    expect(second.pointsOf(learner.id)).toBe(100);
    expect((await practicePoints([learner.id])).get(learner.id)).toBe(100);

    // So does a new country (the scoreboard shows it).
    await db.user.update({ where: { id: learner.id }, data: { country: 'GH' } });
    const third = await scoreboard(learner, PRACTICE);
    expect(third).not.toBe(second);
    const rank = third.ranked.findIndex((p) => p.id === learner.id);
    expect((await third.rows(rank, rank + 1))[0].country).toBe('GH');
  });

  it('shares one computation between parallel cold reads, and a write during one shows on the next read', async () => {
    const learner = await makeUser();
    await makeSolve(learner.id, await makeChallenge(), { score: 10 });
    const [a, b] = await Promise.all([scoreboard(learner, PRACTICE), scoreboard(learner, PRACTICE)]);
    expect(a).toBe(b);

    await makeSolve(learner.id, await makeChallenge(), { score: 5 });
    const pending = scoreboard(learner, PRACTICE);
    await makeSolve(learner.id, await makeChallenge(), { score: 1 }); // committed while the computation ran
    await pending;
    const next = await scoreboard(learner, PRACTICE);
    expect(next).not.toBe(await pending);
    expect(next.pointsOf(learner.id)).toBe(16);
  });

  it('memoizes derived views on the copy', async () => {
    const learner = await makeUser();
    const standings = await scoreboard(learner, PRACTICE);
    let built = 0;
    const make = () => ++built;
    expect(standings.memo('x', make)).toBe(1);
    expect(standings.memo('x', make)).toBe(1);
    expect(built).toBe(1);
  });

  it('answers only signed-in viewers and lists a player\'s counted solves', async () => {
    await expect(scoreboard(null, PRACTICE)).rejects.toBeInstanceOf(Unauthorized);
    const learner = await makeUser();
    const superuser = await makeSuperuser();
    const [x, y] = [await makeChallenge({ initialValue: 300 }), await makeChallenge()];
    await makeSolve(learner.id, x, { score: 250, at: minutesAgo(2) });
    await makeSolve(learner.id, y, { score: 90, state: 'rejected' });
    const solves = await practiceSolves(learner, learner.id);
    expect(solves.map((s) => [s.challenge.id, s.challenge.initialValue, s.score, s.challenge.category.name])).toEqual([[x.id, 300, 250, x.category.name]]);
    await expect(practiceSolves(learner, superuser.id)).rejects.toBeInstanceOf(NotFound);
  });

  it('agrees with the Prisma form of the rule (countingSubmissions), player by player, and times a cold computation', async () => {
    const event = await makeEvent();
    const learner = await makeUser();
    await makeSolve(learner.id, await makeChallenge({ eventId: event.id }), { score: 5 });
    for (const scope of [PRACTICE, { kind: 'event', event } as Scope]) {
      const standings = await computeStandings(scope);
      const groups = await db.submission.groupBy({
        by: ['learnerId'],
        where: { ...countingSubmissions(scope), learner: { isStaff: false, isSuperuser: false } },
        _sum: { score: true },
        having: { score: { _sum: { gt: 0 } } },
      });
      expect(new Map(standings.ranked.map((p) => [p.id, p.score]))).toEqual(new Map(groups.map((g) => [g.learnerId, g._sum.score])));
    }
    const timed = await timeColdStandings(PRACTICE);
    expect(timed.ms).toBeGreaterThan(0);
    expect(timed.players).toBe((await computeStandings(PRACTICE)).count);
  });

  it('gives points of players from the database when no copy is in memory', async () => {
    const learner = await makeUser();
    const staff = await makeStaff();
    await makeSolve(learner.id, await makeChallenge(), { score: 30 }); // drops any copy
    expect(await pointsOf(PRACTICE, [learner.id, staff.id])).toEqual(new Map([[learner.id, 30], [staff.id, 0]]));
  });
});
