// The board keeps what is alike for every viewer (challenge-board.server.ts "snapshot"): these
// check that every change shows on the next read, and that the kept copy never leaks across roles.
import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makePracticeChallenge, writeup } from '../../tests/support/play-factories';
import { db } from '~/lib/db.server';
import { categoriesWithProgress } from './categories.server';
import { listBoard } from './challenge-board.server';
import { PRACTICE } from './scope.server';
import { submitFlag, verifyFlag } from './submit-flag.server';

const everything = { page: 1, pageSize: 1000 };
const card = async (actor: Awaited<ReturnType<typeof makeUser>>, id: number) => (await listBoard(actor, PRACTICE, everything)).results.find((c) => c.id === id);

describe('the kept board', () => {
  it('shows a new, renamed or deactivated challenge on the next read', async () => {
    const learner = await makeUser();
    const staff = await makeStaff();
    await listBoard(learner, PRACTICE, everything); // keep a copy
    const challenge = await makePracticeChallenge();
    expect((await card(learner, challenge.id))?.name).toBe(challenge.name);

    await db.challenge.update({ where: { id: challenge.id }, data: { name: `${challenge.name} v2` } });
    expect((await card(learner, challenge.id))?.name).toBe(`${challenge.name} v2`);

    await db.challenge.update({ where: { id: challenge.id }, data: { isActive: false } });
    expect(await card(learner, challenge.id)).toBeUndefined();
    expect((await card(staff, challenge.id))?.isActive).toBe(false);
    expect((await categoriesWithProgress(learner, PRACTICE)).map((c) => c.id)).not.toContain(challenge.categoryId);
    expect((await categoriesWithProgress(staff, PRACTICE)).map((c) => c.id)).toContain(challenge.categoryId);
  });

  it('counts a solve at once: the solver sees it solved, everyone sees the new count and value', async () => {
    const challenge = await makePracticeChallenge({ type: 'dynamic', initialValue: 500, minimalValue: 100, decayValue: 2 });
    const solver = await makeUser();
    const other = await makeUser();
    expect(await card(other, challenge.id)).toMatchObject({ solveCount: 0, newValue: 500 });

    await verifyFlag(solver, challenge.id, 'CTF{right}');
    await submitFlag(solver, challenge.id, { value: 'CTF{right}', writeup: writeup() });

    expect(await card(other, challenge.id)).toMatchObject({ solveCount: 1, newValue: 400, last: null });
    expect(await card(solver, challenge.id)).toMatchObject({ solveCount: 1, last: { isCorrect: true, isValidated: null } });
    const progress = (await categoriesWithProgress(solver, PRACTICE)).find((c) => c.id === challenge.categoryId);
    expect(progress).toMatchObject({ challengeCount: 1, submissionsPercentage: 100 });
  });
});

describe("a card's last submission", () => {
  it('is the same on pages of every size, past the hundred ids one read takes', async () => {
    const learner = await makeUser();
    const whole = () => listBoard(learner, PRACTICE, everything);
    while ((await whole()).count < 102) await makePracticeChallenge();
    // The first card, the hundredth and the hundred-and-first (either side of a read's bound), the last.
    const cards = (await whole()).results;
    const played = [cards[0], cards[99], cards[100], cards[cards.length - 1]];
    for (const [n, c] of played.entries()) {
      await db.submission.create({ data: { challengeId: c.id, learnerId: learner.id, score: 10 + n, isCorrect: true, solveKey: `u:${learner.id}:${c.id}` } });
    }
    const lastOf = (results: { id: number; last: unknown }[]) => new Map(results.map((c) => [c.id, c.last]));
    const expected = lastOf((await whole()).results);
    expect(played.map((c) => expected.get(c.id))).toEqual(played.map((_, n) => ({ isCorrect: true, isValidated: null, comment: null, score: 10 + n })));
    expect([...expected.values()].filter(Boolean)).toHaveLength(4);
    for (const pageSize of [1, 3, 12, 13, 100]) {
      const seen = new Map<number, unknown>();
      for (let page = 1; seen.size < expected.size; page++) {
        for (const [id, last] of lastOf((await listBoard(learner, PRACTICE, { page, pageSize })).results)) seen.set(id, last);
      }
      expect(seen).toEqual(expected);
    }
  });
});
