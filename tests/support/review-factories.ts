// Builders for categories, challenges and submissions, straight through Prisma (domain tests of
// categories and submission review). Submissions follow the submit code's conventions: a counting
// submission carries its solveKey; a writeup is a Writeup row beside it.
import { solveKey, PRACTICE, type Scope } from '~/domain/scope.server';
import type { Challenge, Event, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { unique } from './factories';

export async function makeCategory(name = unique('Category ')) {
  return db.category.create({ data: { name, nameKey: name.toLowerCase() } });
}

export async function makeChallenge(over: Partial<{ categoryId: number; eventId: number | null; isActive: boolean; initialValue: number; trainingWeek: number | null; name: string }> = {}) {
  const categoryId = over.categoryId ?? (await makeCategory()).id;
  return db.challenge.create({
    data: {
      name: over.name ?? unique('Challenge '),
      categoryId,
      eventId: over.eventId ?? null,
      description: '<p>Find the flag.</p>',
      initialValue: over.initialValue ?? 100,
      isActive: over.isActive ?? true,
      trainingWeek: over.trainingWeek ?? null,
      flag: { create: { value: 'CTF{test}', collation: 'plain_text' } },
    },
  });
}

export async function makeEvent(over: Partial<{ type: string }> = {}): Promise<Event> {
  const now = Date.now();
  return db.event.create({
    data: { name: unique('Event '), description: '<p>An event.</p>', type: over.type ?? 'online', startDate: new Date(now - 86_400_000), endDate: new Date(now + 86_400_000) },
  });
}

export async function makeTeam(event: Event, owner: User, members: User[] = []) {
  const name = unique('team');
  const team = await db.team.create({
    data: { name, nameKey: name, eventId: event.id, ownerId: owner.id, passwordHash: 'x', codeInvitation: unique('code') },
  });
  for (const m of [owner, ...members]) await db.teamMember.create({ data: { teamId: team.id, userId: m.id, eventId: event.id } });
  return team;
}

/**
 * A submission as the submit code writes it. A correct one that is not rejected counts, so it holds
 * the solveKey; `writeup: false` leaves the writeup out.
 */
export async function makeSubmission(
  challenge: Challenge,
  learner: User,
  over: Partial<{ isCorrect: boolean; isValidated: boolean | null; score: number; writeup: string | false; writeupName: string; teamId: number | null; scope: Scope }> = {},
) {
  const isCorrect = over.isCorrect ?? true;
  const isValidated = over.isValidated === undefined ? null : over.isValidated;
  const scope = over.scope ?? PRACTICE;
  const teamId = over.teamId ?? null;
  const counts = isCorrect && isValidated !== false;
  const writeup = over.writeup === false ? null : Buffer.from(over.writeup ?? `# Writeup of ${challenge.name}\n`);
  return db.submission.create({
    data: {
      challengeId: challenge.id,
      learnerId: learner.id,
      teamId,
      eventId: challenge.eventId,
      score: over.score ?? (isCorrect ? challenge.initialValue : 0),
      isCorrect,
      isValidated,
      solveKey: counts ? solveKey(scope, { learnerId: learner.id, teamId }, challenge.id) : null,
      writeupName: writeup ? over.writeupName ?? 'writeup.md' : null,
      ...(writeup ? { writeupFile: { create: { bytes: writeup } } } : {}),
    },
  });
}
