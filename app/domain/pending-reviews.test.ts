import { describe, expect, it } from 'vitest';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeChallenge, makeEvent, makeSubmission } from '../../tests/support/review-factories';
import { pendingReviews } from './pending-reviews.server';
import { PRACTICE, type Scope } from './scope.server';
import { validateSubmission } from './submission-review.server';

describe('pendingReviews (the Submissions badge of the sub-navigation)', () => {
  it('counts correct solves waiting for review in the scope, and drops as soon as one is decided', async () => {
    const staff = await makeStaff();
    const event = await makeEvent({ type: 'online' });
    const scope: Scope = { kind: 'event', event };
    expect(await pendingReviews(staff, scope)).toBe(0);

    const challenge = await makeChallenge({ eventId: event.id });
    const [a, b] = [await makeUser(), await makeUser()];
    const first = await makeSubmission(challenge, a, { scope });
    await makeSubmission(challenge, b, { scope });
    await makeSubmission(challenge, await makeUser(), { scope, isCorrect: false });
    await makeSubmission(challenge, await makeUser(), { scope, isValidated: false });
    expect(await pendingReviews(staff, scope)).toBe(2);

    // Kept until a submission is written: a decision shows on the next read.
    await validateSubmission(staff, first.id);
    expect(await pendingReviews(staff, scope)).toBe(1);
    // Practice has its own count: another event's solves are not in it.
    const practiceBefore = await pendingReviews(staff, PRACTICE);
    await makeSubmission(await makeChallenge({ eventId: (await makeEvent()).id }), a);
    expect(await pendingReviews(staff, PRACTICE)).toBe(practiceBefore);
    await makeSubmission(await makeChallenge(), a);
    expect(await pendingReviews(staff, PRACTICE)).toBe(practiceBefore! + 1);
  });

  it('is null for learners and where solves are not reviewed (black-friday)', async () => {
    expect(pendingReviews(await makeUser(), PRACTICE)).toBeNull();
    const blackFriday = await makeEvent({ type: 'black-friday' });
    expect(pendingReviews(await makeStaff(), { kind: 'event', event: blackFriday })).toBeNull();
  });
});
