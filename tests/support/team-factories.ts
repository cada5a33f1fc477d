// Builders for the team tests: events in each phase, the form input of a team, event challenges and
// team solves written as the submit code writes them (teamId and the team's solveKey).
import { createTeam } from '~/domain/teams.server';
import { solveKey, type Scope } from '~/domain/scope.server';
import type { Challenge, Event, User } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { unique } from './factories';

const HOUR = 3600_000;

export async function makeTeamEvent(over: Partial<{ type: string; phase: 'active' | 'upcoming' | 'ended'; teamSizeLimit: number | null }> = {}): Promise<Event> {
  const now = Date.now();
  const phase = over.phase ?? 'active';
  const [start, end] = phase === 'active' ? [now - HOUR, now + 24 * HOUR] : phase === 'upcoming' ? [now + 24 * HOUR, now + 48 * HOUR] : [now - 48 * HOUR, now - 24 * HOUR];
  return db.event.create({
    data: {
      name: unique('Event '),
      description: '<p>A team event.</p>',
      type: over.type ?? 'online',
      startDate: new Date(start),
      endDate: new Date(end),
      teamSizeLimit: over.teamSizeLimit ?? null,
    },
  });
}

export const TEAM_PASSWORD = 'team-password-1';

export function teamInput(over: Partial<{ name: string; password: string; re_password: string }> = {}) {
  const password = over.password ?? TEAM_PASSWORD;
  return { name: over.name ?? unique('Team '), password, re_password: over.re_password ?? password };
}

/** A team created through the domain (hashed password, owner enrolled, player registered). */
export function createTestTeam(owner: User, event: Event, over: Partial<{ name: string; password: string }> = {}) {
  return createTeam(owner, event.id, teamInput(over));
}

export async function makeEventChallenge(event: Event, initialValue = 100): Promise<Challenge> {
  const name = unique('cat');
  const category = await db.category.create({ data: { name, nameKey: name } });
  return db.challenge.create({
    data: {
      name: unique('Challenge '),
      categoryId: category.id,
      eventId: event.id,
      description: '<p>Find the flag.</p>',
      initialValue,
      flag: { create: { value: 'CTF{team}', collation: 'plain_text' } },
    },
  });
}

/** A team's solve as submitFlag writes it; `isValidated` null is pending, true accepted, false rejected. */
export async function makeTeamSolve(
  event: Event,
  challenge: Challenge,
  learner: User,
  teamId: number,
  over: Partial<{ score: number; isValidated: boolean | null; at: Date }> = {},
) {
  const scope: Scope = { kind: 'event', event };
  const isValidated = over.isValidated === undefined ? true : over.isValidated;
  return db.submission.create({
    data: {
      challengeId: challenge.id,
      learnerId: learner.id,
      teamId,
      eventId: event.id,
      score: over.score ?? challenge.initialValue,
      isCorrect: true,
      isValidated,
      solveKey: isValidated === false ? null : solveKey(scope, { learnerId: learner.id, teamId }, challenge.id),
      ...(over.at ? { createdAt: over.at } : {}),
    },
  });
}
