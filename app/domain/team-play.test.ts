// Team play (SPEC §4): a team solves a challenge once, whichever member submits; a hint unlocked by
// one member costs the team's solve; the dynamic value counts solves by teams.
import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { makeUser } from '../../tests/support/factories';
import { writeup } from '../../tests/support/play-factories';
import { makeCategory, makeEvent, makeTeam } from '../../tests/support/review-factories';
import { boardChallenge, canSubmit, isSolved } from './challenge-board.server';
import { unlockHint } from './hints.server';
import type { Scope } from './scope.server';
import { ALREADY_SOLVED, submitFlag } from './submit-flag.server';

async function teamChallenge(eventId: number, over: { hintScore?: number; type?: string } = {}) {
  const category = await makeCategory();
  return db.challenge.create({
    data: {
      name: `c${Math.random()}`,
      categoryId: category.id,
      eventId,
      type: over.type ?? 'standard',
      description: '<p>x</p>',
      initialValue: 500,
      ...(over.type === 'dynamic' ? { minimalValue: 100, decayValue: 2 } : {}),
      flag: { create: { value: 'CTF{team}', collation: 'plain_text' } },
      ...(over.hintScore ? { hint: { create: { description: 'look closer', score: over.hintScore } } } : {}),
    },
    include: { hint: true },
  });
}

describe('team play', () => {
  it("charges a hint unlocked by one member to the teammate's solve, and not to another team", async () => {
    const event = await makeEvent({ type: 'online' });
    const scope: Scope = { kind: 'event', event };
    const [reader, solver, rival] = [await makeUser(), await makeUser(), await makeUser()];
    await makeTeam(event, reader, [solver]);
    await makeTeam(event, rival);
    const challenge = await teamChallenge(event.id, { hintScore: 120 });

    await unlockHint(reader, challenge.id, challenge.hint!.id, scope);
    const teamSolve = await submitFlag(solver, challenge.id, { value: 'CTF{team}', writeup: writeup() }, scope);
    expect(teamSolve.score).toBe(380);
    const rivalSolve = await submitFlag(rival, challenge.id, { value: 'CTF{team}', writeup: writeup() }, scope);
    expect(rivalSolve.score).toBe(500);
  });

  it("shows a teammate's solve and unlocked hint on the board as the team's", async () => {
    const event = await makeEvent({ type: 'online' });
    const scope: Scope = { kind: 'event', event };
    const [reader, solver, outsider] = [await makeUser(), await makeUser(), await makeUser()];
    await makeTeam(event, reader, [solver]);
    await makeTeam(event, outsider);
    const challenge = await teamChallenge(event.id, { hintScore: 50 });
    await unlockHint(reader, challenge.id, challenge.hint!.id, scope);
    await submitFlag(solver, challenge.id, { value: 'CTF{team}', writeup: writeup() }, scope);

    const seenByReader = await boardChallenge(reader, scope, challenge.id);
    expect(seenByReader.hint!.unlocked).toBe(true);
    expect(seenByReader.last).toMatchObject({ isCorrect: true, score: 450 });
    // Pending review: not counted yet in an event, but the team may not submit it again.
    expect(isSolved(scope, seenByReader.last)).toBe(false);
    expect(canSubmit(seenByReader.last)).toBe(false);

    const seenByOutsider = await boardChallenge(outsider, scope, challenge.id);
    expect(seenByOutsider.hint!.unlocked).toBe(false);
    expect(seenByOutsider.last).toBeNull();
  });

  it('20 parallel submissions by the members of one team: exactly one scores', async () => {
    const event = await makeEvent({ type: 'online' });
    const scope: Scope = { kind: 'event', event };
    const members = await Promise.all(Array.from({ length: 4 }, () => makeUser()));
    const team = await makeTeam(event, members[0]!, members.slice(1));
    const challenge = await teamChallenge(event.id);

    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => submitFlag(members[i % 4]!, challenge.id, { value: 'CTF{team}', writeup: writeup() }, scope)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(ALREADY_SOLVED);
    const rows = await db.submission.findMany({ where: { challengeId: challenge.id, solveKey: { not: null } } });
    expect(rows).toHaveLength(1);
    expect(rows[0]!.teamId).toBe(team.id);
  });
});
