// "Which submissions count" is defined once (scope.server.ts countingRule). Every reader derives
// from it: on one dataset with pending, validated and rejected solves, in practice and in a team
// event, they must all agree.
import { describe, expect, it } from 'vitest';
import type { Challenge, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { makeStaff, makeUser, unique } from '../../tests/support/factories';
import { writeup } from '../../tests/support/play-factories';
import { makeCategory, makeEvent, makeSubmission, makeTeam } from '../../tests/support/review-factories';
import { categoriesWithProgress, listCategories } from './categories.server';
import { isAwaitingReview, isSolved, listBoard, topSolvers } from './challenge-board.server';
import { scopeStatistics } from './scope-statistics.server';
import { countingSubmissions, PRACTICE, type Scope } from './scope.server';
import { challengeValue } from './scoring.server';
import { computeStandings, pointsOf, solvesOf } from './standings.server';
import { submitFlag } from './submit-flag.server';

async function dynamicChallenge(eventId: number | null, categoryId: number): Promise<Challenge> {
  return db.challenge.create({
    data: {
      name: unique('dyn'),
      categoryId,
      eventId,
      type: 'dynamic',
      description: '<p>x</p>',
      initialValue: 500,
      minimalValue: 100,
      decayValue: 2,
      flag: { create: { value: 'CTF{x}', collation: 'plain_text' } },
    },
  });
}

describe('one counting rule', () => {
  it('standings, points, solves, the board, category progress, solvers, statistics, values and badges agree', async () => {
    const event = await makeEvent({ type: 'online' });
    const scopes: { scope: Scope; counted: string[] }[] = [
      // Practice counts pending and validated solves; an event only validated ones; never rejected.
      { scope: PRACTICE, counted: ['pending', 'validated'] },
      { scope: { kind: 'event', event }, counted: ['validated'] },
    ];
    const players: Record<string, User> = { pending: await makeUser(), validated: await makeUser(), rejected: await makeUser() };
    const viewer = await makeUser();
    const staff = await makeStaff();
    const teams: Record<string, number> = {};
    for (const [state, user] of Object.entries(players)) teams[state] = (await makeTeam(event, user)).id;
    await makeTeam(event, viewer);

    for (const { scope, counted } of scopes) {
      const category = await makeCategory();
      const challenge = await dynamicChallenge(scope.kind === 'event' ? event.id : null, category.id);
      for (const [state, user] of Object.entries(players)) {
        await makeSubmission(challenge, user, {
          scope,
          teamId: scope.kind === 'event' ? teams[state] : null,
          isValidated: state === 'pending' ? null : state === 'validated',
        });
      }
      const expected = (state: string) => counted.includes(state);
      const ids = Object.values(players).map((u) => u.id);

      // The Prisma form of the rule, as the reference.
      const reference = await db.submission.findMany({ where: { ...countingSubmissions(scope), challengeId: challenge.id }, select: { learnerId: true } });
      expect(reference.map((r) => r.learnerId).sort()).toEqual(Object.entries(players).filter(([s]) => expected(s)).map(([, u]) => u.id).sort());

      const standings = await computeStandings(scope);
      const cold = await pointsOf(scope, ids); // no copy kept: read through Prisma's groupBy
      for (const [state, user] of Object.entries(players)) {
        const points = expected(state) ? challenge.initialValue : 0;
        expect(standings.pointsOf(user.id), `${scope.kind} standings, ${state}`).toBe(points);
        expect(cold.get(user.id), `${scope.kind} points, ${state}`).toBe(points);
        expect((await solvesOf(scope, user.id)).filter((s) => s.challenge.id === challenge.id).length, `${scope.kind} solves, ${state}`).toBe(expected(state) ? 1 : 0);
        // Category progress, from the board's statements and from the categories list's Prisma query.
        const carousel = (await categoriesWithProgress(user, scope)).find((c) => c.id === category.id);
        expect(carousel?.submissionsPercentage, `${scope.kind} carousel, ${state}`).toBe(expected(state) ? 100 : 0);
        const listed = (await listCategories(user, { page: 1, pageSize: 100, ...(scope.kind === 'event' ? { eventId: event.id } : {}) })).results.find((c) => c.id === category.id);
        expect(listed?.submissionsPercentage, `${scope.kind} categories list, ${state}`).toBe(expected(state) ? 100 : 0);
        // The Solved badge of the player's own card.
        const own = (await listBoard(user, scope, { page: 1, pageSize: 1000 })).results.find((c) => c.id === challenge.id)!;
        expect(isSolved(scope, own.last), `${scope.kind} badge, ${state}`).toBe(expected(state));
      }

      // Solve counts and the dynamic value the next solver would get.
      const card = (await listBoard(viewer, scope, { page: 1, pageSize: 1000 })).results.find((c) => c.id === challenge.id)!;
      expect(card.solveCount).toBe(counted.length);
      expect(card.newValue).toBe(challengeValue(challenge, counted.length));
      const solvers = await topSolvers(staff, scope, challenge.id);
      expect(solvers.map((s) => s.learnerId).sort()).toEqual(counted.map((state) => players[state].id).sort());
      // The staff statistics' solves per challenge.
      expect((await scopeStatistics(staff, scope)).challenges.find((c) => c.id === challenge.id)?.solves).toBe(counted.length);
      // A real solve now scores what the board announced.
      const solve = await submitFlag(viewer, challenge.id, { value: 'CTF{x}', writeup: writeup() }, scope);
      expect(solve.score).toBe(card.newValue);
    }
  });
});

describe('waiting for review', () => {
  it('is a correct solve still pending where pending solves do not count: in a team event, never in practice or Black Friday', async () => {
    const [online, friday] = [await makeEvent({ type: 'online' }), await makeEvent({ type: 'black-friday' })];
    const last = (isValidated: boolean | null, isCorrect = true) => ({ isCorrect, isValidated, comment: null, score: 100 });
    const event: Scope = { kind: 'event', event: online };
    expect(isAwaitingReview(event, last(null))).toBe(true);
    expect([last(true), last(false), last(null, false), null].map((l) => isAwaitingReview(event, l))).toEqual([false, false, false, false]);
    expect(isAwaitingReview(PRACTICE, last(null))).toBe(false);
    expect(isAwaitingReview({ kind: 'event', event: friday }, last(null))).toBe(false);
  });
});
