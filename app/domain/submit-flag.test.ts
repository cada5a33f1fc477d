import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from '~/lib/db.server';
import { DomainError, Forbidden, Invalid, NotFound, RateLimited } from '~/lib/errors.server';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makePracticeChallenge, writeup } from '../../tests/support/play-factories';
import { boardChallenge, canSubmit, isSolved } from './challenge-board.server';
import { unlockHint } from './hints.server';
import { PRACTICE } from './scope.server';
import { flushAttempts } from './attempt-log.server';
import { ALREADY_SOLVED, FLAG_CORRECT, FLAG_INCORRECT, submitFlag, verifyFlag, WRONG_ATTEMPTS_PER_MINUTE } from './submit-flag.server';

describe('checking a flag', () => {
  it('answers the exact messages and logs every attempt, never a wrong value in clear', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    await expect(verifyFlag(player, challenge.id, 'CTF{wrong-guess}')).rejects.toMatchObject({ fields: { flag: [FLAG_INCORRECT] } });
    expect(await verifyFlag(player, challenge.id, ' CTF{right} ')).toEqual({ detail: 'Your flag is correct.' });
    await flushAttempts(); // written behind, in batches
    const attempts = await db.flagAttempt.findMany({ where: { userId: player.id }, orderBy: { id: 'asc' } });
    expect(attempts.map((a) => a.isCorrect)).toEqual([false, true]);
    expect(attempts[0].digest).toMatch(/^[0-9a-f]{32}$/);
    expect(JSON.stringify(attempts)).not.toContain('wrong-guess');
    expect(attempts[1].digest).toBeNull();
  });

  it('limits wrong attempts per player and challenge, and the limit does not spill over', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const other = await makePracticeChallenge();
    for (let i = 0; i < WRONG_ATTEMPTS_PER_MINUTE; i++) await verifyFlag(player, challenge.id, `CTF{nope${i}}`).catch((e) => expect(e).toBeInstanceOf(Invalid));
    const limited = await verifyFlag(player, challenge.id, 'CTF{right}').catch((e) => e);
    expect(limited).toBeInstanceOf(RateLimited);
    expect(limited.message).toMatch(/^Too many wrong flags for this challenge\. Try again in \d+ seconds\.$/);
    // Submitting goes through the same counter.
    await expect(submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() })).rejects.toBeInstanceOf(RateLimited);
    expect(await verifyFlag(player, other.id, 'CTF{right}')).toEqual({ detail: FLAG_CORRECT });
    expect(await verifyFlag(await makeUser(), challenge.id, 'CTF{right}')).toEqual({ detail: FLAG_CORRECT });
  });

  it('counts wrong attempts sent together one by one: no burst passes on a shared count', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => verifyFlag(player, challenge.id, `CTF{burst${i}}`).catch((e) => e)));
    expect(outcomes.filter((e) => e instanceof Invalid)).toHaveLength(WRONG_ATTEMPTS_PER_MINUTE);
    expect(outcomes.filter((e) => e instanceof RateLimited)).toHaveLength(30 - WRONG_ATTEMPTS_PER_MINUTE);
  });

  describe('over a minute', () => {
    afterEach(() => vi.useRealTimers());

    it('counts the attempts written and those waiting, and lets the player try again once the oldest is a minute old', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      const start = Date.now();
      const player = await makeUser();
      const challenge = await makePracticeChallenge();
      const wrong = (i: number) => verifyFlag(player, challenge.id, `CTF{late${i}}`).catch((e) => e);
      for (let i = 0; i < 5; i++) expect(await wrong(i)).toBeInstanceOf(Invalid);
      await flushAttempts(); // five written
      vi.setSystemTime(start + 20_000);
      for (let i = 5; i < WRONG_ATTEMPTS_PER_MINUTE; i++) expect(await wrong(i)).toBeInstanceOf(Invalid); // five waiting
      const limited = await wrong(99);
      expect(limited).toBeInstanceOf(RateLimited);
      expect(limited.message).toBe('Too many wrong flags for this challenge. Try again in 40 seconds.');
      await flushAttempts();
      vi.setSystemTime(start + 59_000);
      expect(await wrong(100)).toBeInstanceOf(RateLimited);
      // The first five are a minute old: five more may be tried, and the limit holds again after them.
      vi.setSystemTime(start + 60_500);
      for (let i = 0; i < 5; i++) expect(await wrong(200 + i)).toBeInstanceOf(Invalid);
      expect(await wrong(300)).toBeInstanceOf(RateLimited);
    });
  });

  it('hides inactive challenges from learners', async () => {
    const challenge = await makePracticeChallenge({ isActive: false });
    await expect(verifyFlag(await makeUser(), challenge.id, 'CTF{right}')).rejects.toBeInstanceOf(NotFound);
    expect(await verifyFlag(await makeStaff(), challenge.id, 'CTF{right}')).toEqual({ detail: FLAG_CORRECT });
  });
});

describe('submitting', () => {
  it('requires a writeup in practice, stores it, and awards the value minus the unlocked hint', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge({ initialValue: 100, hintScore: 30 });
    await expect(submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: null })).rejects.toMatchObject({ fields: { writeup: ['A writeup file is required.'] } });
    await unlockHint(player, challenge.id, challenge.hint!.id);
    await unlockHint(player, challenge.id, challenge.hint!.id); // a second unlock changes nothing
    expect(await db.hintUnlock.count({ where: { userId: player.id } })).toBe(1);
    const s = await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() });
    expect(s).toMatchObject({ score: 70, isCorrect: true, isValidated: null, writeupName: 'writeup.md', solveKey: `u:${player.id}:${challenge.id}` });
    expect(Buffer.from((await db.writeup.findUniqueOrThrow({ where: { submissionId: s.id } })).bytes).toString()).toBe('# How I solved it\n');
  });

  it('never goes below zero', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge({ type: 'dynamic', initialValue: 100, minimalValue: 10, decayValue: 1, hintScore: 50 });
    await submitFlag(await makeUser(), challenge.id, { value: 'CTF{right}', writeup: writeup() });
    await unlockHint(player, challenge.id, challenge.hint!.id);
    expect((await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() })).score).toBe(0);
  });

  it('uses the dynamic value at the moment of the solve, and earlier scores never change', async () => {
    const challenge = await makePracticeChallenge({ type: 'dynamic', initialValue: 500, minimalValue: 100, decayValue: 50 });
    const scores: number[] = [];
    for (let i = 0; i < 10; i++) scores.push((await submitFlag(await makeUser(), challenge.id, { value: 'CTF{right}', writeup: writeup() })).score);
    expect(scores[0]).toBe(500);
    expect(scores[9]).toBe(488);
    const stored = await db.submission.findMany({ where: { challengeId: challenge.id }, orderBy: { id: 'asc' } });
    expect(stored.map((s) => s.score)).toEqual(scores);
    const viewer = await makeUser();
    expect((await boardChallenge(viewer, PRACTICE, challenge.id)).newValue).toBe(484); // the 11th solver
  });

  it('awards points once when the same solve arrives twice in parallel', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected')) {
      expect((r as PromiseRejectedResult).reason).toBeInstanceOf(DomainError);
      expect((r as PromiseRejectedResult).reason.message).toBe(ALREADY_SOLVED);
    }
    expect(await db.submission.count({ where: { learnerId: player.id } })).toBe(1);
  });

  it('lets a player submit again once the submission was rejected; pending and accepted ones count as solved', async () => {
    const player = await makeUser();
    const challenge = await makePracticeChallenge();
    const first = await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() });
    let card = await boardChallenge(player, PRACTICE, challenge.id);
    expect(isSolved(PRACTICE, card.last)).toBe(true);
    expect(canSubmit(card.last)).toBe(false);
    await db.submission.update({ where: { id: first.id }, data: { isValidated: false, solveKey: null, comment: 'Writeup missing steps.' } });
    card = await boardChallenge(player, PRACTICE, challenge.id);
    expect(isSolved(PRACTICE, card.last)).toBe(false);
    expect(canSubmit(card.last)).toBe(true);
    expect(card.last?.comment).toBe('Writeup missing steps.');
    const second = await submitFlag(player, challenge.id, { value: 'CTF{right}', writeup: writeup() });
    expect(second.id).not.toBe(first.id);
  });

  it('is refused to staff, who may still check flags', async () => {
    const challenge = await makePracticeChallenge();
    await expect(submitFlag(await makeStaff(), challenge.id, { value: 'CTF{right}', writeup: writeup() })).rejects.toBeInstanceOf(Forbidden);
  });

  it('rejects a wrong flag at submission too', async () => {
    const challenge = await makePracticeChallenge();
    await expect(submitFlag(await makeUser(), challenge.id, { value: 'CTF{wrong}', writeup: writeup() })).rejects.toMatchObject({ fields: { value: [FLAG_INCORRECT] } });
  });
});
