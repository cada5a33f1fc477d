// SPEC §7 "Challenges": the boards, authoring (flags, hints, files) and the two steps of solving.
import { z } from 'zod';
import { ChallengeChoicesJson, ChallengeJson, ChallengePageJson, FileJson, FilePageJson, FlagJson, HintJson } from '~/api/challenges/challenge-json';
import { filesQuery } from '~/api/challenges/files';
import { SubmittedJson } from '~/api/challenges/submissions';
import { IMAGE_TYPES } from '~/lib/uploads.server';
import { apiChallengeCreateSchema, challengePatchSchema, flagSchema, hintSchema } from '~/schemas/challenge';
import { submitFlagSchema, verifyFlagSchema } from '~/schemas/flag-attempt';
import { eventBoardQuery, practiceBoardQuery } from '~/schemas/query';
import { pathParams, type Operation } from '../operation';
import { MessageJson } from '../shapes';

const challenge = pathParams({ id: 'The challenge.' });
const BOARD = 'A page of challenges (12 by default), each with its first five solvers; with `next`, every challenge\'s id and name.';
const board = z.union([ChallengePageJson, ChallengeChoicesJson]);
const NOT_PLAYABLE = 'The caller may not play it here: the event is over or not open to them, or a team is needed (SPEC §4).';

/** PUT, and PATCH which the same handler takes. */
const putAndPatch = (op: Omit<Operation, 'method'>): Operation[] => [
  { ...op, method: 'put' },
  { ...op, method: 'patch', summary: `${op.summary} (as PUT)` },
];

export const challenges: Operation[] = [
  {
    method: 'get',
    path: '/api/challenges/practices/',
    summary: 'Practice challenges',
    access: 'signed-in',
    query: practiceBoardQuery,
    answers: { 200: { description: BOARD, schema: board } },
  },
  {
    method: 'get',
    path: '/api/events/{id}/challenges/',
    summary: "An event's challenges",
    description: 'The practice board\'s call through the event\'s scope: a training event refuses learners who are not validated.',
    access: 'signed-in',
    params: pathParams({ id: 'The event.' }),
    query: eventBoardQuery,
    answers: { 200: { description: BOARD, schema: board } },
    refusals: { 403: 'A training event, for validated learners only.' },
  },
  {
    method: 'post',
    path: '/api/challenges/',
    summary: 'Create a challenge',
    description: 'The challenge, its flag and its files together. `event` names the event (none: practice). In multipart the flag is a JSON string and files are parts named files or files[].',
    access: 'staff',
    body: {
      schema: apiChallengeCreateSchema.safeExtend({ flag: z.string().optional().meta({ description: 'The flag as a JSON string: {"value": ..., "collation": "plain_text" | "regex"}.' }) }),
      json: apiChallengeCreateSchema.safeExtend({ flag: flagSchema.optional() }),
      files: { files: 'A file for learners; one part per file.' },
    },
    answers: { 201: { description: 'The new challenge.', schema: ChallengeJson } },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}/',
    summary: 'A challenge',
    description: 'With its first five solvers, as the boards have them; the flag, the hint and the source for staff.',
    access: 'signed-in',
    params: challenge,
    answers: { 200: { description: 'The challenge.', schema: ChallengeJson } },
    refusals: { 403: 'An event challenge the caller may not see (a training event, say).' },
  },
  ...putAndPatch({
    path: '/api/challenges/{id}/',
    summary: 'Edit a challenge',
    description: 'The fields sent replace the current ones. Switching to standard blanks minimal_value and decay_value.',
    access: 'staff',
    params: challenge,
    body: { schema: challengePatchSchema },
    answers: { 200: { description: 'The challenge as now saved.', schema: ChallengeJson } },
  }),
  {
    method: 'delete',
    path: '/api/challenges/{id}/',
    summary: 'Delete a challenge',
    access: 'superuser',
    params: challenge,
    answers: { 204: { description: 'Deleted, with its submissions and files.' } },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}/flags/{flag_id}/',
    summary: "A challenge's flag",
    access: 'staff',
    params: pathParams({ id: 'The challenge.', flag_id: 'Its flag (flag_id of the challenge).' }),
    answers: { 200: { description: 'The flag.', schema: FlagJson } },
  },
  ...putAndPatch({
    path: '/api/challenges/{id}/flags/{flag_id}/',
    summary: 'Change a flag',
    description: 'A plain-text flag must have the format CTF{flag}; a regex that looks unable to match one is saved with a warning.',
    access: 'staff',
    params: pathParams({ id: 'The challenge.', flag_id: 'Its flag.' }),
    body: { schema: flagSchema },
    answers: { 200: { description: 'The flag as now saved.', schema: FlagJson } },
  }),
  {
    method: 'post',
    path: '/api/challenges/{id}/hints/',
    summary: 'Add the hint',
    description: "A challenge has at most one hint; its score is at most half the challenge's initial value.",
    access: 'staff',
    params: challenge,
    body: { schema: hintSchema },
    answers: { 201: { description: 'The hint.', schema: HintJson } },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}/hints/{hint_id}/',
    summary: 'Read a hint',
    description: "A learner's first reading unlocks it: its score is then deducted from their solve. Staff simply read it.",
    access: 'signed-in',
    params: pathParams({ id: 'The challenge.', hint_id: 'Its hint (hint_id of the challenge).' }),
    answers: { 200: { description: 'The hint.', schema: HintJson } },
    refusals: { 403: NOT_PLAYABLE },
    changesState: true,
  },
  ...putAndPatch({
    path: '/api/challenges/{id}/hints/{hint_id}/',
    summary: 'Edit a hint',
    access: 'staff',
    params: pathParams({ id: 'The challenge.', hint_id: 'Its hint.' }),
    body: { schema: hintSchema },
    answers: { 200: { description: 'The hint as now saved.', schema: HintJson } },
  }),
  {
    method: 'get',
    path: '/api/challenges/{id}/files/',
    summary: "A challenge's files",
    access: 'signed-in',
    params: challenge,
    query: filesQuery,
    answers: { 200: { description: 'A page of files.', schema: FilePageJson } },
    refusals: { 403: 'An event challenge the caller may not see.' },
  },
  {
    method: 'post',
    path: '/api/challenges/{id}/files/',
    summary: 'Add files to a challenge',
    access: 'staff',
    params: challenge,
    body: { schema: z.object({}), files: { files: 'One part per file (files[] and file are read too).' }, multipartOnly: true },
    answers: { 201: { description: 'The new files.', schema: z.array(FileJson) } },
  },
  {
    method: 'delete',
    path: '/api/challenges/{id}/files/{file_id}/',
    summary: 'Delete a file',
    access: 'staff',
    params: pathParams({ id: 'The challenge.', file_id: 'The file.' }),
    answers: { 204: { description: 'Deleted.' } },
  },
  {
    method: 'get',
    path: '/api/challenges/{id}/files/{file_id}/download/',
    summary: 'Download a file',
    access: 'signed-in',
    params: pathParams({ id: 'The challenge.', file_id: 'The file.' }),
    answers: {
      200: {
        description: 'The file as an attachment under its original name; an image has its own type.',
        media: ['application/octet-stream', ...Object.keys(IMAGE_TYPES)],
        headers: { 'Content-Disposition': 'attachment; filename="…"; filename*=UTF-8\'\'…' },
      },
    },
    refusals: { 403: 'An event challenge the caller may not see.' },
  },
  {
    method: 'post',
    path: '/api/challenges/{id}/verify-submitted-flag/',
    summary: 'Check a flag',
    description: 'The first step of solving (SPEC §4): a correct flag answers "Your flag is correct."; a wrong one is a 400 under flag.',
    access: 'signed-in',
    params: challenge,
    body: { schema: verifyFlagSchema },
    answers: { 200: { description: 'The flag is correct.', schema: MessageJson } },
    refusals: { 400: 'A wrong flag, or one not of the format CTF{flag} (under flag).', 403: NOT_PLAYABLE },
    rateLimited: true,
  },
  {
    method: 'post',
    path: '/api/challenges/{id}/submissions/',
    summary: 'Submit a flag with its writeup',
    description: 'The second step: the flag again (value) and the writeup file (not required in black-friday events).',
    access: 'signed-in',
    params: challenge,
    body: { schema: submitFlagSchema, files: { writeup: 'The writeup (at most 10 MB).' } },
    answers: { 201: { description: 'The submission.', schema: SubmittedJson } },
    refusals: { 400: 'A wrong flag (under value), a missing writeup (under writeup), or a challenge already solved.', 403: NOT_PLAYABLE },
    rateLimited: true,
  },
];
