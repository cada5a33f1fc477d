// The review list of one scope as JSON: GET /api/submissions/practices now, and the event's
// /api/events/{id}/submissions/ later, share this reading of the query and the shape of a row.
import { listSubmissions, type ReviewRow } from '~/domain/submission-review.server';
import type { Scope } from '~/domain/scope.server';
import type { Actor } from '~/domain/policy.server';
import { paginated } from '~/lib/api.server';
import { invalid } from '~/lib/errors.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';

const IS_VALIDATED: Record<string, boolean | null> = { true: true, false: false, null: null, none: null, '1': true, '0': false };

/** is_validated=true|false|null filters by review state; absent or empty lists every state. */
export function isValidatedParam(value: string | null): boolean | null | undefined {
  if (value === null || value === '') return undefined;
  const key = value.toLowerCase();
  if (!(key in IS_VALIDATED)) invalid('is_validated', 'Select a valid choice. Use true, false or null.');
  return IS_VALIDATED[key];
}

export const writeupUrl = (request: Request, id: number) => new URL(`/api/submissions/${id}/download-writeup/`, request.url).toString();

/** A submission as SPEC §3 names its fields. */
export function submissionJson(request: Request, row: ReviewRow) {
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
  const params = new URL(request.url).searchParams;
  const page = await listSubmissions(actor, scope, {
    isValidated: isValidatedParam(params.get('is_validated')),
    search: params.get('search') ?? undefined,
    page: pageNumber(params.get('page')),
    pageSize: PAGE_SIZE.list,
  });
  return paginated(request, page, (row) => submissionJson(request, row));
}
