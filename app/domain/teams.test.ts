import { describe, expect, it } from 'vitest';
import { db } from '~/lib/db.server';
import { DomainError, Forbidden, Invalid, NotFound } from '~/lib/errors.server';
import { verifyPassword } from '~/lib/password.server';
import { PASSWORDS_MISMATCH, teamCreateSchema, teamJoinSchema, teamUpdateSchema } from '~/schemas/team';
import { makeStaff, makeSuperuser, makeUser, refusal } from '../../tests/support/factories';
import { createTestTeam, makeEventChallenge, makeTeamEvent, makeTeamSolve, TEAM_PASSWORD, teamInput } from '../../tests/support/team-factories';
import { ACCESS_MESSAGES } from './challenge-access.server';
import { computeTeamStandings, teamStandings } from './team-standings.server';
import { createTeam, hasActiveTeam, joinTeam, listTeams, myTeam, myTeams, TEAM_MESSAGES, teamInEvent, teamPlayer, teamSubmissions, teamView, updateTeam } from './teams.server';

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

describe('creating a team', () => {
  it('makes the creator owner and first member, registers them, hashes the password and draws a 50-character code', async () => {
    const [owner, event] = [await makeUser(), await makeTeamEvent()];
    const team = await createTeam(owner, event.id, teamInput({ name: '  Red Team ' }));
    expect(team).toMatchObject({ name: 'Red Team', nameKey: 'red team', ownerId: owner.id, eventId: event.id, isStaff: false });
    expect(team.codeInvitation).toMatch(/^\w{50}$/);
    expect(team.passwordHash).not.toContain(TEAM_PASSWORD);
    expect(await verifyPassword(TEAM_PASSWORD, team.passwordHash)).toBe(true);
    expect(await db.teamMember.findMany({ where: { teamId: team.id } })).toEqual([expect.objectContaining({ userId: owner.id, eventId: event.id })]);
    expect(await db.eventRegistration.count({ where: { eventId: event.id, userId: owner.id } })).toBe(1);
    expect(await hasActiveTeam(owner.id)).toBe(true);
  });

  it('keeps names unique per event whatever their case, and lets another event reuse one', async () => {
    const [a, b, c] = [await makeUser(), await makeUser(), await makeUser()];
    const [event, other] = [await makeTeamEvent(), await makeTeamEvent()];
    await createTeam(a, event.id, teamInput({ name: 'Byte Bandits' }));
    const clash = await refusal(createTeam(b, event.id, teamInput({ name: 'bYTE bandits' })));
    expect(clash).toBeInstanceOf(Invalid);
    expect((clash as Invalid).fields).toEqual({ name: [TEAM_MESSAGES.nameTaken] });
    expect(await db.teamMember.count({ where: { userId: b.id } })).toBe(0);
    await expect(createTeam(c, other.id, teamInput({ name: 'BYTE BANDITS' }))).resolves.toMatchObject({ eventId: other.id });
  });

  it("refuses a second team for the same player and event with SPEC §8's 403", async () => {
    const [owner, event] = [await makeUser(), await makeTeamEvent()];
    await createTestTeam(owner, event);
    const error = await refusal(createTestTeam(owner, event));
    expect(error).toBeInstanceOf(Forbidden);
    expect(error.message).toBe('You already have an active group. You cannot have multiple active groups.');
    expect(await db.team.count({ where: { eventId: event.id } })).toBe(1);
  });

  it('is for upcoming and active team events only, and keeps training events to validated learners', async () => {
    const learner = await makeUser();
    await expect(createTestTeam(learner, await makeTeamEvent({ phase: 'upcoming' }))).resolves.toBeTruthy();
    const ended = await refusal(createTestTeam(learner, await makeTeamEvent({ phase: 'ended' })));
    expect((ended as Invalid).fields).toEqual({ event: [TEAM_MESSAGES.ended] });
    const friday = await refusal(createTestTeam(learner, await makeTeamEvent({ type: 'black-friday' })));
    expect((friday as Invalid).fields).toEqual({ event: [TEAM_MESSAGES.notTeamEvent] });
    const training = await makeTeamEvent({ type: 'training-platform' });
    const closed = await refusal(createTestTeam(learner, training));
    expect([closed.status, closed.message]).toEqual([403, ACCESS_MESSAGES.trainingOnly]);
    await expect(createTestTeam(await makeUser({ isValidated: true }), training)).resolves.toBeTruthy();
    expect(((await refusal(createTeam(learner, undefined, teamInput()))) as Invalid).fields).toEqual({ event: [TEAM_MESSAGES.eventRequired] });
  });

  it('refuses staff and the superuser: they do not play in teams', async () => {
    const event = await makeTeamEvent();
    for (const actor of [await makeStaff(), await makeSuperuser()]) {
      const error = await refusal(createTestTeam(actor, event));
      expect([error.status, error.message]).toEqual([403, TEAM_MESSAGES.staff]);
    }
    expect(await db.team.count({ where: { eventId: event.id } })).toBe(0);
  });

  it("checks that the passwords match ('This two password field didn't match')", () => {
    const parsed = teamCreateSchema.safeParse({ name: 'A team', password: 'long-enough-1', re_password: 'long-enough-2' });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues).toEqual([expect.objectContaining({ path: ['re_password'], message: PASSWORDS_MISMATCH })]);
    expect(PASSWORDS_MISMATCH).toBe("This two password field didn't match");
    const update = teamUpdateSchema.safeParse({ name: 'A team', password: 'long-enough-1', re_password: 'other-one-1', current_password: 'x' });
    expect(update.error!.issues.map((i) => i.message)).toContain(PASSWORDS_MISMATCH);
    expect(teamJoinSchema.safeParse({}).error!.issues.map((i) => i.path[0])).toEqual(['name', 'password']);
    expect(teamJoinSchema.safeParse({ code_invitation: 'abc' }).success).toBe(true);
  });
});

describe('joining a team', () => {
  it('by invitation code or by name and password, registering the player', async () => {
    const [owner, second, third, event] = [await makeUser(), await makeUser(), await makeUser(), await makeTeamEvent()];
    const team = await createTestTeam(owner, event, { name: 'Null Pointers' });
    await joinTeam(second, { code_invitation: team.codeInvitation });
    await joinTeam(third, { name: 'null POINTERS', password: TEAM_PASSWORD });
    const members = await db.teamMember.findMany({ where: { teamId: team.id }, orderBy: { joinedAt: 'asc' } });
    expect(members.map((m) => m.userId).sort()).toEqual([owner.id, second.id, third.id].sort());
    expect(await db.eventRegistration.count({ where: { eventId: event.id, userId: { in: [second.id, third.id] } } })).toBe(2);
  });

  it('refuses a wrong password or an unknown code, a second team, a team joined twice and staff', async () => {
    const [owner, other, learner, event] = [await makeUser(), await makeUser(), await makeUser(), await makeTeamEvent()];
    const team = await createTestTeam(owner, event, { name: 'Stack Smashers' });
    const second = await createTestTeam(other, event);
    const wrong = await refusal(joinTeam(learner, { name: 'Stack Smashers', password: 'not-the-password' }));
    expect([wrong.status, wrong.message]).toEqual([400, TEAM_MESSAGES.wrongCredentials]);
    expect(await refusal(joinTeam(learner, { code_invitation: 'x'.repeat(50) }))).toBeInstanceOf(NotFound);
    await joinTeam(learner, { code_invitation: team.codeInvitation });
    const again = await refusal(joinTeam(learner, { code_invitation: team.codeInvitation }));
    expect([again.status, again.message]).toEqual([400, TEAM_MESSAGES.alreadyMember]);
    const twice = await refusal(joinTeam(learner, { code_invitation: second.codeInvitation }));
    expect([twice.status, twice.message]).toEqual([403, TEAM_MESSAGES.alreadyInTeam]);
    const staff = await refusal(joinTeam(await makeStaff(), { code_invitation: team.codeInvitation }));
    expect([staff.status, staff.message]).toEqual([403, TEAM_MESSAGES.staff]);
    const ended = await makeTeamEvent({ phase: 'ended' });
    const old = await db.team.create({ data: { name: 'Old', nameKey: 'old', eventId: ended.id, ownerId: other.id, passwordHash: 'x', codeInvitation: 'old'.repeat(10) } });
    const late = await refusal(joinTeam(await makeUser(), { code_invitation: old.codeInvitation }));
    expect([late.status, late.message]).toEqual([400, TEAM_MESSAGES.ended]);
  });

  it("refuses joins past the event's team size limit with a clear message", async () => {
    const event = await makeTeamEvent({ teamSizeLimit: 2 });
    const team = await createTestTeam(await makeUser(), event);
    await joinTeam(await makeUser(), { code_invitation: team.codeInvitation });
    const late = await makeUser();
    const full = await refusal(joinTeam(late, { code_invitation: team.codeInvitation }));
    expect([full.status, full.message]).toEqual([403, 'This team is full: teams of this event have at most 2 members.']);
    expect(await db.teamMember.count({ where: { teamId: team.id } })).toBe(2);
    expect(await db.eventRegistration.count({ where: { eventId: event.id, userId: late.id } })).toBe(0);
  });

  it('never overfills a team when joins arrive in parallel', async () => {
    const event = await makeTeamEvent({ teamSizeLimit: 3 });
    const team = await createTestTeam(await makeUser(), event);
    const players = await Promise.all(Array.from({ length: 6 }, () => makeUser()));
    const results = await Promise.allSettled(players.map((p) => joinTeam(p, { code_invitation: team.codeInvitation })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(await db.teamMember.count({ where: { teamId: team.id } })).toBe(3);
  });

  it('20 parallel joins of one player to two teams of one event: exactly one wins', async () => {
    const event = await makeTeamEvent();
    const [a, b] = [await createTestTeam(await makeUser(), event), await createTestTeam(await makeUser(), event)];
    const player = await makeUser();
    const results = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => joinTeam(player, { code_invitation: (i % 2 ? a : b).codeInvitation })));
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(DomainError);
        expect([TEAM_MESSAGES.alreadyInTeam, TEAM_MESSAGES.alreadyMember]).toContain(r.reason.message);
      }
    }
    // Most of them passed the early check and lost at the unique key: the 403 of SPEC §8.
    expect(results.filter((r) => r.status === 'rejected' && r.reason.status === 403).length).toBeGreaterThan(0);
    const memberships = await db.teamMember.findMany({ where: { userId: player.id, eventId: event.id } });
    expect(memberships).toHaveLength(1);
    expect(memberships[0].teamId).toBe((won[0] as PromiseFulfilledResult<{ id: number }>).value.id);
    expect(await db.eventRegistration.count({ where: { eventId: event.id, userId: player.id } })).toBe(1);
  });
});

describe('updating a team', () => {
  it('lets only the owner rename it or change its password, and the password only with the current one', async () => {
    const [owner, member, outsider, event] = [await makeUser(), await makeUser(), await makeUser(), await makeTeamEvent()];
    const team = await createTestTeam(owner, event, { name: 'Before' });
    await joinTeam(member, { code_invitation: team.codeInvitation });
    const byMember = await refusal(updateTeam(member, team.id, { name: 'Taken over' }));
    expect([byMember.status, byMember.message]).toEqual([403, TEAM_MESSAGES.ownerOnly]);
    expect((await refusal(updateTeam(outsider, team.id, { name: 'Taken over' }))).status).toBe(403);
    expect(await refusal(updateTeam(owner, 999_999_999, { name: 'x' }))).toBeInstanceOf(NotFound);

    const wrong = await refusal(updateTeam(owner, team.id, { name: 'After', password: 'new-password-1', re_password: 'new-password-1', current_password: 'not-it' }));
    expect((wrong as Invalid).fields).toEqual({ current_password: [TEAM_MESSAGES.wrongCurrentPassword] });
    expect((await db.team.findUniqueOrThrow({ where: { id: team.id } })).name).toBe('Before');

    const renamed = await updateTeam(owner, team.id, { name: 'After' });
    expect(renamed).toMatchObject({ name: 'After', nameKey: 'after', passwordHash: team.passwordHash });
    const changed = await updateTeam(owner, team.id, { name: 'After', password: 'new-password-1', re_password: 'new-password-1', current_password: TEAM_PASSWORD });
    expect(await verifyPassword('new-password-1', changed.passwordHash)).toBe(true);
    await expect(joinTeam(outsider, { name: 'After', password: 'new-password-1' })).resolves.toMatchObject({ id: team.id });
  });

  it('keeps names unique in the event, whatever their case', async () => {
    const [a, b, event] = [await makeUser(), await makeUser(), await makeTeamEvent()];
    await createTestTeam(a, event, { name: 'Alpha' });
    const team = await createTestTeam(b, event, { name: 'Beta' });
    expect(((await refusal(updateTeam(b, team.id, { name: 'ALPHA' }))) as Invalid).fields).toEqual({ name: [TEAM_MESSAGES.nameTaken] });
    await expect(updateTeam(b, team.id, { name: 'BETA' })).resolves.toMatchObject({ name: 'BETA' });
  });
});

describe('reading teams', () => {
  it('shows the invitation code to members only, and never the password hash', async () => {
    const [owner, outsider, event] = [await makeUser(), await makeUser(), await makeTeamEvent()];
    const team = await createTestTeam(owner, event);
    const mine = await teamView(owner, team.id);
    expect(mine).toMatchObject({ isMember: true, isOwner: true, codeInvitation: team.codeInvitation });
    const theirs = await teamView(outsider, team.id);
    expect(theirs).toMatchObject({ isMember: false, isOwner: false, codeInvitation: null });
    expect(JSON.stringify(theirs)).not.toContain(team.codeInvitation);
    expect(JSON.stringify(mine)).not.toContain(team.passwordHash);
    expect((await teamView(await makeStaff(), team.id)).codeInvitation).toBeNull();
  });

  it("finds the player's current team first, then the next, and none after the events end", async () => {
    const player = await makeUser();
    const [upcoming, active, ended] = [await makeTeamEvent({ phase: 'upcoming' }), await makeTeamEvent(), await makeTeamEvent({ phase: 'ended' })];
    const next = await createTestTeam(player, upcoming);
    const current = await createTestTeam(player, active);
    const old = await db.team.create({ data: { name: 'Past', nameKey: 'past', eventId: ended.id, ownerId: player.id, passwordHash: 'x', codeInvitation: 'past'.repeat(10) } });
    await db.teamMember.create({ data: { teamId: old.id, userId: player.id, eventId: ended.id } });
    expect((await myTeams(player)).map((t) => t.id)).toEqual([current.id, next.id]);
    expect((await myTeam(player))!.team.id).toBe(current.id);
    expect((await myTeam(player, next.id))!.team.id).toBe(next.id);
    expect((await myTeam(player, old.id))!.team.id).toBe(current.id);
    expect(await myTeam(await makeUser())).toBeNull();
    expect((await refusal(myTeam(await makeStaff()))).status).toBe(403);
  });

  it('gives team points from the counting rule: validated team solves only, in the event', async () => {
    const event = await makeTeamEvent();
    const [owner, mate] = [await makeUser({ country: 'GH' }), await makeUser()];
    const team = await createTestTeam(owner, event);
    await joinTeam(mate, { code_invitation: team.codeInvitation });
    const [x, y, z] = [await makeEventChallenge(event, 100), await makeEventChallenge(event, 200), await makeEventChallenge(event, 300)];
    await makeTeamSolve(event, x, owner, team.id, { isValidated: true });
    await makeTeamSolve(event, y, mate, team.id, { isValidated: true });
    await makeTeamSolve(event, z, mate, team.id, { isValidated: null }); // pending: does not count in reviewed events
    const view = await teamView(mate, team.id);
    expect(view.points).toBe(300);
    expect(view.members).toEqual([
      { id: owner.id, username: owner.username, country: 'GH', isOwner: true, score: 100, solved: 1 },
      { id: mate.id, username: mate.username, country: 'BJ', isOwner: false, score: 200, solved: 1 },
    ]);
    const scope = { kind: 'event' as const, event };
    const player = await teamPlayer(owner, scope, team.id, mate.id);
    expect(player.solves.map((s) => s.challenge.id)).toEqual([y.id]);
    expect(await refusal(teamPlayer(owner, scope, team.id, (await makeUser()).id))).toBeInstanceOf(NotFound);
    expect(await refusal(teamInEvent(owner, { kind: 'event', event: await makeTeamEvent() }, team.id))).toBeInstanceOf(NotFound);
    // Members see the pending one in the team's submissions; others only what counts.
    expect((await teamSubmissions(mate, team.id, 1)).page.count).toBe(3);
    expect((await teamSubmissions(await makeUser(), team.id, 1)).page.count).toBe(2);
  });

  it('ranks teams like players (points, then who reached them first, then id), zero-point teams last, staff teams hidden', async () => {
    const event = await makeTeamEvent();
    const [a, b, c, d] = [await createTestTeam(await makeUser(), event), await createTestTeam(await makeUser(), event), await createTestTeam(await makeUser(), event), await createTestTeam(await makeUser(), event)];
    const staffTeam = await db.team.create({ data: { name: 'Staff', nameKey: 'staff', eventId: event.id, ownerId: (await makeStaff()).id, passwordHash: 'x', codeInvitation: 'staff'.repeat(10), isStaff: true } });
    const [x, y] = [await makeEventChallenge(event, 100), await makeEventChallenge(event, 200)];
    const owner = async (teamId: number) => db.user.findUniqueOrThrow({ where: { id: (await db.team.findUniqueOrThrow({ where: { id: teamId } })).ownerId } });
    await makeTeamSolve(event, x, await owner(a.id), a.id, { at: minutesAgo(30) });
    await makeTeamSolve(event, y, await owner(a.id), a.id, { at: minutesAgo(10) }); // a: 300, reached 10 min ago
    await makeTeamSolve(event, x, await owner(b.id), b.id, { score: 300, at: minutesAgo(20) }); // b: 300, reached earlier
    await makeTeamSolve(event, x, await owner(c.id), c.id, { at: minutesAgo(5), isValidated: false }); // rejected: 0
    const standings = await computeTeamStandings({ kind: 'event', event });
    expect(standings.ranked.map((t) => t.id)).toEqual([b.id, a.id, c.id, d.id]);
    expect(standings.ranked.map((t) => t.rank)).toEqual([1, 2, 3, 4]);
    expect(standings.ranked.some((t) => t.id === staffTeam.id)).toBe(false);
    expect(standings.totalPoints).toBe(300);
    expect((await standings.top()).map((t) => [t.id, t.submissions.length])).toEqual([[b.id, 1], [a.id, 2]]);
    expect(standings.ranked[0].members).toHaveLength(1);
  });

  it('keeps the standings in memory until a solve or a membership changes them', async () => {
    const event = await makeTeamEvent();
    const scope = { kind: 'event' as const, event };
    const owner = await makeUser();
    const team = await createTestTeam(owner, event);
    const first = await teamStandings(scope);
    expect(await teamStandings(scope)).toBe(first);
    await makeTeamSolve(event, await makeEventChallenge(event, 50), owner, team.id);
    const second = await teamStandings(scope);
    expect(second).not.toBe(first);
    expect(second.pointsOf(team.id)).toBe(50);
    await joinTeam(await makeUser(), { code_invitation: team.codeInvitation });
    expect((await teamStandings(scope)).team(team.id)!.members).toHaveLength(2);
  });

  it('lists an event’s teams 10 per page, and none for black-friday', async () => {
    const event = await makeTeamEvent();
    for (let i = 0; i < 12; i++) await createTestTeam(await makeUser(), event);
    const scope = { kind: 'event' as const, event };
    const viewer = await makeUser();
    expect((await listTeams(viewer, scope, 1)).results).toHaveLength(10);
    expect(await listTeams(viewer, scope, 2)).toMatchObject({ count: 12, page: 2 });
    expect((await listTeams(viewer, scope, 2)).results).toHaveLength(2);
    const friday = await makeTeamEvent({ type: 'black-friday' });
    expect(await refusal(listTeams(viewer, { kind: 'event', event: friday }, 1))).toBeInstanceOf(NotFound);
  });
});
