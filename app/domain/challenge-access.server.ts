// Who may see or play which challenge, through which scope: THE access rule. Every page, API route
// and hot path (board, dialog, verify, submit, hint, files, solvers, categories of an event) asks
// here; nothing else decides.
import type { Challenge } from '~/generated/prisma/client';
import { Forbidden, NotFound, type DomainError } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import { Kept } from '~/lib/kept.server';
import { statement } from '~/lib/sql.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';
import { eventPhase, eventScope, PRACTICE, rulesOf, scopeEventId, type Scope } from './scope.server';

export const CHALLENGE_NOT_FOUND = 'No Challenge matches the given query.';
export const ACCESS_MESSAGES = {
  trainingOnly: 'This event is reserved for learners enrolled in our training offer.',
  ended: 'This event has ended: flags are no longer accepted.',
  teamNeeded: 'You need a team to play this event: create or join one first.',
  staffSubmit: 'Staff accounts check flags but do not submit them.',
  notStarted: (start: Date) => say('This event has not started yet: it starts on {{start}} UTC.', { start: start.toISOString().slice(0, 16).replace('T', ' ') }),
} as const;

/**
 * Why the rule refuses a door it does not hide (403): a code for the callers that act on the reason
 * (the board's notices, the event cards' dialog), the message for the person.
 */
export type RefusalKind = 'training-only' | 'not-started' | 'ended' | 'team' | 'staff';
export class AccessRefused extends Forbidden {
  constructor(readonly kind: RefusalKind, message: string) {
    super(message);
  }
}

/**
 * What the actor wants: to see (the board, the dialog, files, solvers), to check a flag or unlock a
 * hint (play), or to submit a solve (play, and never staff).
 */
export type Intent = 'see' | 'check' | 'submit';

/**
 * The scope the request came through: the practice or event URL it names, or 'own' for the API's
 * scope-less paths (/api/challenges/{id}/...), where the challenge's own scope applies.
 */
export type Via = Scope | 'own';

/**
 * The rule itself, on facts already read: null when allowed, else the error to answer with. Wrong
 * scope and hidden challenges are 404 (nothing is revealed); a closed door is 403 with the reason.
 * `challenge` absent: the question is about the scope as a whole (its board, its categories).
 */
export function accessRefusal(
  actor: Actor,
  facts: { challenge?: Pick<Challenge, 'eventId' | 'isActive'>; scope: Scope; teamId: number | null },
  via: Via,
  intent: Intent,
  now = new Date(),
): DomainError | null {
  const { challenge, scope } = facts;
  if (challenge && via !== 'own' && scopeEventId(via) !== challenge.eventId) return new NotFound(CHALLENGE_NOT_FOUND);
  if (intent === 'submit' && isStaff(actor)) return new AccessRefused('staff', ACCESS_MESSAGES.staffSubmit);
  if (isStaff(actor)) return null;
  if (challenge && !challenge.isActive) return new NotFound(CHALLENGE_NOT_FOUND);
  if (scope.kind === 'practice') return null;
  const rules = rulesOf(scope);
  const closed = entryRefusal(actor, scope);
  if (closed) return closed;
  const phase = eventPhase(scope.event, now);
  if (phase === 'upcoming') return new AccessRefused('not-started', ACCESS_MESSAGES.notStarted(scope.event.startDate));
  if (intent === 'see') return null;
  if (phase === 'ended') return new AccessRefused('ended', ACCESS_MESSAGES.ended);
  if (rules.team && facts.teamId === null) return new AccessRefused('team', ACCESS_MESSAGES.teamNeeded);
  return null;
}

/**
 * Whether the actor may enter the scope at all, whatever its dates: training-platform events are
 * for validated learners and staff (SPEC §1). Part of accessRefusal, and asked alone by the event
 * cards and GET /api/events/{id}/access-permission/.
 */
export function entryRefusal(actor: Pick<Actor, 'isStaff' | 'isSuperuser' | 'isValidated'>, scope: Scope): DomainError | null {
  if (isStaff(actor) || scope.kind === 'practice') return null;
  return rulesOf(scope).trainingOnly && !actor.isValidated ? new AccessRefused('training-only', ACCESS_MESSAGES.trainingOnly) : null;
}

// The facts, read with prepared statements: this runs on every flag attempt.
type Row<T, Booleans extends keyof T, Dates extends keyof T> = Omit<T, Booleans | Dates> & { [K in Booleans]: number } & { [K in Dates]: string };
/** The columns play needs (not the description and its source: this runs on every attempt). */
export type PlayedChallenge = Pick<Challenge, 'id' | 'eventId' | 'type' | 'initialValue' | 'minimalValue' | 'decayValue' | 'isActive'>;
type ChallengeRow = Row<PlayedChallenge, 'isActive', never> & { flagValue: string | null; flagCollation: string | null; hintId: number | null };
const challengeWithFlag = statement<ChallengeRow, [number]>(
  `SELECT c.id, c."eventId", c.type, c."initialValue", c."minimalValue", c."decayValue", c."isActive", f.value AS "flagValue", f.collation AS "flagCollation", h.id AS "hintId"
   FROM "Challenge" c LEFT JOIN "Flag" f ON f."challengeId" = c.id LEFT JOIN "Hint" h ON h."challengeId" = c.id WHERE c.id = ?`,
);
const teamOf = statement<{ teamId: number }, [number, number]>('SELECT "teamId" FROM "TeamMember" WHERE "eventId" = ? AND "userId" = ?');
// Both are read on every attempt and change only when staff edit a challenge or a team changes:
// kept until a write to their tables (lib/kept.server.ts), which drops them at once.
const challengeFacts = new Kept<number, Promise<ChallengeRow | undefined>>(['Challenge', 'Flag', 'Hint'], (id) => challengeWithFlag.get(id), 10_000);
const memberships = new Kept<string, Promise<{ teamId: number } | undefined>>(
  ['TeamMember'],
  (key) => {
    const [eventId, userId] = key.split(':').map(Number);
    return teamOf.get(eventId, userId);
  },
  10_000,
);

export interface Access {
  challenge: PlayedChallenge;
  flag: { value: string; collation: string } | null;
  /** The challenge's own scope. */
  scope: Scope;
  /** The actor's team in that scope (team events), or null. */
  teamId: number | null;
  /** The challenge's hint, if it has one (a solve looks for an unlock only then). */
  hintId: number | null;
}

/** Whether the actor plays the scope in a team (so the team must be looked up). */
const inTeam = (actor: Actor, scope: Scope): scope is Extract<Scope, { kind: 'event' }> => scope.kind === 'event' && rulesOf(scope).team && !isStaff(actor);

async function teamIn(actor: Actor, scope: Scope): Promise<number | null> {
  return inTeam(actor, scope) ? ((await memberships.get(`${scope.event.id}:${actor.id}`))?.teamId ?? null) : null;
}

/** The challenge with its flag and scope, if the actor may `intent` it through `via`; the refusal otherwise. */
export async function challengeAccess(actor: Actor | null, id: number, via: Via, intent: Intent): Promise<Access> {
  requireAuthenticated(actor);
  const row = Number.isSafeInteger(id) && id > 0 ? await challengeFacts.get(id) : undefined;
  // Practice (most attempts) needs no other read: no promise to wait for either.
  const scope = !row ? null : row.eventId === null ? PRACTICE : await eventScope(row.eventId);
  if (!row || !scope) throw new NotFound(CHALLENGE_NOT_FOUND);
  const { flagValue, flagCollation, hintId, ...columns } = row;
  const challenge: PlayedChallenge = { ...columns, isActive: !!columns.isActive };
  const teamId = inTeam(actor, scope) ? await teamIn(actor, scope) : null;
  const refused = accessRefusal(actor, { challenge, scope, teamId }, via, intent);
  if (refused) throw refused;
  return { challenge, flag: flagValue === null ? null : { value: flagValue, collation: flagCollation ?? 'plain_text' }, scope, teamId, hintId };
}

/** Whether the actor may `intent` the scope's challenges as a whole (its board, its categories). */
export async function assertScopeAccess(actor: Actor | null, scope: Scope, intent: Intent = 'see'): Promise<{ teamId: number | null }> {
  requireAuthenticated(actor);
  const teamId = await teamIn(actor, scope);
  const refused = accessRefusal(actor, { scope, teamId }, scope, intent);
  if (refused) throw refused;
  return { teamId };
}

const PLAY_BLOCKS = ['team', 'ended', 'staff'] as const;
export type PlayBlock = (typeof PLAY_BLOCKS)[number] | null;

/**
 * What keeps the actor from playing a scope whose board they may see (the board shows it: a team
 * event's 'Join a team' dialog, an ended event read-only, staff checking only), from the same rule.
 */
export async function playBlock(actor: Actor | null, scope: Scope): Promise<{ teamId: number | null; block: PlayBlock }> {
  const { teamId } = await assertScopeAccess(actor, scope);
  const refused = accessRefusal(actor!, { scope, teamId }, scope, 'submit');
  const block: PlayBlock = refused instanceof AccessRefused && (PLAY_BLOCKS as readonly string[]).includes(refused.kind) ? (refused.kind as PlayBlock) : null;
  return { teamId, block };
}
