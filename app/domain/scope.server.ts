// Practice and event pages share their modules (ARCHITECTURE "Scope"). The scope is resolved once
// from the URL and passed to the domain, which applies its rules: what its kind of play implies
// (event-types.ts) and which of its submissions count (countingRule, defined once here).
import type { Event, Prisma } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { NotFound } from '~/lib/errors.server';
import { Kept } from '~/lib/kept.server';
import { eventTypeRules, PRACTICE_RULES, type PlayRules } from './event-types';

export type Scope = { kind: 'practice' } | { kind: 'event'; event: Event };
export const PRACTICE: Scope = { kind: 'practice' };

export const EVENT_NOT_FOUND = 'No Event matches the given query.';

// Every event page and event API call starts here: the rows are kept (lib/kept.server.ts) until an
// event is written, so a warm request reads no database to know its scope.
const events = new Kept<number, Promise<Event | null>>(['Event'], (id) => db.event.findUnique({ where: { id } }), 10_000);

export async function resolveScope(params: { eventId?: string }): Promise<Scope> {
  if (params.eventId === undefined) return PRACTICE;
  const scope = await eventScope(Number(params.eventId));
  if (!scope) throw new NotFound(EVENT_NOT_FOUND);
  return scope;
}

/** The scope of the event with this id (a challenge's own), from the kept rows; null when there is none. */
export async function eventScope(id: number): Promise<(Scope & { kind: 'event' }) | null> {
  const event = Number.isSafeInteger(id) && id > 0 ? await events.get(id) : null;
  return event ? { kind: 'event', event } : null;
}

/** An event's scope by id (the /api/events/{id}/... calls). */
export async function resolveEvent(eventId: string | undefined): Promise<Scope & { kind: 'event' }> {
  return (await resolveScope({ eventId: eventId ?? '' })) as Scope & { kind: 'event' };
}

export const scopeEventId = (scope: Scope): number | null => (scope.kind === 'event' ? scope.event.id : null);

/** Challenges that belong to the scope. */
export function inScope(scope: Scope): { eventId: number | null } {
  return { eventId: scopeEventId(scope) };
}

/** The URL prefix of the scope's pages. */
export function scopePath(scope: Scope): string {
  return scope.kind === 'practice' ? '/practices' : `/competes/${scope.event.id}`;
}

/** How a file exported from the scope's pages names it: `practice`, or the event's id and name. */
export function scopeFileLabel(scope: Scope): string {
  return scope.kind === 'practice' ? 'practice' : `event-${scope.event.id}-${scope.event.name}`;
}

export type EventPhase = 'upcoming' | 'active' | 'ended';

/** SPEC §3 is_active: now between start_date and end_date (both included). */
export function eventPhase(event: Pick<Event, 'startDate' | 'endDate'>, now = new Date()): EventPhase {
  if (now < event.startDate) return 'upcoming';
  return now <= event.endDate ? 'active' : 'ended';
}

/** What playing in this scope implies (team, writeup, review, coins, training only). */
export function rulesOf(scope: Scope): PlayRules {
  return scope.kind === 'practice' ? PRACTICE_RULES : eventTypeRules(scope.event.type);
}

/**
 * The unique key that makes a second scoring submission impossible: one per player (or team) and
 * challenge. Set while the submission counts or waits for review; cleared when it is rejected.
 */
export function solveKey(scope: Scope, who: { learnerId: number; teamId: number | null }, challengeId: number): string {
  return rulesOf(scope).team && who.teamId ? `t:${who.teamId}:${challengeId}` : `u:${who.learnerId}:${challengeId}`;
}

// ---- Which submissions count ------------------------------------------------------------------
//
// THE definition: a submission counts in a scope when it belongs to the scope, holds its solveKey
// (correct and not rejected) and, where solves wait for review and do not count meanwhile, has been
// validated. The Prisma filter, the SQL fragment and the predicate below are all derived from
// countingRule; the standings, the board, category progress, solve counts, dynamic values and the
// Solved badge use them and nothing else.

export interface CountingRule { eventId: number | null; validatedOnly: boolean }

export function countingRule(scope: Scope): CountingRule {
  const rules = rulesOf(scope);
  return { eventId: scopeEventId(scope), validatedOnly: rules.reviewed && !rules.countsWhilePending };
}

/** countingRule as a Prisma filter on Submission. */
export function countingSubmissions(scope: Scope): Prisma.SubmissionWhereInput {
  const rule = countingRule(scope);
  return { eventId: rule.eventId, solveKey: { not: null }, ...(rule.validatedOnly ? { isValidated: true } : {}) };
}

/**
 * countingRule as an SQL condition on "Submission" (optionally through a table alias). The event id
 * is an integer from the database, written in literally so each scope gets its own prepared
 * statement and query plan (`eventId IS NULL` / `eventId = N` both use the indexes).
 */
export function countingSql(scope: Scope, alias = ''): string {
  const rule = countingRule(scope);
  const column = (name: string) => (alias ? `${alias}."${name}"` : `"${name}"`);
  if (rule.eventId !== null && !Number.isSafeInteger(rule.eventId)) throw new Error('An event id is an integer.');
  const event = rule.eventId === null ? `${column('eventId')} IS NULL` : `${column('eventId')} = ${rule.eventId}`;
  return `${event} AND ${column('solveKey')} IS NOT NULL${rule.validatedOnly ? ` AND ${column('isValidated')} = TRUE` : ''}`;
}

/**
 * countingRule for one submission already read (the player's last one, say); `scoring` tells whether
 * it still holds its solveKey, i.e. is correct and was not rejected.
 */
export function submissionCounts(scope: Scope, s: { isCorrect: boolean; isValidated: boolean | null }): boolean {
  if (!s.isCorrect || s.isValidated === false) return false;
  return countingRule(scope).validatedOnly ? s.isValidated === true : true;
}
