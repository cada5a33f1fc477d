// SPEC §7 "Categories" and "Submissions": the staff's categories and the review of submissions.
import { z } from 'zod';
import { CategoryJson, CategoryPageJson } from '~/api/category';
import { BulkValidatedJson } from '~/api/submissions/bulk-validate';
import { InvalidatedJson, ValidatedJson } from '~/api/submissions/review';
import { SubmissionPageJson } from '~/api/submissions/review-list';
import { COMMENT_MAX } from '~/domain/submission-review.server';
import { categorySchema } from '~/schemas/category';
import { categoriesQuery, reviewQuery } from '~/schemas/query';
import { pathParams, type Operation } from '../operation';

const category = pathParams({ id: 'The category.' });
const submission = pathParams({ id: 'The submission.' });
const NOT_PENDING = 'Only a correct submission pending review can be reviewed (a detail).';

// The two review bodies below are read by the domain itself (submission-review.server.ts), which
// says their messages; no schema of app/schemas parses them, so they are described here.
const dismissBody = z.object({ description: z.string().min(1).max(COMMENT_MAX).meta({ description: 'Why it is rejected: the learner sees it.' }) });
const idsBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).meta({ description: 'The submissions to validate.' }) });

export const review: Operation[] = [
  {
    method: 'get',
    path: '/api/categories/',
    summary: 'Categories',
    description: "Each with the caller's submissions_percentage; 5 per page by default (page_size up to 100).",
    access: 'signed-in',
    query: categoriesQuery,
    answers: { 200: { description: 'A page of categories.', schema: CategoryPageJson } },
    refusals: { 400: 'A filter that cannot be read.', 403: 'event_id names a training event the caller may not enter.' },
  },
  {
    method: 'post',
    path: '/api/categories/',
    summary: 'Create a category',
    access: 'staff',
    body: { schema: categorySchema },
    answers: { 201: { description: 'The new category.', schema: CategoryJson } },
  },
  {
    method: 'get',
    path: '/api/categories/{id}/',
    summary: 'A category',
    access: 'signed-in',
    params: category,
    answers: { 200: { description: 'The category.', schema: CategoryJson } },
  },
  {
    method: 'put',
    path: '/api/categories/{id}/',
    summary: 'Rename a category',
    access: 'staff',
    params: category,
    body: { schema: categorySchema },
    answers: { 200: { description: 'The category as now saved.', schema: CategoryJson } },
  },
  {
    method: 'delete',
    path: '/api/categories/{id}/',
    summary: 'Delete a category',
    access: 'staff',
    params: category,
    answers: { 204: { description: 'Deleted.' } },
    refusals: { 400: 'The category still has challenges (a detail).' },
  },
  {
    method: 'get',
    path: '/api/submissions/practices',
    summary: 'Practice submissions to review',
    description: 'Newest first, 10 per page.',
    access: 'staff',
    query: reviewQuery,
    answers: { 200: { description: 'A page of submissions.', schema: SubmissionPageJson } },
    refusals: { 400: 'An is_validated that is not true, false or null.' },
  },
  {
    method: 'get',
    path: '/api/events/{id}/submissions/',
    summary: "An event's submissions to review",
    description: 'Not for black-friday events, whose solves count at once.',
    access: 'staff',
    params: pathParams({ id: 'The event.' }),
    query: reviewQuery,
    answers: { 200: { description: 'A page of submissions.', schema: SubmissionPageJson } },
    refusals: { 400: 'An is_validated that is not true, false or null.', 404: 'No such event, or a black-friday event.' },
  },
  {
    method: 'get',
    path: '/api/submissions/{id}/download-writeup/',
    summary: 'Download a writeup',
    access: 'signed-in',
    params: submission,
    answers: {
      200: {
        description: 'The writeup as an attachment under its original name.',
        media: ['application/octet-stream'],
        headers: { 'Content-Disposition': 'attachment; filename="…"; filename*=UTF-8\'\'…' },
      },
    },
    refusals: { 403: "Someone else's writeup (staff may read every one)." },
  },
  {
    method: 'put',
    path: '/api/submissions/{id}/validate/',
    summary: 'Validate a submission',
    description: 'Final: the solve counts from then on.',
    access: 'staff',
    params: submission,
    answers: { 200: { description: 'Validated.', schema: ValidatedJson } },
    refusals: { 400: NOT_PENDING },
  },
  {
    method: 'put',
    path: '/api/submissions/{id}/dismiss/',
    summary: 'Invalidate a submission',
    description: 'With a comment, which the learner sees.',
    access: 'staff',
    params: submission,
    body: { schema: dismissBody },
    answers: { 200: { description: 'Rejected.', schema: InvalidatedJson } },
    refusals: { 400: `A missing comment (under description), or: ${NOT_PENDING}` },
  },
  {
    method: 'put',
    path: '/api/submissions/bulk-validate/',
    summary: 'Validate several submissions',
    description: 'An addition to SPEC §7: every listed submission in one transaction, or none of them.',
    access: 'staff',
    body: { schema: idsBody },
    answers: { 200: { description: 'How many were validated.', schema: BulkValidatedJson } },
    refusals: { 400: `Ids that are not a list of ids (under ids), or: ${NOT_PENDING}`, 404: 'One of the ids names no submission.' },
  },
];
