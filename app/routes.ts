// The route tree, written out by hand to mirror SPEC §2. Pages live in app/routes/ in folders like
// their URLs; the JSON contract of SPEC §7 lives in app/api/. Modules under routes/scoped/ serve
// both a practice URL and (later) an event URL, registered with distinct ids.
import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('healthz', 'routes/healthz.ts'),
  route('language/:language', 'routes/language.ts'),

  // Accounts
  route('login', 'routes/auth/login.tsx'),
  route('logout', 'routes/auth/logout.tsx'),
  route('sign-up', 'routes/auth/sign-up.tsx'),
  route('password/forgot', 'routes/auth/password-forgot.tsx'),
  route('password/reset/confirm/:uid/:token', 'routes/auth/password-reset.tsx'),
  route('activate/:uid/:token', 'routes/auth/activate.tsx'),
  route('me', 'routes/account/me.tsx'),
  route('media/profiles/:id', 'routes/media/profile.ts'),
  route('media/flags/:code', 'routes/media/flag.ts'),

  // Practices. One layout (routes/scoped/layout.tsx) draws the scope's sub-navigation; it serves
  // practice here and each event under /competes/:eventId below, with distinct ids.
  layout('routes/scoped/layout.tsx', { id: 'practice-layout' }, [
    route('practices/users', 'routes/practices/users.tsx'),
    route('practices/users/:id', 'routes/scoped/player.tsx', { id: 'player-solved-challenges' }),
    route('practices/collaboraters/create', 'routes/practices/collaborater-create.tsx'),
    route('practices/staff-actions', 'routes/practices/staff-actions.tsx'),
    route('practices/challenges', 'routes/scoped/challenges.tsx', { id: 'practice-challenges' }),
    route('practices/challenges/create', 'routes/scoped/challenge-create.tsx', { id: 'practice-challenge-create' }),
    route('practices/challenges/:id', 'routes/scoped/challenge-edit.tsx', { id: 'practice-challenge-edit' }),
    route('practices/categories', 'routes/scoped/categories.tsx', { id: 'practice-categories' }),
    route('practices/submissions', 'routes/scoped/submissions.tsx', { id: 'practice-submissions' }),
    route('practices/scoreboard', 'routes/scoped/scoreboard.tsx', { id: 'practice-scoreboard' }),
    route('practices/statistics', 'routes/scoped/statistics.tsx', { id: 'practice-statistics' }),
  ]),

  // Exports: a list page's rows as a CSV or .xlsx file, at the page's path plus /export with the
  // page's filters (docs/rules.md "Exports"). Resource routes: no layout loader runs for them.
  route('practices/users/export', 'routes/practices/users-export.ts'),
  route('practices/scoreboard/export', 'routes/scoped/scoreboard-export.ts', { id: 'practice-scoreboard-export' }),
  route('competes/:eventId/scoreboard/export', 'routes/scoped/scoreboard-export.ts', { id: 'event-scoreboard-export' }),
  route('practices/submissions/export', 'routes/scoped/submissions-export.ts', { id: 'practice-submissions-export' }),
  route('competes/:eventId/submissions/export', 'routes/scoped/submissions-export.ts', { id: 'event-submissions-export' }),
  route('blacks-fridays/unprocessed-reward-requests/export', 'routes/blacks-fridays/reward-requests-export.ts', { id: 'unprocessed-reward-requests-export' }),
  route('blacks-fridays/processed-reward-requests/export', 'routes/blacks-fridays/reward-requests-export.ts', { id: 'processed-reward-requests-export' }),

  // Events (catalogue, type pages, event form)
  // [events pages]
  route('events', 'routes/events/catalogue.tsx'),
  route('events/create', 'routes/events/event-create.tsx'),
  route('events/:type', 'routes/events/by-type.tsx'),
  route('events/:id/edit', 'routes/events/event-edit.tsx'),
  route('media/events/:id', 'routes/media/event-image.ts'),
  // [end events pages]

  // Teams outside an event's pages
  // [teams pages]
  route('teams/create', 'routes/teams/create.tsx', { id: 'team-create' }),
  route('teams/join', 'routes/teams/join.tsx', { id: 'team-join' }),
  route('teams/join/:code', 'routes/teams/join.tsx', { id: 'team-join-code' }),
  route('teams/me', 'routes/teams/me.tsx'),
  // [end teams pages]

  // Event play: the practice modules again, with their own ids, under the event's layout.
  route('competes/:eventId', 'routes/scoped/layout.tsx', { id: 'event-layout' }, [
    // [event play pages]
    index('routes/scoped/scope-home.ts', { id: 'event-home' }),
    route('challenges', 'routes/scoped/challenges.tsx', { id: 'event-challenges' }),
    route('challenges/training-week/:trainingWeek', 'routes/scoped/challenges.tsx', { id: 'event-challenges-training-week' }),
    route('challenges/create', 'routes/scoped/challenge-create.tsx', { id: 'event-challenge-create' }),
    route('challenges/:id', 'routes/scoped/challenge-edit.tsx', { id: 'event-challenge-edit' }),
    route('categories', 'routes/scoped/categories.tsx', { id: 'event-categories' }),
    route('submissions', 'routes/scoped/submissions.tsx', { id: 'event-submissions' }),
    route('scoreboard', 'routes/scoped/scoreboard.tsx', { id: 'event-scoreboard' }),
    route('statistics', 'routes/scoped/statistics.tsx', { id: 'event-statistics' }),
    route('users', 'routes/competes/players.tsx', { id: 'event-players' }),
    route('users/:id', 'routes/scoped/player.tsx', { id: 'black-friday-player-solved-challenges' }),
    // [end event play pages]
    // [event teams pages]
    route('teams/create', 'routes/teams/create.tsx', { id: 'event-team-create' }),
    route('teams', 'routes/competes/teams/list.tsx', { id: 'event-teams' }),
    route('teams/:teamId', 'routes/competes/teams/team.tsx', { id: 'team-solved-challenges' }),
    route('teams/:teamId/users/:userId', 'routes/competes/teams/player.tsx', { id: 'team-player-solved-challenges' }),
    // [end event teams pages]
  ]),

  // API (SPEC §7), paths as the spec writes them; a trailing slash matches too.
  route('api/auth/jwt/create', 'api/auth/jwt-create.ts'),
  route('api/auth/jwt/destroy', 'api/auth/jwt-destroy.ts'),
  route('api/auth/users', 'api/auth/users.ts'),
  route('api/auth/users/me', 'api/auth/users-me.ts'),
  route('api/auth/users/reset_password', 'api/auth/reset-password.ts'),
  route('api/auth/users/reset_password_confirm', 'api/auth/reset-password-confirm.ts'),
  route('api/auth/users/activation', 'api/auth/activation.ts'),
  route('api/auth/users/upload-users', 'api/auth/upload-users.ts'),
  route('api/auth/users/bulk-validate', 'api/auth/users-validation.ts', { id: 'api-users-bulk-validate' }),
  route('api/auth/users/bulk-invalidate', 'api/auth/users-validation.ts', { id: 'api-users-bulk-invalidate' }),
  route('api/auth/users/:id', 'api/auth/user.ts'),
  route('api/auth/users/:id/validate', 'api/auth/users-validation.ts', { id: 'api-user-validate' }),
  route('api/auth/users/:id/invalidate', 'api/auth/users-validation.ts', { id: 'api-user-invalidate' }),
  route('api/countries', 'api/countries.ts'),
  route('api/notifications/count-new-notification', 'api/notifications-count.ts'),
  route('api/reward-requests/count-unprocessed', 'api/reward-requests-count.ts'),
  route('api/challenges/practices', 'api/challenges/practices.ts'),
  route('api/challenges/:id/verify-submitted-flag', 'api/challenges/verify-flag.ts', { id: 'api-verify-flag' }),
  route('api/challenges/:id/submissions', 'api/challenges/submissions.ts', { id: 'api-challenge-submissions' }),
  // [authoring api]
  route('api/challenges', 'api/challenges/challenges.ts'),
  route('api/challenges/:id', 'api/challenges/challenge.ts'),
  route('api/challenges/:id/flags/:flagId', 'api/challenges/flag.ts'),
  route('api/challenges/:id/hints', 'api/challenges/hints.ts'),
  route('api/challenges/:id/hints/:hintId', 'api/challenges/hint.ts'),
  route('api/challenges/:id/files', 'api/challenges/files.ts'),
  route('api/challenges/:id/files/:fileId', 'api/challenges/file.ts'),
  route('api/challenges/:id/files/:fileId/download', 'api/challenges/file-download.ts'),
  // [end authoring api]
  // [categories+review api]
  route('api/categories', 'api/categories.ts'),
  route('api/categories/:id', 'api/category.ts'),
  route('api/submissions/practices', 'api/submissions/practices.ts'),
  route('api/submissions/bulk-validate', 'api/submissions/bulk-validate.ts'),
  route('api/submissions/:id/download-writeup', 'api/submissions/download-writeup.ts'),
  route('api/submissions/:id/validate', 'api/submissions/review.ts', { id: 'api-submission-validate' }),
  route('api/submissions/:id/dismiss', 'api/submissions/review.ts', { id: 'api-submission-dismiss' }),
  // [end categories+review api]
  // [scoreboard api]
  route('api/auth/users/top-players', 'api/top-players.ts', { id: 'api-top-players' }),
  route('api/auth/users/:id/submissions', 'api/user-submissions.ts'),
  route('api/challenges/practices-total-points', 'api/practices-total-points.ts'),
  // [end scoreboard api]
  // [events api]
  route('api/events', 'api/events/events.ts'),
  route('api/events/:id', 'api/events/event.ts'),
  route('api/events/:id/access-permission', 'api/events/access-permission.ts'),
  route('api/events/:id/register-user', 'api/events/register-user.ts'),
  // [end events api]
  // [teams api]
  route('api/events/:id/teams', 'api/events/teams.ts'),
  route('api/teams/join', 'api/teams/join.ts'),
  route('api/teams/me', 'api/teams/me.ts'),
  route('api/teams/:id', 'api/teams/team.ts'),
  route('api/teams/:id/submissions', 'api/teams/submissions.ts'),
  // [end teams api]
  // [event play api]
  route('api/events/:id/challenges', 'api/events/challenges.ts'),
  route('api/events/:id/submissions', 'api/events/submissions.ts'),
  route('api/events/:id/players', 'api/events/players.ts'),
  route('api/events/:id/top-players', 'api/events/top-players.ts', { id: 'api-event-top-players' }),
  route('api/events/:id/total-points', 'api/events/total-points.ts'),
  // [end event play api]
  // [coins api]
  route('api/rewards/:id/purchase', 'api/rewards/purchase.ts'),
  route('api/auth/users/:id/coins', 'api/coins/user-coins.ts'),
  // [end coins api]
  // [rewards api]
  route('api/rewards', 'api/rewards/rewards.ts'),
  route('api/rewards/:id', 'api/rewards/reward.ts'),
  route('api/reward-requests', 'api/reward-requests/list.ts'),
  route('api/reward-requests/:id/validate', 'api/reward-requests/process.ts', { id: 'api-reward-request-validate' }),
  route('api/reward-requests/:id/dismiss', 'api/reward-requests/process.ts', { id: 'api-reward-request-dismiss' }),
  // [end rewards api]
  // [notifications api]
  route('api/notifications', 'api/notifications/list.ts', { id: 'api-notifications' }),
  // GET is served by server.ts on Node's own request (api/notifications/stream.server.ts).
  route('api/notifications/stream', 'api/notifications/stream.ts'),
  route('api/notifications/:kind', 'api/notifications/list.ts', { id: 'api-notifications-kind' }),
  // [end notifications api]
  // [black-friday scoreboard api]
  // Static paths: React Router ranks them above api/events/:id and api/events/:id/top-players.
  route('api/events/blacks-fridays/top-players', 'api/events/blacks-fridays-top-players.ts'),
  route('api/events/blacks-fridays/total-points', 'api/events/blacks-fridays-total-points.ts'),
  // [end black-friday scoreboard api]
  // [openapi]
  // The API's OpenAPI 3.1 document and its reference page (a page of the site, for people).
  route('api/openapi.json', 'api/openapi.ts'),
  route('api/docs', 'routes/api/docs.tsx'),
  // [end openapi]
  route('api/*', 'api/not-found.ts'),

  // Black Friday administration and coins (staff), notifications
  // [coins pages]
  route('blacks-fridays/players/:id/coins', 'routes/blacks-fridays/player-coins.tsx'),
  // [end coins pages]
  // [rewards pages]
  route('blacks-fridays/rewards', 'routes/blacks-fridays/rewards.tsx'),
  route('blacks-fridays/unprocessed-reward-requests', 'routes/blacks-fridays/reward-requests.tsx', { id: 'unprocessed-reward-requests' }),
  route('blacks-fridays/processed-reward-requests', 'routes/blacks-fridays/reward-requests.tsx', { id: 'processed-reward-requests' }),
  // [end rewards pages]
  // [notifications pages]
  route('notifications', 'routes/notifications/list.tsx', { id: 'notifications-all' }),
  route('notifications/general', 'routes/notifications/list.tsx', { id: 'notifications-general' }),
  route('notifications/admin', 'routes/notifications/list.tsx', { id: 'notifications-admin' }),
  route('notifications/admin/create', 'routes/notifications/create.tsx'),
  // [end notifications pages]
  // [black-friday scoreboard pages]
  route('blacks-fridays/general-scoreboard', 'routes/blacks-fridays/general-scoreboard.tsx'),
  // [end black-friday scoreboard pages]

  // Unknown paths: home when logged in, login otherwise.
  route('*', 'routes/fallback.tsx'),
] satisfies RouteConfig;
