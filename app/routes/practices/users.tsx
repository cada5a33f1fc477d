import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { Form, useActionData, useLoaderData, useLocation, useSearchParams, useSubmit } from 'react-router';
import { Link } from '~/components/link';
import { useEffect, useRef } from 'react';
import { SelectAllBox, useClearSelectionAfterSuccess } from '~/components/bulk-selection';
import { Cell, Row, StackedTable, TableRegion } from '~/components/data-table';
import { useSchemaForm } from '~/components/use-schema-form';
import { UrlDialog } from '~/components/dialog';
import { ExportLinks } from '~/components/export-links';
import { EmptyState, FormErrors } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { importLearners, type ImportRow } from '~/domain/import-learners.server';
import { listLearners, setValidation, validationMessage } from '~/domain/learners.server';
import { isStaff, roleOf } from '~/domain/policy.server';
import { requireUser } from '~/lib/auth.server';
import { Forbidden, Invalid } from '~/lib/errors.server';
import { errorReply, handleForm, submittedForm, unknownAction } from '~/lib/form.server';
import { resultFor } from '~/lib/form-result';
import { metaTranslator, text, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { hrefWith, without } from '~/lib/url';
import { intentSchema, postedList, withFile } from '~/schemas/fields';
import { IMPORT_FILE_RULES } from '~/schemas/learner-import';
import { learnerFilters } from '../list-filters';
import type { Route } from './+types/users';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Learners')} · CTF Arena` }];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  // The export (users-export.ts) reads the same search.
  const { search } = learnerFilters(url.searchParams);
  const page = await listLearners(user, { search, page: pageNumber(url.searchParams.get('page')), pageSize: PAGE_SIZE.list });
  const role = roleOf(user);
  const staff = isStaff(user);
  return {
    role,
    search,
    count: page.count,
    page: page.page,
    rows: page.results.map(({ user: u, totalPoints }) => ({
      id: u.id,
      username: u.username,
      ...(u.private && staff ? { email: u.private.email, gender: u.private.gender, isValidated: u.private.isValidated } : {}),
      type: u.type,
      totalPoints,
    })),
  };
}

const DIALOG_PARAMS = ['confirm', 'id', 'ids', 'bulk', 'dialog'];

function backTo(request: Request) {
  return hrefWith(new URL(request.url), without(DIALOG_PARAMS));
}

const IMPORT = intentSchema('import');
/**
 * The import's schema, given its file (the action reads the posted one, the dialog's form, which
 * checks with it before posting, the chosen one): none, or one over 5 MB, is refused.
 */
const importSchema = (file: unknown) => withFile(IMPORT, 'file', file, IMPORT_FILE_RULES);
const importFormSchema = (formData: FormData) => importSchema(formData.get('file'));
// Of the ids, whatever is not a whole number is left out, and none at all is refused. (`bulk`, which
// only picks the message's wording, is read from the form.)
const validationSchema = (intent: 'validate' | 'invalidate') => intentSchema(intent, z.object({ ids: postedList() }));
const VALIDATION = { validate: validationSchema('validate'), invalidate: validationSchema('invalidate') };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request, context);
  // Every action here is staff's (the import the superuser's): a learner's body is never read.
  if (!isStaff(user)) return errorReply({ non_field_errors: [new Forbidden().message] }, 403);
  // Above the list: no intent to say it came from the import's dialog.
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = form.text('intent');
  // The intent says where the errors show: an import's inside its dialog, the others above the list,
  // a learner that is gone (404) too.
  if (intent === 'import') {
    // The file is read from the form: conform's value holds text only.
    const file = form.get('file');
    const outcome = await handleForm(form, importSchema(file), () => importLearners(user, file), { notFoundOnForm: true });
    if (!outcome.ok) return outcome.response;
    return { report: outcome.value, message: MESSAGES.exportSuccess };
  }
  if (intent === 'validate' || intent === 'invalidate') {
    const validated = intent === 'validate';
    const choose = async ({ ids }: { ids: unknown[] }) => {
      const chosen = ids.map(Number).filter(Number.isInteger);
      if (!chosen.length) throw new Invalid({ ids: [text('Select at least one learner.')] });
      return setValidation(user, chosen, validated);
    };
    const outcome = await handleForm(form, VALIDATION[intent], choose, { notFoundOnForm: true });
    if (!outcome.ok) return outcome.response;
    return redirectWithFlash(request, backTo(request), { type: 'success', text: validationMessage(validated, outcome.value, form.get('bulk') === '1') });
  }
  return unknownAction();
}

/**
 * The import dialog's form, checked in the browser with the action's schema (given the chosen file)
 * before it posts; `lastResult` is the reply to an import.
 */
function ImportForm({ action, lastResult }: { action: string; lastResult: SubmissionResult<string[]> | null }) {
  const [form] = useSchemaForm(importFormSchema, lastResult, { nativeValidation: true });
  const errors = form.allErrors.file;
  const t = useT();
  return (
    <Form method="post" encType="multipart/form-data" action={action} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="import" />
      <p className="mb-3 text-sm text-slate-600">{t('Upload an .xlsx file whose first row names the columns username, fullname, email, gender, country.')}</p>
      <label className="label" htmlFor="file">{t('Excel file')}</label>
      <input
        id="file" name="file" type="file" required accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" className="input"
        aria-invalid={errors ? true : undefined} aria-describedby={errors ? 'file-error' : undefined}
      />
      {errors ? <p className="field-error" id="file-error" role="alert">{t(errors[0])}</p> : null}
      <FormErrors errors={form.errors} />
      <div className="mt-4 flex justify-end gap-2">
        <Link to={action} className="btn-secondary">{t('Cancel')}</Link>
        <button type="submit" className="btn-primary">{t('Upload')}</button>
      </div>
    </Form>
  );
}

// The import report's outcomes: counted above its table, named in its rows.
const OUTCOMES = ['created', 'updated', 'unchanged', 'rejected'] as const;
const OUTCOME_COUNTS: Record<ImportRow['outcome'], string> = {
  created: text('{{count}} created'),
  updated: text('{{count}} updated'),
  unchanged: text('{{count}} unchanged'),
  rejected: text('{{count}} rejected'),
};
const OUTCOME_WORDS: Record<ImportRow['outcome'], string> = { created: text('created'), updated: text('updated'), unchanged: text('unchanged'), rejected: text('rejected') };
/** A row's reason in the page's language: the column it names stays, the message after it is translated. */
function reasonText(reason: string, t: (key: string) => string): string {
  const at = reason.indexOf(': ');
  return at === -1 ? t(reason) : `${reason.slice(0, at)}: ${t(reason.slice(at + 2))}`;
}

/** The superuser's Type column. */
const TYPE_WORDS: Record<'Collaborater' | 'Learner', string> = { Collaborater: text('Collaborater'), Learner: text('Learner') };
/** The validation dialog's question: for one row's button, and for the ticked rows. */
const CONFIRM_WORDS = {
  validate: {
    this: text('Are you sure you want to validate this account?'),
    one: text('Are you sure you want to validate 1 selected account?'),
    many: text('Are you sure you want to validate {{count}} selected accounts?'),
  },
  invalidate: {
    this: text('Are you sure you want to invalidate this account?'),
    one: text('Are you sure you want to invalidate 1 selected account?'),
    many: text('Are you sure you want to invalidate {{count}} selected accounts?'),
  },
};

function StatusDot({ validated }: { validated: boolean }) {
  const t = useT();
  return (
    <span className={`inline-block h-3 w-3 rounded-full ${validated ? 'bg-green-700' : 'bg-red-500'}`} role="img" aria-label={validated ? t('validated') : t('not validated')} />
  );
}

/** Debounced search with JS (SPEC §5: 50 ms); without JS the Search button submits the GET form. */
function SearchBox({ search }: { search: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const t = useT();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" role="search" className="mb-4 flex gap-2">
      <label htmlFor="q" className="sr-only">{t('Search learners')}</label>
      <input
        id="q" name="q" type="search" defaultValue={search} placeholder={t('Search learners')} className="input max-w-xs"
        onChange={(e) => {
          const form = e.currentTarget.form;
          clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(form, { replace: true }), 50);
        }}
      />
      <button type="submit" className="btn-secondary">{t('Search')}</button>
    </Form>
  );
}

export default function Users() {
  const { role, search, count, page, rows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const location = useLocation();
  const staff = role === 'staff' || role === 'superuser';
  const close = hrefWith(location, without(DIALOG_PARAMS));
  const confirm = params.get('confirm') ?? params.get('bulk');
  const confirmIds = params.get('confirm') ? [params.get('id')].filter(Boolean) : params.getAll('ids');
  const confirmBulk = !!params.get('bulk');
  const report = result && 'report' in result ? (result.report as ImportRow[]) : null;
  const reply = result && 'result' in result ? result.result : null;
  // A failed import reopens its dialog (the form posts to the page without ?dialog) with the errors.
  const importReply = resultFor(reply, 'import');
  const importErrors = importReply?.error ?? null;
  const listErrors = importErrors ? null : reply?.error;
  const importOpen = role === 'superuser' && (params.get('dialog') === 'import' || !!importErrors);
  const clearSearch = hrefWith(location, without([...DIALOG_PARAMS, 'q', 'page']));
  const t = useT();
  useClearSelectionAfterSuccess('bulk-form');

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('Learners')}</h1>
        {/* Staff may add collaboraters (SPEC §6, the route table; docs/rules.md), so they get the
            link too; the import stays the superuser's (SPEC §2). */}
        {staff ? (
          <div className="flex gap-2">
            {role === 'superuser' ? (
              <>
                {/* The superuser's staff tools are here: the staff action log is one of them. */}
                <Link to="/practices/staff-actions" className="btn-secondary">{t('Staff action log')}</Link>
                <Link to="?dialog=import" className="btn-secondary" preventScrollReset>{t('Export learner')}</Link>
              </>
            ) : null}
            <Link to="/practices/collaboraters/create" className="btn-primary">{t('Add collaborater')}</Link>
          </div>
        ) : null}
      </div>

      {count > PAGE_SIZE.list || search ? <SearchBox search={search} /> : null}
      {/* The whole list as a file, with the search: the superuser's, like the import (docs/rules.md "Exports"). */}
      {role === 'superuser' && count > 0 ? <ExportLinks filters={{ q: search }} count={count} className="mb-4" /> : null}
      <FormErrors errors={listErrors?.[''] ?? listErrors?.ids ?? listErrors?.file} />

      {report ? (
        <section className="card mb-6" aria-labelledby="import-report">
          <h2 id="import-report" className="mb-2 font-semibold">{t(MESSAGES.exportSuccess)}</h2>
          <p className="mb-3 text-sm text-slate-600">
            {OUTCOMES.map((o) => t(OUTCOME_COUNTS[o], { count: report.filter((r) => r.outcome === o).length })).join(' · ')}
          </p>
          <table className="table">
            <thead><tr><th>{t('Row')}</th><th>{t('Username')}</th><th>{t('Email')}</th><th>{t('Outcome')}</th><th>{t('Reason')}</th></tr></thead>
            <tbody>
              {report.map((r) => (
                <tr key={r.row} data-outcome={r.outcome}><td>{r.row}</td><td>{r.username}</td><td>{r.email}</td><td>{t(OUTCOME_WORDS[r.outcome])}</td><td>{r.reason ? reasonText(r.reason, t) : ''}</td></tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}

      {rows.length === 0 ? (
        count === 0 && search.trim() ? (
          <div className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-500">
            <p>{t("No learner matches '{{search}}'", { search: search.trim() })}</p>
            <Link to={clearSearch} className="link mt-2 inline-block">{t('Clear the search')}</Link>
          </div>
        ) : count > 0 ? (
          <EmptyState text={t('There is no page {{page}}: the list ends at page {{last}}.', { page, last: Math.ceil(count / PAGE_SIZE.list) })} />
        ) : (
          <EmptyState />
        )
      ) : (
        <Form method="get" id="bulk-form">
          {search ? <input type="hidden" name="q" value={search} /> : null}
          {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
          <TableRegion label={t('Learners')}>
            <StackedTable
              columns={[
                ...(staff ? [<SelectAllBox formId="bulk-form" />] : []),
                '#', t('User'),
                ...(staff ? [t('Email'), t('Gender')] : []),
                role === 'superuser' ? t('Type') : t('Total Points'),
                ...(staff ? [t('Status'), t('Action')] : []),
              ]}
            >
              {rows.map((r, i) => (
                <Row key={r.id}>
                  {staff ? (
                    // Collaborators have no validation state: nothing to select or decide for them.
                    <Cell label={t('Select')}>{r.type === 'Collaborater' ? null : <input type="checkbox" name="ids" value={r.id} aria-label={t('Select {{name}}', { name: r.username })} />}</Cell>
                  ) : null}
                  <Cell label="#">{(page - 1) * PAGE_SIZE.list + i + 1}</Cell>
                  <Cell label={t('User')}><Link className="link" to={`/practices/users/${r.id}`}>{r.username}</Link></Cell>
                  {staff ? <><Cell label={t('Email')}>{r.email}</Cell><Cell label={t('Gender')}>{r.gender}</Cell></> : null}
                  {role === 'superuser' ? <Cell label={t('Type')}>{r.type ? t(TYPE_WORDS[r.type]) : null}</Cell> : <Cell label={t('Total Points')}>{r.totalPoints}</Cell>}
                  {staff && r.type === 'Collaborater' ? (
                    <><Cell label={t('Status')} /><Cell label={t('Action')} /></>
                  ) : staff ? (
                    <>
                      <Cell label={t('Status')}><StatusDot validated={!!r.isValidated} /></Cell>
                      <Cell label={t('Action')}>
                        <Link
                          to={hrefWith(location, { ...without(DIALOG_PARAMS), confirm: r.isValidated ? 'invalidate' : 'validate', id: r.id })}
                          className={r.isValidated ? 'btn-secondary' : 'btn-primary'}
                          preventScrollReset
                        >
                          {r.isValidated ? t('Invalidate') : t('Validate')}
                        </Link>
                      </Cell>
                    </>
                  ) : null}
                </Row>
              ))}
            </StackedTable>
          </TableRegion>
          {staff ? (
            <div className="mt-3 flex gap-2">
              <button type="submit" name="bulk" value="validate" className="btn-secondary">{t('Validate selected')}</button>
              <button type="submit" name="bulk" value="invalidate" className="btn-secondary">{t('Invalidate selected')}</button>
            </div>
          ) : null}
        </Form>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.list} />

      {staff && (confirm === 'validate' || confirm === 'invalidate') ? (
        <UrlDialog title={confirm === 'validate' ? t('Validate account') : t('Invalidate account')} closeTo={close}>
          {confirmIds.length ? (
            <Form method="post">
              <input type="hidden" name="intent" value={confirm} />
              {confirmBulk ? <input type="hidden" name="bulk" value="1" /> : null}
              {confirmIds.map((id) => <input key={id} type="hidden" name="ids" value={id!} />)}
              <p className="mb-6 text-sm text-slate-700">
                {confirmBulk
                  ? confirmIds.length === 1
                    ? t(CONFIRM_WORDS[confirm].one)
                    : t(CONFIRM_WORDS[confirm].many, { count: confirmIds.length })
                  : t(CONFIRM_WORDS[confirm].this)}
              </p>
              <div className="flex justify-end gap-2">
                <Link to={close} className="btn-secondary">{t('Cancel')}</Link>
                <button type="submit" className={confirm === 'validate' ? 'btn-primary' : 'btn-danger'}>{t('Confirm')}</button>
              </div>
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{t('Select at least one learner.')}</p>
          )}
        </UrlDialog>
      ) : null}

      {importOpen ? (
        <UrlDialog title={t('Export learner')} closeTo={close}>
          <ImportForm action={close} lastResult={importReply} />
        </UrlDialog>
      ) : null}
    </div>
  );
}
