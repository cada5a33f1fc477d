// The one access rule (challenge-access.server.ts), through every path that reaches a challenge:
// the board and its dialog, checking and submitting, hints, files, solvers and an event's categories.
import { describe, expect, it } from 'vitest';
import type { Event, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { Forbidden, NotFound } from '~/lib/errors.server';
import { makeStaff, makeUser, unique } from '../../tests/support/factories';
import { makeTeam } from '../../tests/support/review-factories';
import { writeup } from '../../tests/support/play-factories';
import { ACCESS_MESSAGES, playBlock } from './challenge-access.server';
import { categoriesWithProgress } from './categories.server';
import { boardChallenge, listBoard, topSolvers } from './challenge-board.server';
import { listChallengeFiles } from './challenge-files.server';
import { unlockHint } from './hints.server';
import { PRACTICE, type Scope } from './scope.server';
import { cachedStandings } from './standings.server';
import { submitFlag, verifyFlag } from './submit-flag.server';
import { validateSubmission } from './submission-review.server';

const day = 86_400_000;
const FLAG = 'CTF{event}';

async function eventWith(type: string, startIn: number, endIn: number): Promise<{ event: Event; scope: Scope; challenge: { id: number }; hintId: number }> {
  const now = Date.now();
  const event = await db.event.create({
    data: { name: unique('event'), description: '<p>x</p>', type, startDate: new Date(now + startIn), endDate: new Date(now + endIn) },
  });
  const name = unique('cat');
  const category = await db.category.create({ data: { name, nameKey: name } });
  const challenge = await db.challenge.create({
    data: {
      name: unique('challenge'),
      categoryId: category.id,
      eventId: event.id,
      description: '<p>x</p>',
      initialValue: 100,
      trainingWeek: type === 'training-platform' ? 1 : null,
      flag: { create: { value: FLAG, collation: 'plain_text' } },
      hint: { create: { description: 'look', score: 10 } },
    },
    include: { hint: true },
  });
  return { event, scope: { kind: 'event', event }, challenge, hintId: challenge.hint!.id };
}

const rejects = (promise: Promise<unknown>, kind: typeof NotFound | typeof Forbidden, message?: string) =>
  expect(promise).rejects.toSatisfy((e: unknown) => e instanceof kind && (message === undefined || (e as Error).message === message));

describe('one access rule', () => {
  it('a challenge is reachable only through its own scope: practice URLs never open an event challenge', async () => {
    const learner = await makeUser({ isValidated: true });
    const { event, challenge, hintId } = await eventWith('black-friday', -day, day);
    await rejects(boardChallenge(learner, PRACTICE, challenge.id), NotFound);
    await rejects(verifyFlag(learner, challenge.id, FLAG, PRACTICE), NotFound);
    await rejects(submitFlag(learner, challenge.id, { value: FLAG, writeup: null }, PRACTICE), NotFound);
    await rejects(unlockHint(learner, challenge.id, hintId, PRACTICE), NotFound);
    await rejects(topSolvers(learner, PRACTICE, challenge.id), NotFound);
    // Staff too: the scope is part of the address.
    await rejects(boardChallenge(await makeStaff(), PRACTICE, challenge.id), NotFound);
    // Through its own scope (or the API's scope-less paths) it answers.
    expect((await boardChallenge(learner, { kind: 'event', event }, challenge.id)).id).toBe(challenge.id);
    expect((await boardChallenge(learner, 'own', challenge.id)).id).toBe(challenge.id);
  });

  it('learners see an event only from its start: board, dialog, flags, hints, files, solvers and categories are 403 before', async () => {
    const learner = await makeUser({ isValidated: true });
    const { scope, challenge, hintId } = await eventWith('black-friday', 10 * day, 11 * day);
    const notStarted = ACCESS_MESSAGES.notStarted((scope as { event: Event }).event.startDate);
    await rejects(listBoard(learner, scope, { page: 1, pageSize: 12 }), Forbidden, notStarted);
    await rejects(categoriesWithProgress(learner, scope), Forbidden, notStarted);
    await rejects(boardChallenge(learner, 'own', challenge.id), Forbidden, notStarted);
    await rejects(verifyFlag(learner, challenge.id, FLAG), Forbidden, notStarted);
    await rejects(unlockHint(learner, challenge.id, hintId), Forbidden, notStarted);
    await rejects(listChallengeFiles(learner, challenge.id, { page: 1, pageSize: 10 }), Forbidden, notStarted);
    await rejects(topSolvers(learner, 'own', challenge.id), Forbidden, notStarted);
    expect(await db.hintUnlock.count({ where: { userId: learner.id } })).toBe(0);
    // Staff prepare it meanwhile.
    const staff = await makeStaff();
    expect((await listBoard(staff, scope, { page: 1, pageSize: 12 })).count).toBe(1);
    expect(await verifyFlag(staff, challenge.id, FLAG)).toEqual({ detail: 'Your flag is correct.' });
  });

  it('after its end an event can be read but not played', async () => {
    const learner = await makeUser({ isValidated: true });
    const { scope, challenge, hintId } = await eventWith('black-friday', -3 * day, -day);
    expect((await listBoard(learner, scope, { page: 1, pageSize: 12 })).count).toBe(1);
    expect((await boardChallenge(learner, 'own', challenge.id)).id).toBe(challenge.id);
    await rejects(verifyFlag(learner, challenge.id, FLAG), Forbidden, ACCESS_MESSAGES.ended);
    await rejects(submitFlag(learner, challenge.id, { value: FLAG, writeup: null }), Forbidden, ACCESS_MESSAGES.ended);
    await rejects(unlockHint(learner, challenge.id, hintId), Forbidden, ACCESS_MESSAGES.ended);
    expect(await db.submission.count({ where: { learnerId: learner.id } })).toBe(0);
    // Callers act on the refusal's kind, never on its wording.
    expect(await playBlock(learner, scope)).toMatchObject({ block: 'ended' });
    expect(await verifyFlag(learner, challenge.id, FLAG).catch((error) => error)).toMatchObject({ kind: 'ended' });
  });

  it('training-platform events are for validated learners and staff only', async () => {
    const { scope, challenge } = await eventWith('training-platform', -day, day);
    const outsider = await makeUser({ isValidated: false });
    await rejects(listBoard(outsider, scope, { page: 1, pageSize: 12 }), Forbidden, ACCESS_MESSAGES.trainingOnly);
    await rejects(boardChallenge(outsider, 'own', challenge.id), Forbidden, ACCESS_MESSAGES.trainingOnly);
    await rejects(verifyFlag(outsider, challenge.id, FLAG), Forbidden, ACCESS_MESSAGES.trainingOnly);
    const enrolled = await makeUser({ isValidated: true });
    expect((await listBoard(enrolled, scope, { page: 1, pageSize: 12 })).count).toBe(1);
    expect((await listBoard(await makeStaff(), scope, { page: 1, pageSize: 12 })).count).toBe(1);
  });

  it('team events need a team to play; the solve then belongs to the team and counts once validated', async () => {
    const { event, scope, challenge } = await eventWith('online', -day, day);
    const [player, mate]: User[] = [await makeUser({ isValidated: true }), await makeUser({ isValidated: true })];
    expect((await boardChallenge(player, scope, challenge.id)).id).toBe(challenge.id); // seeing needs no team
    await rejects(verifyFlag(player, challenge.id, FLAG, scope), Forbidden, ACCESS_MESSAGES.teamNeeded);
    await rejects(submitFlag(player, challenge.id, { value: FLAG, writeup: writeup() }, scope), Forbidden, ACCESS_MESSAGES.teamNeeded);

    const team = await makeTeam(event, player, [mate]);
    expect(await verifyFlag(player, challenge.id, FLAG, scope)).toEqual({ detail: 'Your flag is correct.' });
    const solve = await submitFlag(player, challenge.id, { value: FLAG, writeup: writeup() }, scope);
    expect(solve).toMatchObject({ teamId: team.id, eventId: event.id, isValidated: null, solveKey: `t:${team.id}:${challenge.id}` });
    // The team solved it: the mate cannot score it again.
    await expect(submitFlag(mate, challenge.id, { value: FLAG, writeup: writeup() }, scope)).rejects.toThrow(/already solved/);
    // Pending does not count in an event (SPEC §4); validated does.
    expect((await cachedStandings(scope)).pointsOf(player.id)).toBe(0);
    await validateSubmission(await makeStaff(), solve.id);
    expect((await cachedStandings(scope)).pointsOf(player.id)).toBe(100);
  });

  it('black-friday solves need no writeup and count at once; staff check flags but never submit', async () => {
    const { scope, challenge } = await eventWith('black-friday', -day, day);
    const player = await makeUser();
    const solve = await submitFlag(player, challenge.id, { value: FLAG, writeup: null }, scope);
    expect(solve).toMatchObject({ isValidated: true, teamId: null });
    expect((await cachedStandings(scope)).pointsOf(player.id)).toBe(100);
    const staff = await makeStaff();
    await rejects(submitFlag(staff, challenge.id, { value: FLAG, writeup: null }), Forbidden, ACCESS_MESSAGES.staffSubmit);
  });

  it('learners never reach an inactive challenge; staff do', async () => {
    const { scope, challenge } = await eventWith('black-friday', -day, day);
    await db.challenge.update({ where: { id: challenge.id }, data: { isActive: false } });
    const learner = await makeUser();
    await rejects(boardChallenge(learner, scope, challenge.id), NotFound);
    await rejects(verifyFlag(learner, challenge.id, FLAG), NotFound);
    expect((await boardChallenge(await makeStaff(), scope, challenge.id)).isActive).toBe(false);
  });

  it('what the rule reads is kept between attempts, and a change to it is on the next attempt', async () => {
    const { scope, challenge } = await eventWith('black-friday', -day, day);
    const learner = await makeUser();
    expect(await verifyFlag(learner, challenge.id, FLAG, scope)).toEqual({ detail: 'Your flag is correct.' });
    await db.flag.update({ where: { challengeId: challenge.id }, data: { value: 'CTF{changed}' } });
    await expect(verifyFlag(learner, challenge.id, FLAG, scope)).rejects.toThrow();
    expect(await verifyFlag(learner, challenge.id, 'CTF{changed}', scope)).toEqual({ detail: 'Your flag is correct.' });
    await db.challenge.update({ where: { id: challenge.id }, data: { isActive: false } });
    await rejects(verifyFlag(learner, challenge.id, 'CTF{changed}', scope), NotFound);
  });
});
