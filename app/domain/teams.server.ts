// Teams (SPEC §2 "Team forms", "Team and player pages", §3 Team, §4 Team play, §8): create, join,
// update, my team, a team's page, an event's teams. Pages and /api/teams call these functions and
// nothing else decides who may do what with a team.
//
// Rules kept here (docs/rules.md "Teams"):
// - Teams exist in team events only (the registry's `team` rule), and are created or joined while
//   the event is upcoming or active. Training-platform events keep their door: validated learners.
// - Staff do not play, so they neither create nor join teams (SPEC §6: no Team menu for staff).
// - One team per player and event: the unique TeamMember(eventId, userId) is the guard, so parallel
//   requests cannot give a player two teams; its violation is the 403 of SPEC §8.
// - Creating or joining registers the player in the event, in the same transaction.
// - The invitation code and the password hash never leave the team's members (the hash: nobody).
import { randomBytes } from 'node:crypto';
import type { Event, Prisma, Team } from '~/generated/prisma/client';
import { db } from '~/lib/db.server';
import { DomainError, Forbidden, Invalid, NotFound, uniqueViolation } from '~/lib/errors.server';
import { say } from '~/lib/i18n';
import { PAGE_SIZE, type Page } from '~/lib/pagination';
import { hashPassword, verifyPassword } from '~/lib/password.server';
import { consume, limiter } from '~/lib/rate-limit.server';
import { noSuchObject } from '~/schemas/fields';
import { NO_TEAM, TEAM_UPDATED, type TeamCreateInput, type TeamJoinInput, type TeamUpdateInput } from '~/schemas/team';
import { entryRefusal } from './challenge-access.server';
import { noticeTeamJoined } from './notifications.server';
import { isStaff, requireAuthenticated, type Actor } from './policy.server';
import { countingSubmissions, eventPhase, rulesOf, type Scope } from './scope.server';
import { teamStandings, type EventScope, type RankedTeam } from './team-standings.server';
import { viewOfUser } from './user-view.server';
import { recordRegistration } from './events.server';

export const TEAM_MESSAGES = {
  updated: TEAM_UPDATED,
  alreadyInTeam: 'You already have an active group. You cannot have multiple active groups.',
  noTeam: NO_TEAM,
  notFound: 'No Team matches the given query.',
  nameTaken: 'A team with this name already exists in this event.',
  staff: 'Staff accounts do not play in teams.',
  notTeamEvent: 'This event is not played in teams.',
  ended: 'This event has ended: its teams can no longer be created or joined.',
  eventRequired: 'Choose the event of the team.',
  wrongCredentials: 'No team of an open event has this name and password.',
  ambiguous: 'Several teams have this name and password: choose the event.',
  alreadyMember: 'You are already a member of this team.',
  ownerOnly: 'Only the team leader can modify the team.',
  wrongCurrentPassword: 'The current password is not correct.',
  full: (limit: number) =>
    limit === 1 ? say('This team is full: teams of this event have at most 1 member.') : say('This team is full: teams of this event have at most {{count}} members.', { count: limit }),
} as const;

/** SPEC §9: invitation codes are 50 word characters. */
const CODE_LENGTH = 50;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 50 random word characters (uniform: 248 is the largest multiple of 62 below 256). */
export function invitationCode(): string {
  let code = '';
  while (code.length < CODE_LENGTH) {
    for (const byte of randomBytes(64)) if (byte < 248 && code.length < CODE_LENGTH) code += CODE_ALPHABET[byte % 62];
  }
  return code;
}

const nameKey = (name: string) => name.trim().toLowerCase();

// Wrong team passwords per player: joining by name and password is a password guess.
const wrongJoins = limiter('team-join', 20, 15 * 60);

// ---- Who may create or join -----------------------------------------------------------------

/** A signed-in player who is not staff: who may create, join or have a team (checked before a body is read). */
export function requireTeamPlayer(actor: Actor | null | undefined): asserts actor is Actor {
  requireAuthenticated(actor);
  if (isStaff(actor)) throw new Forbidden(TEAM_MESSAGES.staff);
}

/** The refusal for playing `event` in a team, or null. `field` names the input for the event. */
function teamDoor(actor: Actor, event: Event, field: 'event' | null): DomainError | null {
  if (isStaff(actor)) return new Forbidden(TEAM_MESSAGES.staff);
  const rules = rulesOf({ kind: 'event', event });
  const refuse = (message: string) => (field ? new Invalid({ [field]: [message] }) : new DomainError(400, message));
  if (!rules.team) return refuse(TEAM_MESSAGES.notTeamEvent);
  if (eventPhase(event) === 'ended') return refuse(TEAM_MESSAGES.ended);
  return entryRefusal(actor, { kind: 'event', event });
}

/** Team events open for teams (upcoming or active), soonest first: the choice of /teams/create. */
export async function eventsOpenForTeams(): Promise<Event[]> {
  const events = await db.event.findMany({ where: { endDate: { gte: new Date() } }, orderBy: [{ startDate: 'asc' }, { id: 'asc' }] });
  return events.filter((e) => rulesOf({ kind: 'event', event: e }).team && eventPhase(e) !== 'ended');
}

// ---- Unique keys ------------------------------------------------------------------------------

/** Which unique key a Prisma error broke, if it is a unique violation ('' when not). */
function brokenKey(error: unknown): string {
  const text = uniqueViolation(error);
  if (text === null) return '';
  if (/nameKey/.test(text)) return 'name';
  if (/codeInvitation/.test(text)) return 'code';
  if (/TeamMember|userId/.test(text)) return 'member';
  return 'other';
}

async function assertNoTeamIn(actor: Actor, eventId: number) {
  const member = await db.teamMember.findUnique({ where: { eventId_userId: { eventId, userId: actor.id } }, select: { teamId: true } });
  if (member) throw new Forbidden(TEAM_MESSAGES.alreadyInTeam);
}

/** Makes the actor a member (and a registered player) of the event, inside a transaction. */
async function enrol(tx: Prisma.TransactionClient, teamId: number, eventId: number, userId: number) {
  await tx.teamMember.create({ data: { teamId, eventId, userId } });
  await recordRegistration(tx, eventId, userId);
}

// ---- Create -----------------------------------------------------------------------------------

/** Creates a team in an event; the creator is its owner and first member (SPEC §2 "Team forms"). */
export async function createTeam(actor: Actor | null, eventId: number | undefined, input: TeamCreateInput): Promise<Team> {
  requireTeamPlayer(actor);
  if (!eventId) throw new Invalid({ event: [TEAM_MESSAGES.eventRequired] });
  const event = await db.event.findUnique({ where: { id: eventId } });
  if (!event) throw new Invalid({ event: [noSuchObject(eventId)] });
  const refused = teamDoor(actor, event, 'event');
  if (refused) throw refused;
  const name = input.name.trim();
  await assertNoTeamIn(actor, event.id);
  if (await db.team.findUnique({ where: { eventId_nameKey: { eventId: event.id, nameKey: nameKey(name) } }, select: { id: true } })) {
    throw new Invalid({ name: [TEAM_MESSAGES.nameTaken] });
  }
  // Hashing takes tens of milliseconds: never inside a transaction (they hold the connection).
  const passwordHash = await hashPassword(input.password);
  try {
    return await db.$transaction(async (tx) => {
      const team = await tx.team.create({
        data: { name, nameKey: nameKey(name), eventId: event.id, ownerId: actor.id, passwordHash, codeInvitation: invitationCode() },
      });
      await enrol(tx, team.id, event.id, actor.id);
      return team;
    });
  } catch (error) {
    const broke = brokenKey(error);
    if (broke === 'member') throw new Forbidden(TEAM_MESSAGES.alreadyInTeam);
    if (broke === 'name') throw new Invalid({ name: [TEAM_MESSAGES.nameTaken] });
    throw error;
  }
}

// ---- Join -------------------------------------------------------------------------------------

type TeamWithEvent = Team & { event: Event };

/** The team an invitation code opens, for the join page (anonymous callers are the page's business). */
export async function teamByCode(actor: Actor | null, code: string): Promise<TeamWithEvent> {
  requireAuthenticated(actor);
  const team = /^\w{1,50}$/.test(code) ? await db.team.findUnique({ where: { codeInvitation: code }, include: { event: true } }) : null;
  if (!team) throw new NotFound(TEAM_MESSAGES.notFound);
  return team;
}

/** The team named by the join input: its code, or its name and password (checked here). */
async function teamToJoin(actor: Actor, input: TeamJoinInput): Promise<TeamWithEvent> {
  if (input.code_invitation) {
    const team = await db.team.findUnique({ where: { codeInvitation: input.code_invitation }, include: { event: true } });
    if (!team) throw new NotFound(TEAM_MESSAGES.notFound);
    return team;
  }
  const limitKey = String(actor.id);
  const state = await wrongJoins.get(limitKey);
  if (state && state.remainingPoints <= 0) await consume([wrongJoins, limitKey]);
  const candidates = await db.team.findMany({
    where: { nameKey: nameKey(input.name ?? ''), ...(input.event ? { eventId: input.event } : {}), event: { endDate: { gte: new Date() } } },
    include: { event: true },
  });
  const matching: TeamWithEvent[] = [];
  for (const team of candidates) if (await verifyPassword(input.password ?? '', team.passwordHash)) matching.push(team);
  if (matching.length === 0) {
    await wrongJoins.consume(limitKey).catch(() => {});
    throw new DomainError(400, TEAM_MESSAGES.wrongCredentials);
  }
  if (matching.length > 1) throw new Invalid({ event: [TEAM_MESSAGES.ambiguous] });
  return matching[0];
}

/**
 * Joins a team by invitation code or by name and password. Refused: staff, closed or non-team
 * events, a player who already has a team in that event (SPEC §8's 403), a full team.
 */
export async function joinTeam(actor: Actor | null, input: TeamJoinInput): Promise<Team> {
  requireTeamPlayer(actor);
  const team = await teamToJoin(actor, input);
  const refused = teamDoor(actor, team.event, null);
  if (refused) throw refused;
  const mine = await db.teamMember.findUnique({ where: { eventId_userId: { eventId: team.eventId, userId: actor.id } }, select: { teamId: true } });
  if (mine?.teamId === team.id) throw new DomainError(400, TEAM_MESSAGES.alreadyMember);
  if (mine) throw new Forbidden(TEAM_MESSAGES.alreadyInTeam);
  const limit = team.event.teamSizeLimit;
  try {
    await db.$transaction(async (tx) => {
      // Counted inside the transaction: nothing else writes meanwhile (lib/sql.server.ts's gate), so
      // parallel joins cannot overfill the team.
      if (limit !== null && (await tx.teamMember.count({ where: { teamId: team.id } })) >= limit) {
        throw new Forbidden(TEAM_MESSAGES.full(limit));
      }
      await enrol(tx, team.id, team.eventId, actor.id);
      await noticeTeamJoined(tx, team, actor);
    });
  } catch (error) {
    if (brokenKey(error) === 'member') throw new Forbidden(TEAM_MESSAGES.alreadyInTeam);
    throw error;
  }
  return team;
}

// ---- Update -----------------------------------------------------------------------------------

/**
 * Renames the team or changes its password: the owner only, and a new password only with the
 * current one (SPEC §2 "/teams/me", §8 'Your Team account has been successfully modified.').
 */
export async function updateTeam(actor: Actor | null, teamId: number, input: TeamUpdateInput): Promise<Team> {
  requireAuthenticated(actor);
  const team = await findTeam(teamId);
  if (team.ownerId !== actor.id) {
    const member = await db.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId: actor.id } }, select: { userId: true } });
    throw new Forbidden(member ? TEAM_MESSAGES.ownerOnly : 'You do not have permission to perform this action.');
  }
  const name = input.name.trim();
  const clash = await db.team.findUnique({ where: { eventId_nameKey: { eventId: team.eventId, nameKey: nameKey(name) } }, select: { id: true } });
  if (clash && clash.id !== team.id) throw new Invalid({ name: [TEAM_MESSAGES.nameTaken] });
  let passwordHash: string | undefined;
  if (input.password) {
    if (!(await verifyPassword(input.current_password ?? '', team.passwordHash))) throw new Invalid({ current_password: [TEAM_MESSAGES.wrongCurrentPassword] });
    passwordHash = await hashPassword(input.password);
  }
  try {
    return await db.team.update({ where: { id: team.id }, data: { name, nameKey: nameKey(name), ...(passwordHash ? { passwordHash } : {}) } });
  } catch (error) {
    if (brokenKey(error) === 'name') throw new Invalid({ name: [TEAM_MESSAGES.nameTaken] });
    throw error;
  }
}

// ---- Reading ----------------------------------------------------------------------------------

async function findTeam(teamId: number): Promise<Team> {
  const team = Number.isSafeInteger(teamId) && teamId > 0 ? await db.team.findUnique({ where: { id: teamId } }) : null;
  if (!team) throw new NotFound(TEAM_MESSAGES.notFound);
  return team;
}

export interface TeamMemberView {
  id: number;
  username: string;
  country: string;
  isOwner: boolean;
  /** Points the member's counted solves brought the team. */
  score: number;
  /** Challenges the member solved for the team (counted submissions). */
  solved: number;
}

export interface TeamView {
  id: number;
  name: string;
  event: { id: number; name: string; startDate: Date; endDate: Date };
  ownerId: number;
  isStaff: boolean;
  /** The team's total points in its event (team-standings.server.ts). */
  points: number;
  members: TeamMemberView[];
  /** Whether the viewer belongs to the team. */
  isMember: boolean;
  isOwner: boolean;
  /** Members only (SPEC §2: the invitation link is the members' own). */
  codeInvitation: string | null;
}

const eventScope = (event: Event): EventScope => ({ kind: 'event', event });

/** Everything a team page or the API shows of a team, as the viewer may see it. */
export async function teamView(actor: Actor | null, teamId: number): Promise<TeamView> {
  requireAuthenticated(actor);
  const team = await db.team.findUnique({
    where: { id: Number.isSafeInteger(teamId) && teamId > 0 ? teamId : 0 },
    include: { event: true, members: { orderBy: [{ joinedAt: 'asc' }, { userId: 'asc' }], include: { user: { select: { id: true, username: true, country: true } } } } },
  });
  if (!team) throw new NotFound(TEAM_MESSAGES.notFound);
  const scope = eventScope(team.event);
  const [standings, byMember] = await Promise.all([
    teamStandings(scope),
    db.submission.groupBy({ by: ['learnerId'], where: { ...countingSubmissions(scope), teamId: team.id }, _sum: { score: true }, _count: { _all: true } }),
  ]);
  const contribution = new Map(byMember.map((r) => [r.learnerId, { score: r._sum.score ?? 0, solved: r._count._all }]));
  const isMember = team.members.some((m) => m.userId === actor.id);
  const members = team.members
    .map((m) => ({ id: m.user.id, username: m.user.username, country: m.user.country || 'BJ', isOwner: m.userId === team.ownerId, ...(contribution.get(m.userId) ?? { score: 0, solved: 0 }) }))
    .sort((a, b) => Number(b.isOwner) - Number(a.isOwner));
  return {
    id: team.id,
    name: team.name,
    event: { id: team.event.id, name: team.event.name, startDate: team.event.startDate, endDate: team.event.endDate },
    ownerId: team.ownerId,
    isStaff: team.isStaff,
    points: standings.pointsOf(team.id),
    members,
    isMember,
    isOwner: team.ownerId === actor.id,
    codeInvitation: isMember ? team.codeInvitation : null,
  };
}

/** A team as seen through its event's pages: 404 when it belongs to another event. */
export async function teamInEvent(actor: Actor | null, scope: Scope, teamId: number): Promise<TeamView> {
  const view = await teamView(actor, teamId);
  if (scope.kind !== 'event' || view.event.id !== scope.event.id) throw new NotFound(TEAM_MESSAGES.notFound);
  return view;
}

/**
 * The actor's teams in events that have not ended, the current event's first (active ones by end
 * date, then upcoming ones by start date): /teams/me shows the first and offers the others.
 */
export async function myTeams(actor: Actor | null): Promise<{ id: number; name: string; event: { id: number; name: string } }[]> {
  requireAuthenticated(actor);
  const now = new Date();
  const rows = await db.teamMember.findMany({
    where: { userId: actor.id, event: { endDate: { gte: now } } },
    include: { team: { select: { id: true, name: true } }, event: true },
  });
  const phaseOrder = (e: Event) => (eventPhase(e, now) === 'active' ? 0 : 1);
  const when = (e: Event) => (phaseOrder(e) === 0 ? e.endDate : e.startDate).getTime();
  rows.sort((a, b) => phaseOrder(a.event) - phaseOrder(b.event) || when(a.event) - when(b.event) || a.teamId - b.teamId);
  return rows.filter((r) => eventPhase(r.event, now) !== 'ended').map((r) => ({ id: r.team.id, name: r.team.name, event: { id: r.event.id, name: r.event.name } }));
}

/**
 * The actor's team for /teams/me: the one asked for (`teamId`, if it is theirs and still open) or
 * the current/next one; null when they have none. Staff have no team page (SPEC §2).
 */
export async function myTeam(actor: Actor | null, teamId?: number | null): Promise<{ team: TeamView; others: Awaited<ReturnType<typeof myTeams>> } | null> {
  requireTeamPlayer(actor);
  const teams = await myTeams(actor);
  const chosen = teams.find((t) => t.id === teamId) ?? teams[0];
  if (!chosen) return null;
  return { team: await teamView(actor, chosen.id), others: teams };
}

/** Whether the user plays in a team of an event that has not ended (users/me's has_active_team). */
export async function hasActiveTeam(userId: number): Promise<boolean> {
  return (await db.teamMember.count({ where: { userId, event: { endDate: { gte: new Date() } } } })) > 0;
}

/** An event's teams, ranked, 10 per page (SPEC §2 "Teams list"; staff teams hidden). */
export async function listTeams(actor: Actor | null, scope: Scope, page: number, pageSize: number = PAGE_SIZE.list): Promise<Page<RankedTeam>> {
  requireAuthenticated(actor);
  if (scope.kind !== 'event' || !rulesOf(scope).team) throw new NotFound('This event has no teams.');
  return (await teamStandings(scope)).page(page, pageSize);
}

/** A member's solves for the team, oldest first, and the member as the viewer may see them (the player-within-team page). */
export async function teamPlayer(actor: Actor | null, scope: Scope, teamId: number, userId: number) {
  const team = await teamInEvent(actor, scope, teamId);
  const member = team.members.find((m) => m.id === userId);
  if (!member || scope.kind !== 'event') throw new NotFound('No User matches the given query.');
  const [user, solves] = await Promise.all([
    db.user.findUniqueOrThrow({ where: { id: member.id } }),
    db.submission.findMany({
      where: { ...countingSubmissions(scope), teamId: team.id, learnerId: member.id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      select: { id: true, score: true, challenge: { select: { id: true, name: true, initialValue: true } } },
    }),
  ]);
  return { team, member, player: viewOfUser(actor!, user), solves };
}

/** The challenges a team solved in its event (counted submissions), oldest first, with who solved each. */
export async function teamSolves(scope: Scope, teamId: number) {
  if (scope.kind !== 'event') return [];
  return db.submission.findMany({
    where: { ...countingSubmissions(scope), teamId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, score: true, createdAt: true, learner: { select: { id: true, username: true } }, challenge: { select: { id: true, name: true, initialValue: true } } },
  });
}

/**
 * The team's correct submissions that wait for staff review (they count once validated), for its
 * members and staff; [] for anyone else, who sees only what counts.
 */
export async function teamAwaitingReview(actor: Actor, scope: Scope, team: { id: number; isMember: boolean }) {
  if (scope.kind !== 'event' || rulesOf(scope).countsWhilePending || !(team.isMember || isStaff(actor))) return [];
  return db.submission.findMany({
    where: { teamId: team.id, eventId: scope.event.id, isCorrect: true, isValidated: null },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true, score: true, learner: { select: { username: true } }, challenge: { select: { name: true } } },
  });
}

/** The actor's team in one event (id and name), or null: what an event's team pages offer them. */
export async function myTeamIn(actor: Actor, eventId: number): Promise<{ id: number; name: string } | null> {
  const row = await db.teamMember.findUnique({ where: { eventId_userId: { eventId, userId: actor.id } }, select: { team: { select: { id: true, name: true } } } });
  return row?.team ?? null;
}

/**
 * A team's submissions, newest first, 10 per page: its members and staff see every one (pending and
 * rejected included); others see those that count.
 */
export async function teamSubmissions(actor: Actor | null, teamId: number, page: number, pageSize: number = PAGE_SIZE.list) {
  requireAuthenticated(actor);
  const team = await db.team.findUnique({ where: { id: Number.isSafeInteger(teamId) && teamId > 0 ? teamId : 0 }, include: { event: true } });
  if (!team) throw new NotFound(TEAM_MESSAGES.notFound);
  const member = await db.teamMember.findUnique({ where: { teamId_userId: { teamId: team.id, userId: actor.id } }, select: { userId: true } });
  const where: Prisma.SubmissionWhereInput =
    member || isStaff(actor) ? { teamId: team.id, eventId: team.eventId } : { ...countingSubmissions(eventScope(team.event)), teamId: team.id };
  const [count, results] = await Promise.all([
    db.submission.count({ where }),
    db.submission.findMany({
      where,
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip: (page - 1) * pageSize,
      take: pageSize,
      select: {
        id: true, score: true, isCorrect: true, isValidated: true, createdAt: true,
        learner: { select: { id: true, username: true } },
        challenge: { select: { id: true, name: true, initialValue: true, category: { select: { name: true } } } },
      },
    }),
  ]);
  return { team, page: { count, page, pageSize, results } };
}
