import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { Form, redirect, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { TableRegion } from '~/components/data-table';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { EmptyState, Field, FormErrors } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { useSchemaForm } from '~/components/use-schema-form';
import {
  CATEGORY_MESSAGES,
  categoryPage,
  createCategory,
  deleteCategory,
  getCategory,
  listCategories,
  updateCategory,
} from '~/domain/categories.server';
import { resolveScope } from '~/domain/scope.server';
import { requireStaffPage } from '~/lib/auth.server';
import { readForm } from '~/lib/body.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm, unknownAction } from '~/lib/form.server';
import { resultFor, typedValue } from '~/lib/form-result';
import { lastPage, PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { CATEGORY_NAME_MAX, categorySchema } from '~/schemas/category';
import { intentSchema, postedId } from '~/schemas/fields';
import { hrefWith, without } from '~/lib/url';
import { metaTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/categories';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Categories')} · CTF Arena` }];
};

const DIALOG_PARAMS = ['edit', 'delete'];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  // Categories are global; the scope only has to exist (an event's page 404s for an unknown event).
  await resolveScope(params);
  const url = new URL(request.url);
  const requested = pageNumber(url.searchParams.get('page'));
  const list = await listCategories(user, { page: requested, pageSize: PAGE_SIZE.categories });
  // A page past the end (e.g. after deleting the last row of the last page) shows the last page.
  const last = lastPage(list.count, PAGE_SIZE.categories);
  if (requested > last) {
    url.searchParams.set('page', String(last));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  const targetId = url.searchParams.get('edit') ?? url.searchParams.get('delete');
  const target = targetId ? await getCategory(user, Number(targetId)).catch((e) => (e instanceof NotFound ? null : Promise.reject(e))) : null;
  return {
    count: list.count,
    page: list.page,
    rows: list.results.map((c) => ({ id: c.id, name: c.name })),
    target: target ? { id: target.id, name: target.name } : null,
    missing: targetId && !target ? CATEGORY_MESSAGES.notFound : null,
  };
}

// The schemas of the page's forms: the action parses with them, the forms check with them in the browser.
const CREATE = intentSchema('create', categorySchema);
const EDIT = intentSchema('edit', categorySchema.extend({ id: postedId() }));
const DELETE = intentSchema('delete', z.object({ id: postedId() }));

function backTo(request: Request, page?: number) {
  return hrefWith(new URL(request.url), { ...without(DIALOG_PARAMS), ...(page ? { page } : {}) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  // Errors show in the form of their intent: a body refused whole (no intent to read) is the 400 page.
  const form = await readForm(request);
  const intent = form.text('intent');
  try {
    if (intent === 'create') {
      const outcome = await handleForm(form, CREATE, (input) => createCategory(user, input));
      if (!outcome.ok) return outcome.response;
      // Show the page the new category landed on.
      return redirectWithFlash(request, backTo(request, await categoryPage(outcome.value.id, PAGE_SIZE.categories)), { type: 'success', text: CATEGORY_MESSAGES.created });
    }
    if (intent === 'edit') {
      const outcome = await handleForm(form, EDIT, ({ id, ...input }) => updateCategory(user, id, input));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: CATEGORY_MESSAGES.updated });
    }
    if (intent === 'delete') {
      const outcome = await handleForm(form, DELETE, ({ id }) => deleteCategory(user, id));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: CATEGORY_MESSAGES.deleted });
    }
  } catch (error) {
    if (error instanceof NotFound) return redirectWithFlash(request, backTo(request), { type: 'error', text: error.message });
    throw error;
  }
  return unknownAction();
}

export default function Categories() {
  const { count, page, rows, target, missing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const link = (extra: Record<string, string>) => hrefWith(location, { ...without(DIALOG_PARAMS), ...extra });
  const close = link({});
  const dialog = params.has('edit') ? 'edit' : params.has('delete') ? 'delete' : null;
  const t = useT();

  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold">{t('Categories')}</h1>

      {/* Keyed by the count so the field empties once a category is added (JS keeps the page), and by
          whether it has a reply, so its error goes once another action succeeded (conform keeps a
          form's errors until it checks again). */}
      <CreateForm key={`${count}-${resultFor(result, 'create') ? 'replied' : 'fresh'}`} lastResult={resultFor(result, 'create')} busy={busy} />

      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <TableRegion label={t('Categories')}>
          <table className="table">
            <thead><tr><th>#</th><th>{t('Category')}</th><th>{t('Action')}</th></tr></thead>
            <tbody>
              {rows.map((c, i) => (
                <tr key={c.id}>
                  <td>{(page - 1) * PAGE_SIZE.categories + i + 1}</td>
                  <td>{c.name}</td>
                  <td className="flex gap-2">
                    <Link to={link({ edit: String(c.id) })} className="btn-secondary" aria-label={t('Edit {{name}}', { name: c.name })} preventScrollReset>{t('Edit')}</Link>
                    <Link to={link({ delete: String(c.id) })} className="btn-danger" aria-label={t('Delete {{name}}', { name: c.name })} preventScrollReset>{t('Delete')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.categories} />

      {dialog === 'edit' ? (
        <UrlDialog title={t('Edit category')} closeTo={close}>
          {target ? (
            <EditForm key={target.id} target={target} lastResult={resultFor(result, 'edit')} cancelTo={close} busy={busy} />
          ) : (
            <p className="text-sm text-slate-700">{missing ? t(missing) : null}</p>
          )}
        </UrlDialog>
      ) : null}

      {dialog === 'delete' ? (
        <UrlDialog title={t('Delete category')} closeTo={close}>
          {target ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={target.id} />
              <FormErrors errors={resultFor(result, 'delete')?.error?.['']} />
              <p className="mb-6 text-sm text-slate-700">{t('Are you sure you want to delete the category “{{name}}”? This cannot be undone.', { name: target.name })}</p>
              <DialogActions cancelTo={close} label={t('Delete')} danger busy={busy} />
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{missing ? t(missing) : null}</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}

type Reply = SubmissionResult<string[]> | null;

/** The add form, checked with CREATE in the browser; `lastResult` is the reply to it, if any. */
function CreateForm({ lastResult, busy }: { lastResult: Reply; busy: boolean }) {
  const [form, fields] = useSchemaForm(CREATE, lastResult, { nativeValidation: true });
  const errors = fields.name.errors;
  const t = useT();
  return (
    <Form method="post" className="card mb-6" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="create" />
      <FormErrors errors={form.errors} />
      <div className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1">
          <label htmlFor="new-category" className="sr-only">{t('Enter challenge category')}</label>
          <input
            id="new-category" name="name" type="text" required maxLength={CATEGORY_NAME_MAX} placeholder={t('Enter challenge category')} className="input"
            defaultValue={lastResult ? typedValue(lastResult, 'name') : undefined}
            aria-invalid={errors ? true : undefined} aria-describedby={errors ? 'new-category-error' : undefined}
          />
          {errors ? <p className="field-error" id="new-category-error" role="alert">{t(errors[0])}</p> : null}
        </div>
        <button type="submit" className="btn-primary" disabled={busy}>{t('Add')}</button>
      </div>
    </Form>
  );
}

/** The edit dialog's form, checked with EDIT in the browser; mounted per category, so nothing typed for one shows for another. */
function EditForm({ target, lastResult, cancelTo, busy }: { target: { id: number; name: string }; lastResult: Reply; cancelTo: string; busy: boolean }) {
  const [form, fields] = useSchemaForm(EDIT, lastResult, { nativeValidation: true });
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="edit" />
      <input type="hidden" name="id" value={target.id} />
      <FormErrors errors={form.errors} />
      <Field label={t('Category name')} name="edit-name" errors={fields.name.errors}>
        <input id="edit-name" name="name" type="text" required maxLength={CATEGORY_NAME_MAX} className="input" defaultValue={typedValue(lastResult, 'name', target.name)} />
      </Field>
      <DialogActions cancelTo={cancelTo} label={t('Save')} busy={busy} />
    </Form>
  );
}
