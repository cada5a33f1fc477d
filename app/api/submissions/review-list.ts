// The review list of one scope as JSON: GET /api/submissions/practices and the event's
// /api/events/{id}/submissions/ share this reading of the query and the shape of a row.
import { z } from 'zod';
import { listSubmissions, type ReviewRow } from '~/domain/submission-review.server';
import type { Scope } from '~/domain/scope.server';
import type { Actor } from '~/domain/policy.server';
import { paginated, parseQuery } from '~/lib/api.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { reviewQuery } from '~/schemas/query';
import { dateTime, int, paginated as pageOf } from '../openapi/shapes';

export const writeupUrl = (request: Request, id: number) => new URL(`/api/submissions/${id}/download-writeup/`, request.url).toString();

export const SubmissionJson = z
  .strictObject({
    id: int(),
    score: int(),
    is_correct: z.boolean(),
    is_validated: z.boolean().nullable().meta({ description: 'null pending, true accepted, false rejected.' }),
    writeup: z.url().nullable().meta({ description: 'Where to download the writeup.' }),
    comment: z.string().nullable().meta({ description: 'Why it was rejected.' }),
    learner: z.strictObject({ id: int(), username: z.string() }),
    team_data: z.strictObject({ id: int(), name: z.string() }).nullable(),
    challenge: z.strictObject({ id: int(), name: z.string(), category_name: z.string(), initial_value: int() }),
    created_at: dateTime(),
  })
  .meta({ id: 'Submission' });
export const SubmissionPageJson = pageOf(SubmissionJson, 'SubmissionPage');

/** A submission as SPEC §3 names its fields. */
export function submissionJson(request: Request, row: ReviewRow): z.infer<typeof SubmissionJson> {
  return {
    id: row.id,
    score: row.score,
    is_correct: row.isCorrect,
    is_validated: row.isValidated,
    writeup: row.writeupName !== null ? writeupUrl(request, row.id) : null,
    comment: row.comment,
    learner: { id: row.learner.id, username: row.learner.username },
    team_data: row.team ? { id: row.team.id, name: row.team.name } : null,
    challenge: { id: row.challenge.id, name: row.challenge.name, category_name: row.challenge.category.name, initial_value: row.challenge.initialValue },
    created_at: row.createdAt.toISOString(),
  };
}

export async function reviewList(request: Request, actor: Actor | null, scope: Scope) {
  const query = parseQuery(request, reviewQuery);
  const page = await listSubmissions(actor, scope, { isValidated: query.is_validated, search: query.search, page: query.page, pageSize: PAGE_SIZE.list });
  return paginated(request, page, (row) => submissionJson(request, row));
}
