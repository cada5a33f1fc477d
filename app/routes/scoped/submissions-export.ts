// GET /practices/submissions/export and /competes/{id}/submissions/export ?format=csv|xlsx[&state=][&q=]:
// the submissions review as a file (docs/rules.md "Exports"), staff only like the page: its filters,
// every page of them, newest first.
import { REVIEW_STATE_LABELS, reviewStateOf } from '~/domain/review-states';
import { resolveScope, rulesOf, scopeFileLabel, type Scope } from '~/domain/scope.server';
import { listSubmissions, type ReviewRow } from '~/domain/submission-review.server';
import { requireStaffPage } from '~/lib/auth.server';
import { EXPORT_PAGE } from '~/lib/pagination';
import { exportFormat, exportRows, type ExportColumn } from '~/lib/table-export.server';
import { listPageUrl, reviewFilters } from '../list-filters';
import type { Route } from './+types/submissions-export';

/** The State filter's words (the page's badge keeps SPEC's 'Acepted'; a file is read by tools). */
function stateOf(s: ReviewRow): string {
  return s.isCorrect ? REVIEW_STATE_LABELS[reviewStateOf(s.isValidated)] : 'Wrong flag';
}

function columnsOf(scope: Scope): ExportColumn<ReviewRow>[] {
  return [
    { header: 'Date (UTC)', value: (s) => s.createdAt },
    { header: 'Learner', value: (s) => s.learner.username },
    ...(rulesOf(scope).team ? [{ header: 'Team', value: (s: ReviewRow) => s.team?.name }] : []),
    { header: 'Challenge', value: (s) => s.challenge.name },
    { header: 'Category', value: (s) => s.challenge.category.name },
    { header: 'Initial value', value: (s) => s.challenge.initialValue },
    { header: 'Score', value: (s) => s.score },
    { header: 'State', value: stateOf },
    { header: 'Comment', value: (s) => s.comment },
    { header: 'Reviewed (UTC)', value: (s) => s.reviewedAt },
    { header: 'Writeup', value: (s) => s.writeupName },
  ];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const format = exportFormat(new URL(request.url).searchParams.get('format'));
  const scope = await resolveScope(params);
  const { isValidated, search } = reviewFilters(listPageUrl(request.url).searchParams);
  const list = await listSubmissions(user, scope, { isValidated, search, ...EXPORT_PAGE });
  return exportRows({ name: `submissions-${scopeFileLabel(scope)}`, title: 'Submissions', columns: columnsOf(scope), rows: list.results, format });
}
