// SPEC §7 "Events" and "Teams": the catalogue, registration, an event's players, teams and
// scoreboard, and the Black Friday board over every black-friday event.
import { AccessPermissionJson } from '~/api/events/access-permission';
import { EventJson, EventPageJson, RegisteredJson } from '~/api/events/event-json';
import { EventPlayerPageJson } from '~/api/events/players';
import { EventBoardJson, PlayerBoardJson } from '~/api/scoreboard-entry';
import { MyTeamJson, RankedTeamPageJson, TeamJson } from '~/api/teams/team-json';
import { TeamSubmissionPageJson } from '~/api/teams/submissions';
import { eventPatchSchema, eventSchema } from '~/schemas/event';
import { eventsQuery, myTeamQuery, pageQuery } from '~/schemas/query';
import { teamCreateSchema, teamJoinSchema, teamUpdateSchema } from '~/schemas/team';
import { pathParams, type Operation } from '../operation';
import { TotalPoints } from '../shapes';

const event = pathParams({ id: 'The event.' });
const team = pathParams({ id: 'The team.' });
const IMAGE = { image: 'The event\'s picture: PNG, JPEG or WebP (required on create).' };
const EVENT_FORM = 'Multipart (SPEC §7) or JSON. Rules across fields: the end after the start; place and register_link required for in-person events; other types have their place reset to "Online event" and their links cleared.';

export const events: Operation[] = [
  {
    method: 'get',
    path: '/api/events/',
    summary: 'Events',
    description: 'Everyone, anonymous visitors included; 6 per page by default.',
    access: 'anyone',
    query: eventsQuery,
    answers: { 200: { description: 'A page of events, each with the caller\'s user_is_registered.', schema: EventPageJson } },
    refusals: { 400: 'A type that is not an event type.' },
  },
  {
    method: 'post',
    path: '/api/events/',
    summary: 'Create an event',
    description: EVENT_FORM,
    access: 'staff',
    body: { schema: eventSchema, files: IMAGE },
    answers: { 201: { description: 'The new event.', schema: EventJson } },
  },
  {
    method: 'get',
    path: '/api/events/{id}/',
    summary: 'An event',
    access: 'anyone',
    params: event,
    answers: { 200: { description: 'The event.', schema: EventJson } },
  },
  ...(['put', 'patch'] as const).map(
    (method): Operation => ({
      method,
      path: '/api/events/{id}/',
      summary: method === 'put' ? 'Edit an event' : 'Edit an event (as PUT)',
      description: `The fields sent replace the current ones; a text field sent blank is cleared; a new image replaces the old. ${EVENT_FORM}`,
      access: 'staff',
      params: event,
      body: { schema: eventPatchSchema, files: { image: 'A new picture.' } },
      answers: { 200: { description: 'The event as now saved.', schema: EventJson } },
    }),
  ),
  {
    method: 'delete',
    path: '/api/events/{id}/',
    summary: 'Delete an event',
    access: 'superuser',
    params: event,
    answers: { 204: { description: 'Deleted, with its challenges, submissions, teams and files.' } },
  },
  {
    method: 'get',
    path: '/api/events/{id}/access-permission/',
    summary: 'May the caller enter the event?',
    description: 'Training events are for validated learners (and staff); the 403 carries the training-only message the site shows.',
    access: 'signed-in',
    params: event,
    answers: { 200: { description: 'They may.', schema: AccessPermissionJson } },
    refusals: { 403: 'A training event, for validated learners only.' },
  },
  {
    method: 'post',
    path: '/api/events/{id}/register-user/',
    summary: 'Register for an event',
    description: 'Idempotent: registering again changes nothing.',
    access: 'signed-in',
    params: event,
    answers: { 200: { description: 'The event, now with user_is_registered, and a confirmation.', schema: RegisteredJson } },
    refusals: { 403: 'Staff do not register; the event is over or not open to the caller.' },
  },
  {
    method: 'get',
    path: '/api/events/{id}/players/',
    summary: "An event's players",
    description: 'The Players tab of a black-friday event: 10 per page, by points.',
    access: 'signed-in',
    params: event,
    query: pageQuery,
    answers: { 200: { description: 'A page of players.', schema: EventPlayerPageJson } },
  },
  {
    method: 'get',
    path: '/api/events/{id}/teams/',
    summary: "An event's teams",
    description: 'Ranked by points, 10 per page; staff teams are hidden.',
    access: 'signed-in',
    params: event,
    query: pageQuery,
    answers: { 200: { description: 'A page of teams.', schema: RankedTeamPageJson } },
    refusals: { 404: 'No such event, or one without teams (black-friday).' },
  },
  {
    method: 'post',
    path: '/api/events/{id}/teams/',
    summary: 'Create a team',
    description: 'In the event of the path; a body `event` naming another one is refused. The creator becomes its owner.',
    access: 'signed-in',
    params: event,
    body: { schema: teamCreateSchema },
    answers: { 201: { description: 'The team, its invitation code included.', schema: TeamJson } },
    refusals: { 403: "Staff have no team; the caller already has an active team ('You already have an active group. You cannot have multiple active groups.'); the event is over." },
  },
  {
    method: 'get',
    path: '/api/events/{id}/top-players/',
    summary: "An event's scoreboard",
    description: 'Teams in team events, players otherwise; 10 per page.',
    access: 'signed-in',
    params: event,
    query: pageQuery,
    answers: { 200: { description: 'A page of the board.', schema: EventBoardJson } },
  },
  {
    method: 'get',
    path: '/api/events/{id}/total-points/',
    summary: "An event's leading total",
    access: 'signed-in',
    params: event,
    answers: { 200: { description: "The leader's points.", schema: TotalPoints } },
  },
  {
    method: 'get',
    path: '/api/auth/users/top-players/',
    summary: 'Practice scoreboard',
    access: 'signed-in',
    query: pageQuery,
    answers: { 200: { description: 'A page of players, 10 per page.', schema: PlayerBoardJson } },
  },
  {
    method: 'get',
    path: '/api/challenges/practices-total-points/',
    summary: "Practice's leading total",
    access: 'signed-in',
    answers: { 200: { description: "The leader's points.", schema: TotalPoints } },
  },
  {
    method: 'get',
    path: '/api/events/blacks-fridays/top-players/',
    summary: 'Black Friday general scoreboard',
    description: 'Players over every black-friday event, with their coins.',
    access: 'staff',
    query: pageQuery,
    answers: { 200: { description: 'A page of players, 10 per page.', schema: PlayerBoardJson } },
  },
  {
    method: 'get',
    path: '/api/events/blacks-fridays/total-points/',
    summary: "Black Friday's leading total",
    access: 'staff',
    answers: { 200: { description: "The leader's points.", schema: TotalPoints } },
  },
  {
    method: 'post',
    path: '/api/teams/join/',
    summary: 'Join a team',
    description: 'By the invitation code alone, or by the team\'s name and password (with the event when the name exists in several open events).',
    access: 'signed-in',
    body: { schema: teamJoinSchema },
    answers: { 200: { description: 'The team the caller now belongs to.', schema: TeamJson } },
    refusals: { 400: 'Field errors, or a detail: wrong name or password, already a member.', 403: 'Staff have no team; the caller already has a team in that event; the team is full.', 404: 'No team has this code or name.' },
  },
  {
    method: 'get',
    path: '/api/teams/me/',
    summary: 'Own team',
    description: "The caller's team in the current or next team event (or the one asked for), with every open team of theirs.",
    access: 'signed-in',
    query: myTeamQuery,
    answers: { 200: { description: 'The team.', schema: MyTeamJson } },
    refusals: { 403: 'Staff have no team.', 404: 'Currently you are not a member of any active groups.' },
  },
  {
    method: 'get',
    path: '/api/teams/{id}/',
    summary: 'A team',
    access: 'signed-in',
    params: team,
    answers: { 200: { description: 'The team; code_invitation for its members only.', schema: TeamJson } },
  },
  ...(['put', 'patch'] as const).map(
    (method): Operation => ({
      method,
      path: '/api/teams/{id}/',
      summary: method === 'put' ? 'Edit a team' : 'Edit a team (as PUT)',
      description: 'The owner renames the team, or changes its password with the current one.',
      access: 'signed-in',
      params: team,
      body: { schema: teamUpdateSchema },
      answers: { 200: { description: 'The team as now saved.', schema: TeamJson } },
      refusals: { 403: 'Not the owner.' },
    }),
  ),
  {
    method: 'get',
    path: '/api/teams/{id}/submissions/',
    summary: "A team's submissions",
    description: 'Newest first, 10 per page: members and staff see pending and rejected ones too, others those that count.',
    access: 'signed-in',
    params: team,
    query: pageQuery,
    answers: { 200: { description: 'A page of submissions.', schema: TeamSubmissionPageJson } },
  },
];
