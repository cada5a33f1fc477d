// Practice and event pages share their modules (ARCHITECTURE "Scope"). The scope is resolved once
// from the URL and passed to the domain, which applies its rules.
import type { Event, Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';

export type Scope = { kind: 'practice' } | { kind: 'event'; event: Event };
export const PRACTICE: Scope = { kind: 'practice' };

export async function resolveScope(params: { eventId?: string }): Promise<Scope> {
  if (params.eventId === undefined) return PRACTICE;
  const id = Number(params.eventId);
  const event = Number.isInteger(id) && id > 0 ? await db.event.findUnique({ where: { id } }) : null;
  if (!event) throw new NotFound('No Event matches the given query.');
  return { kind: 'event', event };
}

export const scopeEventId = (scope: Scope): number | null => (scope.kind === 'event' ? scope.event.id : null);

/** Challenges (or submissions) that belong to the scope. */
export function inScope(scope: Scope): { eventId: number | null } {
  return { eventId: scopeEventId(scope) };
}

/** The URL prefix of the scope's pages. */
export function scopePath(scope: Scope): string {
  return scope.kind === 'practice' ? '/practices' : `/competes/${scope.event.id}`;
}

export function isEventActive(event: Pick<Event, 'startDate' | 'endDate'>, now = new Date()): boolean {
  return event.startDate <= now && now <= event.endDate;
}

/** Whether points go to a team (team events) or to the player (practice, black-friday). */
export function playsAsTeam(scope: Scope): boolean {
  return scope.kind === 'event' && scope.event.type !== 'black-friday';
}

/**
 * The unique key that makes a second scoring submission impossible: one per player (or team) and
 * challenge. Set while the submission counts; cleared when it is rejected.
 */
export function solveKey(scope: Scope, who: { learnerId: number; teamId: number | null }, challengeId: number): string {
  return playsAsTeam(scope) && who.teamId ? `t:${who.teamId}:${challengeId}` : `u:${who.learnerId}:${challengeId}`;
}

/**
 * Submissions that count towards points: practice counts pending and validated correct submissions
 * (SPEC §4); a rejected one never counts (its solveKey is cleared).
 */
export function countingSubmissions(scope: Scope): Prisma.SubmissionWhereInput {
  return { ...inScope(scope), solveKey: { not: null } };
}

/** countingSubmissions for the prepared statements of the hot paths; its parameter is the eventId. */
export const COUNTING_SUBMISSIONS_SQL = 'eventId IS ? AND solveKey IS NOT NULL';
