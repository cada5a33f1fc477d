// SPEC §7 "Auth and users": the calls under /api/auth/, with the coin ledger (issue 10) and countries.
import { z } from 'zod';
import { CollaboratorJson, MeJson, UserJson, UserPageJson, UserWithPointsJson } from '~/api/auth/user-json';
import { TokensJson } from '~/api/auth/jwt-create';
import { ImportJson } from '~/api/auth/upload-users';
import { ValidationJson } from '~/api/auth/users-validation';
import { BalanceJson, LedgerJson, ledgerQuery } from '~/api/coins/user-coins';
import { CountriesJson } from '~/api/countries';
import { SolveJson } from '~/api/user-submissions';
import { forgotPasswordSchema, learnerIdsSchema, loginSchema, profileSchema, resetPasswordSchema, signUpSchema, uidTokenSchema } from '~/schemas/account';
import { coinAdjustmentSchema } from '~/schemas/coins';
import { learnersQuery } from '~/schemas/query';
import { pathParams, type Operation } from '../operation';

const user = pathParams({ id: 'The user.' });
const NO_CONTENT = { 204: { description: 'Done.' } };

export const accounts: Operation[] = [
  {
    method: 'post',
    path: '/api/auth/jwt/create/',
    summary: 'Log in',
    description: 'Answers the session token as `access` and sets the same session cookie as the login page.',
    access: 'public',
    body: { schema: loginSchema },
    answers: { 200: { description: 'Signed in.', schema: TokensJson } },
    refusals: { 401: 'Wrong e-mail or password, or an account not yet activated (code no_active_account).' },
    rateLimited: true,
    setsSession: true,
  },
  {
    method: 'post',
    path: '/api/auth/jwt/destroy/',
    summary: 'Log out',
    description: 'Ends the session that authenticated the call (if any) and clears the cookie.',
    access: 'public',
    answers: { 204: { description: 'The session is ended.' } },
  },
  {
    method: 'post',
    path: '/api/auth/users/',
    summary: 'Sign up, or create a collaborator',
    description:
      'A learner signs up with a password and gets an activation e-mail. Staff sending no password (nor re_password) create a collaborator: the same fields without the passwords; the collaborator sets one from the welcome e-mail.',
    access: 'anyone',
    body: { schema: signUpSchema },
    answers: { 201: { description: 'The new account (inactive until activated); a collaborator with SPEC §8\'s message.', schema: z.union([UserJson, CollaboratorJson]) } },
    rateLimited: true,
  },
  {
    method: 'get',
    path: '/api/auth/users/',
    summary: 'Learners list',
    description: 'Ten per page. The superuser sees the users who are active or validated, and not superusers.',
    access: 'signed-in',
    query: learnersQuery,
    answers: { 200: { description: 'A page of users with their practice points.', schema: UserPageJson } },
  },
  {
    method: 'post',
    path: '/api/auth/users/reset_password/',
    summary: 'Ask for a password reset link',
    access: 'public',
    body: { schema: forgotPasswordSchema },
    answers: { 204: { description: 'The reset e-mail was sent.' } },
    refusals: { 400: "No users found with this email address (under email), or field errors." },
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/auth/users/reset_password_confirm/',
    summary: 'Set a new password from a reset link',
    access: 'public',
    body: { schema: resetPasswordSchema },
    answers: NO_CONTENT,
    refusals: { 400: 'Field errors: the passwords, or a uid or token that is not valid (under uid or token).' },
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/auth/users/activation/',
    summary: 'Activate an account from its e-mail link',
    access: 'public',
    body: { schema: uidTokenSchema },
    answers: NO_CONTENT,
    refusals: { 400: 'A uid or token that is not valid, or stale (the account is already active).' },
    rateLimited: true,
  },
  {
    method: 'get',
    path: '/api/auth/users/me/',
    summary: 'Own profile',
    description: 'What the site reads at start to restore the session.',
    access: 'signed-in',
    answers: { 200: { description: 'The caller.', schema: MeJson } },
  },
  ...(['put', 'patch'] as const).map(
    (method): Operation => ({
      method,
      path: '/api/auth/users/me/',
      summary: method === 'put' ? 'Edit own profile' : 'Edit own profile (as PUT)',
      description: 'Multipart with an optional picture, or JSON. A new e-mail deactivates the account until the link sent to it is followed.',
      access: 'signed-in',
      body: { schema: profileSchema, files: { profile: 'A PNG, JPEG, GIF or WebP picture.' } },
      answers: { 200: { description: 'The caller as now saved.', schema: MeJson } },
    }),
  ),
  {
    method: 'get',
    path: '/api/auth/users/{id}/',
    summary: "A player's profile",
    access: 'signed-in',
    params: user,
    answers: { 200: { description: 'The user with their practice points.', schema: UserWithPointsJson } },
  },
  ...(['validate', 'invalidate'] as const).map(
    (action): Operation => ({
      method: 'put',
      path: `/api/auth/users/{id}/${action}/`,
      summary: action === 'validate' ? 'Validate a learner' : 'Invalidate a learner',
      access: 'staff',
      params: user,
      answers: { 200: { description: "SPEC §8's message and how many changed.", schema: ValidationJson } },
      refusals: { 400: 'Only learners can be validated or invalidated.' },
    }),
  ),
  ...(['validate', 'invalidate'] as const).map(
    (action): Operation => ({
      method: 'put',
      path: `/api/auth/users/bulk-${action}/`,
      summary: action === 'validate' ? 'Validate several learners' : 'Invalidate several learners',
      description: 'An addition to SPEC §7: all of them in one transaction, or none.',
      access: 'staff',
      body: { schema: learnerIdsSchema },
      answers: { 200: { description: 'The message and how many changed.', schema: ValidationJson } },
      refusals: { 404: 'One of the ids names no learner the caller may reach.' },
    }),
  ),
  {
    method: 'post',
    path: '/api/auth/users/upload-users/',
    summary: 'Import learners from a spreadsheet',
    description: 'The superuser\'s "Export learner": an .xlsx file of username, fullname, email, gender and country rows.',
    access: 'superuser',
    body: { schema: z.object({}), files: { file: 'The .xlsx file (at most 5 MB).' }, multipartOnly: true },
    answers: { 200: { description: 'What became of each row.', schema: ImportJson } },
  },
  {
    method: 'get',
    path: '/api/auth/users/{id}/submissions/',
    summary: "A player's solved practice challenges",
    access: 'signed-in',
    params: user,
    answers: { 200: { description: 'Counted practice submissions, oldest first.', schema: z.array(SolveJson) } },
  },
  {
    method: 'get',
    path: '/api/auth/users/{id}/coins/',
    summary: "A player's coin ledger",
    description: 'An addition to SPEC §7 (issue 10): the balance and the ledger, newest first.',
    access: 'staff',
    params: user,
    query: ledgerQuery,
    answers: { 200: { description: 'The balance and a page of the ledger.', schema: LedgerJson } },
  },
  {
    method: 'post',
    path: '/api/auth/users/{id}/coins/',
    summary: "Adjust a player's coins",
    access: 'staff',
    params: user,
    body: { schema: coinAdjustmentSchema },
    answers: { 201: { description: 'The adjustment is booked; the balance after it.', schema: BalanceJson } },
  },
  {
    method: 'get',
    path: '/api/countries/',
    summary: 'Countries',
    description: 'Code and name pairs for a select, by name.',
    access: 'public',
    answers: { 200: { description: 'Every ISO 3166 country.', schema: CountriesJson, headers: { 'Cache-Control': 'public, max-age=86400' } } },
  },
];
