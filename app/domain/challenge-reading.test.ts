// What a learner reads of a challenge on the board (issue 8 §2): the hint as sanitized HTML, their
// own score, a rejection with its comment, and the recommended next challenge once solved.
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { makeUser } from '../../tests/support/factories';
import { makePracticeChallenge, writeup } from '../../tests/support/play-factories';
import { boardChallenge, canSubmit, hasSolved, isRejected, nextChallengeFor } from './challenge-board.server';
import { unlockHint } from './hints.server';
import { PRACTICE } from './scope.server';
import { submitFlag } from './submit-flag.server';

describe('the board dialog', () => {
  it('shows an unlocked hint as sanitized HTML of its Markdown, and nothing of it before', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge({ hintScore: 10 });
    await db.hint.update({ where: { id: challenge.hint!.id }, data: { description: 'Look at the **second** byte <img src=x onerror="alert(1)"> [here](javascript:alert(2))' } });
    expect((await boardChallenge(player, PRACTICE, challenge.id)).hint).toMatchObject({ unlocked: false, description: null });
    await unlockHint(player, challenge.id, challenge.hint!.id, PRACTICE);
    const html = (await boardChallenge(player, PRACTICE, challenge.id)).hint!.description!;
    expect(html).toContain('<strong>second</strong>');
    expect(html).not.toMatch(/onerror|javascript:|\*\*/);
  });

  it("carries the player's own score (a hint's penalty taken off), not the next solver's value", async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge({ initialValue: 133, hintScore: 10 });
    await unlockHint(player, challenge.id, challenge.hint!.id, PRACTICE);
    await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() });
    const card = await boardChallenge(player, PRACTICE, challenge.id);
    expect(card.last).toMatchObject({ isCorrect: true, score: 123 });
    expect(card.newValue).toBe(133);
    expect(hasSolved(card.last)).toBe(true);
  });

  it("marks a rejected solve with the reviewer's comment and lets the player submit again", async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const first = await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() });
    await db.submission.update({ where: { id: first.id }, data: { isValidated: false, solveKey: null, comment: 'No steps in the writeup.' } });
    const card = await boardChallenge(player, PRACTICE, challenge.id);
    expect(isRejected(card.last)).toBe(true);
    expect(card.last?.comment).toBe('No steps in the writeup.');
    expect(canSubmit(card.last)).toBe(true);
  });

  it('offers the next challenge after a solve, only when the player may see it', async () => {
    const player = await makeUser();
    const next = await makePracticeChallenge();
    const challenge = await makePracticeChallenge();
    await db.challenge.update({ where: { id: challenge.id }, data: { nextId: next.id } });
    expect(await nextChallengeFor(player, PRACTICE, await boardChallenge(player, PRACTICE, challenge.id))).toBeNull(); // not solved yet
    await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() });
    expect(await nextChallengeFor(player, PRACTICE, await boardChallenge(player, PRACTICE, challenge.id))).toEqual({ id: next.id, name: next.name });
    await db.challenge.update({ where: { id: next.id }, data: { isActive: false } });
    expect(await nextChallengeFor(player, PRACTICE, await boardChallenge(player, PRACTICE, challenge.id))).toBeNull(); // hidden from learners
  });
});
