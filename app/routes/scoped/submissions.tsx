import { z } from 'zod';
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { SelectAllBox, useClearSelectionAfterSuccess } from '~/components/bulk-selection';
import { Cell, Row, StackedTable, TableRegion } from '~/components/data-table';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { DownloadLink } from '~/components/download-link';
import { ExportLinks } from '~/components/export-links';
import { EmptyState, Field, FormErrors } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { REVIEW_STATE_LABELS } from '~/domain/review-states';
import { resolveScope } from '~/domain/scope.server';
import {
  bulkValidationMessage,
  COMMENT_MAX,
  invalidateSubmission,
  listSubmissions,
  REVIEW_MESSAGES,
  validateSubmission,
  validateSubmissions,
  type ReviewState,
} from '~/domain/submission-review.server';
import { requireStaffPage } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm, submittedForm, unknownAction } from '~/lib/form.server';
import { resultFor, typedValue } from '~/lib/form-result';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { hrefWith, without } from '~/lib/url';
import { intentSchema, postedId, postedList } from '~/schemas/fields';
import { reviewFilters } from '../list-filters';
import { metaTranslator, text, useT, UTC_DATE_TIME } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import type { Route } from './+types/submissions';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Submissions')} · CTF Arena` }];
};

const DIALOG_PARAMS = ['confirm', 'id', 'ids', 'bulk'];
/** The State filter: all, then each review state in the words of domain/review-states.ts (the export's too), shown through t(). */
const STATE_WORDS = { '': text('All'), ...REVIEW_STATE_LABELS } satisfies Record<'' | ReviewState, string>;
const STATES = Object.entries(STATE_WORDS).map(([value, label]) => ({ value: value as '' | ReviewState, label }));

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await resolveScope(params);
  const url = new URL(request.url);
  // The export (submissions-export.ts) reads the same filters.
  const { state, search, isValidated } = reviewFilters(url.searchParams);
  const language = pageLanguage();
  let list;
  try {
    list = await listSubmissions(user, scope, { isValidated, search, page: pageNumber(url.searchParams.get('page')), pageSize: PAGE_SIZE.list });
  } catch (error) {
    if (error instanceof NotFound) throw data(error.message, { status: 404 });
    throw error;
  }
  return {
    commentMax: COMMENT_MAX,
    state,
    search,
    count: list.count,
    page: list.page,
    rows: list.results.map((s) => ({
      id: s.id,
      learner: s.learner.username,
      team: s.team?.name ?? null,
      challenge: s.challenge.name,
      category: s.challenge.category.name,
      initialValue: s.challenge.initialValue,
      score: s.score,
      date: `${UTC_DATE_TIME[language].format(s.createdAt)} UTC`,
      isCorrect: s.isCorrect,
      isValidated: s.isValidated,
      comment: s.comment,
      writeup: s.writeupName !== null ? `/api/submissions/${s.id}/download-writeup/` : null,
    })),
  };
}

// The ids and the comment are checked by the domain, which says what is wrong with them.
const VALIDATE = intentSchema('validate', z.object({ id: postedId() }));
const INVALIDATE = intentSchema('invalidate', z.object({ id: postedId(), description: z.unknown().optional() }));
const BULK_VALIDATE = intentSchema('bulk-validate', z.object({ ids: postedList() }));

function backTo(request: Request) {
  return hrefWith(new URL(request.url), without(DIALOG_PARAMS));
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  // Shown in the dialog the body came from (its URL says which is open).
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = form.text('intent');
  try {
    if (intent === 'validate') {
      const outcome = await handleForm(form, VALIDATE, ({ id }) => validateSubmission(user, id));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: REVIEW_MESSAGES.validated });
    }
    if (intent === 'invalidate') {
      const outcome = await handleForm(form, INVALIDATE, ({ id, description }) => invalidateSubmission(user, id, { description }));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: REVIEW_MESSAGES.invalidated });
    }
    if (intent === 'bulk-validate') {
      const outcome = await handleForm(form, BULK_VALIDATE, ({ ids }) => validateSubmissions(user, ids));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: bulkValidationMessage(outcome.value) });
    }
  } catch (error) {
    if (error instanceof NotFound) return redirectWithFlash(request, backTo(request), { type: 'error', text: error.message });
    throw error;
  }
  return unknownAction();
}

function StateBadge({ isCorrect, isValidated, comment }: { isCorrect: boolean; isValidated: boolean | null; comment: string | null }) {
  const t = useT();
  // 'Acepted' is the spelling SPEC §4 asks for.
  if (!isCorrect) return <span className="text-slate-500">{t('Wrong flag')}</span>;
  if (isValidated === true) return <span className="rounded bg-green-100 px-2 py-0.5 text-green-800">{t('Acepted')}</span>;
  if (isValidated === false) {
    return (
      <span>
        <span className="rounded bg-red-100 px-2 py-0.5 text-red-800">{t('Rejected')}</span>
        {comment ? <span className="mt-1 block max-w-xs text-xs text-slate-500">{comment}</span> : null}
      </span>
    );
  }
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-800">{t('Pending')}</span>;
}

export default function Submissions() {
  const { state, search, count, page, rows, commentMax } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const link = (extra: Record<string, string>) => hrefWith(location, { ...without(DIALOG_PARAMS), ...extra });
  const close = link({});
  const confirm = params.get('confirm');
  const bulkIds = params.get('bulk') === 'validate' ? params.getAll('ids') : [];
  const target = rows.find((r) => String(r.id) === params.get('id'));
  const errors = result?.error;
  const reviewable = (r: (typeof rows)[number]) => r.isCorrect && r.isValidated === null;
  useClearSelectionAfterSuccess('bulk-form');
  const t = useT();

  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold">{t('Submissions')}</h1>

      <Form method="get" role="search" className="mb-4 flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="state" className="label">{t('State')}</label>
          <select id="state" name="state" defaultValue={state} className="input">
            {STATES.map((s) => <option key={s.value} value={s.value}>{t(s.label)}</option>)}
          </select>
        </div>
        <div>
          <label htmlFor="q" className="label">{t('Learner or challenge')}</label>
          <input id="q" name="q" type="search" defaultValue={search} className="input" />
        </div>
        <button type="submit" className="btn-secondary">{t('Filter')}</button>
      </Form>
      {/* Every page of the filtered list as a file (docs/rules.md "Exports"). */}
      {count > 0 ? <ExportLinks filters={{ state, q: search }} count={count} className="mb-4" /> : null}

      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <Form method="get" id="bulk-form">
          {state ? <input type="hidden" name="state" value={state} /> : null}
          {search ? <input type="hidden" name="q" value={search} /> : null}
          {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
          <TableRegion label={t('Submissions')}>
            <StackedTable
              columns={[
                rows.some(reviewable) ? <SelectAllBox formId="bulk-form" /> : <span className="sr-only">{t('Select')}</span>,
                '#', t('Learner'), t('Challenge'), t('Category'), t('Initial value'), t('Score'), t('Date'), t('State'), t('Writeup'), t('Action'),
              ]}
            >
              {rows.map((r, i) => (
                <Row key={r.id} data-submission={r.id}>
                  <Cell label={t('Select')}>
                    {reviewable(r) ? <input type="checkbox" name="ids" value={r.id} aria-label={t('Select submission of {{learner}} for {{challenge}}', { learner: r.learner, challenge: r.challenge })} /> : null}
                  </Cell>
                  <Cell label="#">{(page - 1) * PAGE_SIZE.list + i + 1}</Cell>
                  <Cell label={t('Learner')}>{r.learner}{r.team ? <span className="block text-xs text-slate-500">{r.team}</span> : null}</Cell>
                  <Cell label={t('Challenge')}>{r.challenge}</Cell>
                  <Cell label={t('Category')}>{r.category}</Cell>
                  <Cell label={t('Initial value')}>{r.initialValue}</Cell>
                  <Cell label={t('Score')}>{r.score}</Cell>
                  <Cell label={t('Date')} className="whitespace-nowrap">{r.date}</Cell>
                  <Cell label={t('State')}><StateBadge isCorrect={r.isCorrect} isValidated={r.isValidated} comment={r.comment} /></Cell>
                  <Cell label={t('Writeup')}>{r.writeup ? <DownloadLink href={r.writeup}>{t('Download')}</DownloadLink> : <span className="text-slate-400">—</span>}</Cell>
                  <Cell label={t('Action')}>
                    {reviewable(r) ? (
                      <span className="flex gap-2">
                        <Link to={link({ confirm: 'validate', id: String(r.id) })} className="btn-primary" preventScrollReset>{t('Validate')}</Link>
                        <Link to={link({ confirm: 'invalidate', id: String(r.id) })} className="btn-secondary" preventScrollReset>{t('Invalidate')}</Link>
                      </span>
                    ) : null}
                  </Cell>
                </Row>
              ))}
            </StackedTable>
          </TableRegion>
          {rows.some(reviewable) ? (
            <div className="mt-3">
              <button type="submit" name="bulk" value="validate" className="btn-secondary">{t('Validate selected')}</button>
            </div>
          ) : null}
        </Form>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.list} />

      {confirm === 'validate' ? (
        <UrlDialog title={t('Validate submission')} closeTo={close}>
          <Form method="post">
            <input type="hidden" name="intent" value="validate" />
            <input type="hidden" name="id" value={params.get('id') ?? ''} />
            <FormErrors errors={errors?.['']} />
            <p className="mb-6 text-sm text-slate-700">
              {target
                ? t('Are you sure you want to validate the submission of {{learner}} for “{{challenge}}”? This decision is final.', { learner: target.learner, challenge: target.challenge })
                : t('Are you sure you want to validate this submission? This decision is final.')}
            </p>
            <DialogActions cancelTo={close} label={t('Confirm')} busy={busy} />
          </Form>
        </UrlDialog>
      ) : null}

      {confirm === 'invalidate' ? (
        <UrlDialog title={t('Invalidate submission')} closeTo={close}>
          <Form method="post">
            <input type="hidden" name="intent" value="invalidate" />
            <input type="hidden" name="id" value={params.get('id') ?? ''} />
            <FormErrors errors={errors?.['']} />
            <p className="mb-4 text-sm text-slate-700">
              {target
                ? t('The submission of {{learner}} for “{{challenge}}” will be rejected and stop counting; the player may submit again.', { learner: target.learner, challenge: target.challenge })
                : t('This submission will be rejected and stop counting; the player may submit again.')}
            </p>
            <Field label={t('Comment')} name="description" errors={errors?.description}>
              <textarea
                id="description" name="description" required maxLength={commentMax} rows={4} className="input"
                defaultValue={resultFor(result, 'invalidate') ? typedValue(result, 'description') : undefined}
                aria-invalid={errors?.description ? true : undefined}
              />
            </Field>
            <DialogActions cancelTo={close} label={t('Invalidate')} danger busy={busy} />
          </Form>
        </UrlDialog>
      ) : null}

      {params.get('bulk') === 'validate' ? (
        <UrlDialog title={t('Validate submissions')} closeTo={close}>
          {bulkIds.length ? (
            <Form method="post">
              <input type="hidden" name="intent" value="bulk-validate" />
              {bulkIds.map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
              <FormErrors errors={errors?.[''] ?? errors?.ids} />
              <p className="mb-6 text-sm text-slate-700">
                {bulkIds.length === 1
                  ? t('Are you sure you want to validate 1 selected submission? This decision is final.')
                  : t('Are you sure you want to validate {{count}} selected submissions? This decision is final.', { count: bulkIds.length })}
              </p>
              <DialogActions cancelTo={close} label={t('Confirm')} busy={busy} />
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{t('Select at least one submission.')}</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}
