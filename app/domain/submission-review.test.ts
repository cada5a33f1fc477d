import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { EXPORT_PAGE } from '~/lib/pagination';
import { DomainError, Forbidden, Invalid, NotFound, Unauthorized } from '~/lib/errors.server';
import { makeStaff, makeUser } from '../../tests/support/factories';
import { makeChallenge, makeEvent, makeSubmission } from '../../tests/support/review-factories';
import { PRACTICE, solveKey } from './scope.server';
import { cachedStandings } from './standings.server';
import {
  bulkValidationMessage,
  invalidateSubmission,
  listSubmissions,
  REVIEW_MESSAGES,
  validateSubmission,
  validateSubmissions,
  writeupFile,
} from './submission-review.server';

const reviewStatus = async (id: number) => db.submission.findUniqueOrThrow({ where: { id }, select: { isValidated: true, solveKey: true, comment: true, reviewerId: true, reviewedAt: true } });

describe('validate', () => {
  it('accepts a correct pending submission, keeps it counting, records the reviewer and logs it', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const challenge = await makeChallenge();
    const submission = await makeSubmission(challenge, learner);
    await validateSubmission(staff, submission.id);
    const after = await reviewStatus(submission.id);
    expect(after).toMatchObject({ isValidated: true, solveKey: submission.solveKey, reviewerId: staff.id, comment: null });
    expect(after.reviewedAt).toBeInstanceOf(Date);
    const log = await db.staffAction.findMany({ where: { actorId: staff.id } });
    expect(log.map((l) => [l.action, l.targetType, l.targetId])).toEqual([['submission.validate', 'submission', String(submission.id)]]);
  });

  it('is final: a validated, rejected or wrong submission cannot be reviewed (400), an unknown one is 404', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const challenge = await makeChallenge();
    const accepted = await makeSubmission(challenge, learner, { isValidated: true });
    const rejected = await makeSubmission(await makeChallenge(), learner, { isValidated: false });
    const wrong = await makeSubmission(await makeChallenge(), learner, { isCorrect: false });
    for (const s of [accepted, rejected, wrong]) {
      // One at a time: a second promise made before the first is awaited may reject unobserved.
      for (const attempt of [() => validateSubmission(staff, s.id), () => invalidateSubmission(staff, s.id, { description: 'no' })]) {
        const error = await attempt().catch((e) => e);
        expect(error).toBeInstanceOf(DomainError);
        expect(error.status).toBe(400);
        expect(error.message).toBe(REVIEW_MESSAGES.notReviewable);
      }
    }
    await expect(validateSubmission(staff, 999_999)).rejects.toBeInstanceOf(NotFound);
    await expect(invalidateSubmission(staff, 999_999, { description: 'x' })).rejects.toBeInstanceOf(NotFound);
    expect(await db.staffAction.count({ where: { actorId: staff.id } })).toBe(0);
  });

  it('is for staff only', async () => {
    const learner = await makeUser();
    const submission = await makeSubmission(await makeChallenge(), learner);
    await expect(validateSubmission(learner, submission.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(invalidateSubmission(learner, submission.id, { description: 'x' })).rejects.toBeInstanceOf(Forbidden);
    await expect(validateSubmissions(learner, [submission.id])).rejects.toBeInstanceOf(Forbidden);
    await expect(listSubmissions(learner, PRACTICE, { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(Forbidden);
    await expect(validateSubmission(null, submission.id)).rejects.toBeInstanceOf(Unauthorized);
    expect((await reviewStatus(submission.id)).isValidated).toBeNull();
  });
});

describe('invalidate', () => {
  it('requires a comment', async () => {
    const staff = await makeStaff();
    const submission = await makeSubmission(await makeChallenge(), await makeUser());
    for (const description of [undefined, '', '   ', 42]) {
      const error = await invalidateSubmission(staff, submission.id, { description }).catch((e) => e);
      expect(error).toBeInstanceOf(Invalid);
      expect(error.fields).toEqual({ description: ['This field is required.'] });
    }
    expect((await reviewStatus(submission.id)).isValidated).toBeNull();
  });

  it('rejects with the comment, clears the solveKey so it stops counting, and lets the player solve again', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const challenge = await makeChallenge();
    const submission = await makeSubmission(challenge, learner);
    expect((await cachedStandings(PRACTICE)).pointsOf(learner.id)).toBe(challenge.initialValue);
    await invalidateSubmission(staff, submission.id, { description: '  The writeup does not explain the exploit.  ' });
    // The kept standings see the change on the next read.
    expect((await cachedStandings(PRACTICE)).pointsOf(learner.id)).toBe(0);
    const after = await reviewStatus(submission.id);
    expect(after).toMatchObject({ isValidated: false, solveKey: null, comment: 'The writeup does not explain the exploit.', reviewerId: staff.id });
    const log = await db.staffAction.findFirstOrThrow({ where: { actorId: staff.id } });
    expect(log).toMatchObject({ action: 'submission.invalidate', targetId: String(submission.id) });
    expect(JSON.parse(log.detail!)).toEqual({ comment: 'The writeup does not explain the exploit.' });

    // The unique solveKey is free again: a second correct submission can be recorded and counts.
    const again = await makeSubmission(challenge, learner);
    expect(again.solveKey).toBe(solveKey(PRACTICE, { learnerId: learner.id, teamId: null }, challenge.id));
    expect(await db.submission.count({ where: { learnerId: learner.id, challengeId: challenge.id, solveKey: { not: null } } })).toBe(1);
  });

  it('validating an event solve makes it count in that event at once; invalidating one takes it out', async () => {
    const staff = await makeStaff();
    const event = await makeEvent();
    const scope = { kind: 'event', event } as const;
    const [a, b] = [await makeUser(), await makeUser()];
    const challenge = await makeChallenge({ eventId: event.id });
    const first = await makeSubmission(challenge, a, { scope });
    const second = await makeSubmission(challenge, b, { scope });
    expect((await cachedStandings(scope)).pointsOf(a.id)).toBe(0); // pending: not yet counted in an event
    await validateSubmission(staff, first.id);
    expect((await cachedStandings(scope)).pointsOf(a.id)).toBe(challenge.initialValue);
    await invalidateSubmission(staff, second.id, { description: 'Copied.' });
    expect((await cachedStandings(scope)).pointsOf(b.id)).toBe(0);
  });
});

describe('bulk validate', () => {
  it('validates several pending submissions in one go and logs each', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const a = await makeSubmission(await makeChallenge(), learner);
    const b = await makeSubmission(await makeChallenge(), learner);
    expect(await validateSubmissions(staff, [a.id, String(b.id), a.id])).toBe(2);
    expect((await reviewStatus(a.id)).isValidated).toBe(true);
    expect((await reviewStatus(b.id)).isValidated).toBe(true);
    const log = await db.staffAction.findMany({ where: { actorId: staff.id }, orderBy: { id: 'asc' } });
    expect(log.map((l) => [l.action, l.targetId])).toEqual([
      ['submission.validate', String(a.id)],
      ['submission.validate', String(b.id)],
    ]);
    expect(bulkValidationMessage(2)).toBe('Submission validation completed successfully! 2 submissions validated.');
  });

  it('is all-or-nothing: one reviewed or unknown submission leaves every other one pending', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const pending = await makeSubmission(await makeChallenge(), learner);
    const rejected = await makeSubmission(await makeChallenge(), learner, { isValidated: false });
    const error = await validateSubmissions(staff, [pending.id, rejected.id]).catch((e) => e);
    expect(error).toBeInstanceOf(DomainError);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`${REVIEW_MESSAGES.notReviewable} Not pending: ${rejected.id}.`);
    await expect(validateSubmissions(staff, [pending.id, 999_999])).rejects.toBeInstanceOf(NotFound);
    expect((await reviewStatus(pending.id)).isValidated).toBeNull();
    expect(await db.staffAction.count({ where: { actorId: staff.id } })).toBe(0);
  });

  it('refuses an empty or malformed selection', async () => {
    const staff = await makeStaff();
    for (const [ids, message] of [[[], REVIEW_MESSAGES.noneSelected], [undefined, REVIEW_MESSAGES.noneSelected], [['x'], 'A valid integer is required.'], [[1.5], 'A valid integer is required.']] as const) {
      const error = await validateSubmissions(staff, ids).catch((e) => e);
      expect(error).toBeInstanceOf(Invalid);
      expect(error.fields).toEqual({ ids: [message] });
    }
  });
});

describe('review list', () => {
  it('lists the scope’s submissions newest first, filtered by state and search', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const event = await makeEvent();
    const challenge = await makeChallenge({ name: `Review list ${learner.username}` });
    const pending = await makeSubmission(challenge, learner);
    const accepted = await makeSubmission(await makeChallenge(), learner, { isValidated: true });
    const rejected = await makeSubmission(await makeChallenge(), learner, { isValidated: false });
    const inEvent = await makeSubmission(await makeChallenge({ eventId: event.id }), learner, { scope: { kind: 'event', event } });

    const ids = async (isValidated?: boolean | null, search = learner.username) =>
      (await listSubmissions(staff, PRACTICE, { isValidated, search, page: 1, pageSize: 10 })).results.map((r) => r.id);
    expect(await ids()).toEqual([rejected.id, accepted.id, pending.id]);
    expect(await ids(null)).toEqual([pending.id]);
    expect(await ids(true)).toEqual([accepted.id]);
    expect(await ids(false)).toEqual([rejected.id]);
    expect(await ids(undefined, `Review list ${learner.username}`)).toEqual([pending.id]);
    expect((await listSubmissions(staff, { kind: 'event', event }, { page: 1, pageSize: 10 })).results.map((r) => r.id)).toEqual([inEvent.id]);

    const row = (await listSubmissions(staff, PRACTICE, { search: learner.username, isValidated: null, page: 1, pageSize: 10 })).results[0];
    expect(row).toMatchObject({ id: pending.id, score: 100, isCorrect: true, isValidated: null, learner: { id: learner.id, username: learner.username }, team: null, challenge: { name: challenge.name, initialValue: 100 } });
  });

  it('searches learner and challenge names literally: % and _ are no wildcards', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const tag = `lit${Date.now()}`;
    const underscore = await makeSubmission(await makeChallenge({ name: `${tag} a_b` }), learner);
    await makeSubmission(await makeChallenge({ name: `${tag} axb` }), learner);
    const percent = await makeSubmission(await makeChallenge({ name: `${tag} 100% off` }), learner, { isValidated: true });
    await makeSubmission(await makeChallenge({ name: `${tag} 1000 off` }), learner);
    const list = (search: string, isValidated?: boolean | null) => listSubmissions(staff, PRACTICE, { search, isValidated, page: 1, pageSize: 10 });
    expect((await list(`${tag} a_b`)).results.map((r) => r.id)).toEqual([underscore.id]);
    expect((await list('100%')).results.map((r) => r.id)).toEqual([percent.id]);
    expect((await list('100%')).count).toBe(1);
    expect((await list('%', true)).results.map((r) => r.id)).toEqual([percent.id]);
    expect((await list('%', null)).results).toEqual([]);
    expect((await list(`${tag.toUpperCase()} A_B`)).results.map((r) => r.id)).toEqual([underscore.id]);
  });

  it('gives every matching submission in one page, as an export asks, newest first', { timeout: 60_000 }, async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const challenge = await makeChallenge({ name: `Many ${learner.username}` });
    const n = 1_100;
    const start = Date.UTC(2026, 0, 1);
    await db.submission.createMany({
      data: Array.from({ length: n }, (_, i) => ({ challengeId: challenge.id, learnerId: learner.id, score: 0, isCorrect: false, createdAt: new Date(start + i * 1000) })),
    });
    const all = await listSubmissions(staff, PRACTICE, { search: learner.username, ...EXPORT_PAGE });
    expect(all.count).toBe(n);
    expect(all.results).toHaveLength(n);
    expect(all.results[0].createdAt).toEqual(new Date(start + (n - 1) * 1000));
    expect(all.results.at(-1)!.createdAt).toEqual(new Date(start));
  });

  it('has no review for black-friday events', async () => {
    const staff = await makeStaff();
    const event = await makeEvent({ type: 'black-friday' });
    await expect(listSubmissions(staff, { kind: 'event', event }, { page: 1, pageSize: 10 })).rejects.toBeInstanceOf(NotFound);
  });
});

describe('writeup download', () => {
  it('is for staff and the submitting learner; the file is the stored one with its original name', async () => {
    const staff = await makeStaff();
    const learner = await makeUser();
    const stranger = await makeUser();
    const submission = await makeSubmission(await makeChallenge(), learner, { writeup: 'my notes', writeupName: 'notes.md' });
    const file = await writeupFile(staff, submission.id);
    expect({ ...file, bytes: Buffer.from(file.bytes).toString() }).toEqual({ bytes: 'my notes', name: 'notes.md' });
    expect(await writeupFile(learner, submission.id)).toEqual(file);
    await expect(writeupFile(stranger, submission.id)).rejects.toBeInstanceOf(Forbidden);
    await expect(writeupFile(null, submission.id)).rejects.toBeInstanceOf(Unauthorized);
    const none = await makeSubmission(await makeChallenge(), learner, { writeup: false });
    await expect(writeupFile(staff, none.id)).rejects.toThrow(REVIEW_MESSAGES.noWriteup);
    await expect(writeupFile(staff, 999_999)).rejects.toThrow(REVIEW_MESSAGES.notFound);
  });
});
