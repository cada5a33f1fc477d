// Solves with chosen scores and times, straight through Prisma, for the standings tests.
import { db } from '~/lib/db.server';
import { unique } from './factories';

export async function makeChallenge(over: Partial<{ eventId: number | null; initialValue: number; name: string }> = {}) {
  const name = unique('cat');
  const category = await db.category.create({ data: { name, nameKey: name } });
  return db.challenge.create({
    data: {
      name: over.name ?? unique('challenge'),
      categoryId: category.id,
      eventId: over.eventId ?? null,
      description: '<p>Find the flag.</p>',
      initialValue: over.initialValue ?? 100,
      flag: { create: { value: 'CTF{right}', collation: 'plain_text' } },
    },
    include: { category: true },
  });
}

export async function makeEvent() {
  const now = Date.now();
  return db.event.create({
    data: { name: unique('event'), description: '<p>An event.</p>', type: 'black-friday', startDate: new Date(now - 3600_000), endDate: new Date(now + 3600_000) },
  });
}

/**
 * A correct submission. `state` pending or validated counts (its solveKey is set); rejected never
 * counts (no solveKey), as the review code leaves it.
 */
export async function makeSolve(
  learnerId: number,
  challenge: { id: number; eventId: number | null },
  over: Partial<{ score: number; at: Date; state: 'pending' | 'validated' | 'rejected' }> = {},
) {
  const state = over.state ?? 'pending';
  const key = challenge.eventId === null ? `u:${learnerId}:${challenge.id}` : `u:${learnerId}:${challenge.id}:e${challenge.eventId}`;
  return db.submission.create({
    data: {
      challengeId: challenge.id,
      learnerId,
      eventId: challenge.eventId,
      score: over.score ?? 100,
      isCorrect: true,
      isValidated: state === 'pending' ? null : state === 'validated',
      solveKey: state === 'rejected' ? null : key,
      createdAt: over.at ?? new Date(),
    },
  });
}
