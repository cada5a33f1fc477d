// The Team of SPEC §3 as /api/teams and /api/events/{id}/teams/ answer it: id, name, score,
// learners, owner, is_staff, event, and code_invitation for the team's own members only (never the
// password, nor its hash).
import { z } from 'zod';
import type { RankedTeam } from '~/domain/team-standings.server';
import type { TeamView } from '~/domain/teams.server';
import { int, paginated } from '../openapi/shapes';

export const TeamJson = z
  .strictObject({
    id: int(),
    name: z.string(),
    score: int(),
    learners: z.array(
      z.strictObject({
        id: int(),
        username: z.string(),
        country: z.string(),
        score: int().meta({ description: "Points the member's counted solves brought the team." }),
        number_of_solved_challenges: int(),
        is_owner: z.boolean(),
      }),
    ),
    owner: int().meta({ description: "The owner's user id." }),
    is_staff: z.boolean(),
    event: int(),
    code_invitation: z.string().optional().meta({ description: "For the team's own members only." }),
  })
  .meta({ id: 'Team' });

export const RankedTeamJson = z
  .strictObject({
    id: int(),
    rank: int(),
    name: z.string(),
    score: int(),
    number_of_solved_challenges: int(),
    members_count: int(),
    learners: z.array(z.strictObject({ id: int(), username: z.string(), country: z.string() })),
    owner: int(),
    is_staff: z.literal(false),
    event: int(),
  })
  .meta({ id: 'RankedTeam' });
export const RankedTeamPageJson = paginated(RankedTeamJson, 'RankedTeamPage');

/** GET /api/teams/me/: the team, and every open team of the caller's to choose from. */
export const MyTeamJson = TeamJson.extend({
  teams: z.array(z.strictObject({ id: int(), name: z.string(), event: int(), event_name: z.string() })),
}).meta({ id: 'MyTeam' });

/** A team with its members' contributions (GET/PUT /api/teams/{id}/, /api/teams/me/, join, create). */
export function teamJson(team: TeamView): z.infer<typeof TeamJson> {
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
export function rankedTeamJson(team: RankedTeam, eventId: number): z.infer<typeof RankedTeamJson> {
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
