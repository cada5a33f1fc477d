// The Team of SPEC §3 as /api/teams and /api/events/{id}/teams/ answer it: id, name, score,
// learners, owner, is_staff, event, and code_invitation for the team's own members only (never the
// password, nor its hash).
import type { RankedTeam } from '~/domain/team-standings.server';
import type { TeamView } from '~/domain/teams.server';

/** A team with its members' contributions (GET/PUT /api/teams/{id}/, /api/teams/me/, join, create). */
export function teamJson(team: TeamView) {
  return {
    id: team.id,
    name: team.name,
    score: team.points,
    learners: team.members.map((m) => ({
      id: m.id,
      username: m.username,
      country: m.country,
      score: m.score,
      number_of_solved_challenges: m.solved,
      is_owner: m.isOwner,
    })),
    owner: team.ownerId,
    is_staff: team.isStaff,
    event: team.event.id,
    ...(team.codeInvitation !== null ? { code_invitation: team.codeInvitation } : {}),
  };
}

/** A row of an event's ranked teams (GET /api/events/{id}/teams/). */
export function rankedTeamJson(team: RankedTeam, eventId: number) {
  return {
    id: team.id,
    rank: team.rank,
    name: team.name,
    score: team.points,
    number_of_solved_challenges: team.solved,
    members_count: team.members.length,
    learners: team.members.map((m) => ({ id: m.id, username: m.username, country: m.country })),
    owner: team.ownerId,
    is_staff: false,
    event: eventId,
  };
}
