import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { z } from 'zod';
import { Form, redirect, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { BlackFridayTabs } from '~/components/black-friday-tabs';
import { TableRegion } from '~/components/data-table';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { EmptyState, Field, FormErrors } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { useSchemaForm } from '~/components/use-schema-form';
import { createReward, deleteReward, getReward, REWARD_MESSAGES, rewardListPage, rewardPage, updateReward } from '~/domain/rewards.server';
import { requireStaffPage } from '~/lib/auth.server';
import { readForm } from '~/lib/body.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm, unknownAction } from '~/lib/form.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { resultFor, typedValues } from '~/lib/form-result';
import { lastPage, PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { hrefWith, without } from '~/lib/url';
import { intentSchema, postedId } from '~/schemas/fields';
import { REWARD_COIN_MAX, REWARD_COIN_MIN, REWARD_TITLE_MAX, rewardSchema } from '~/schemas/reward';
import type { Route } from './+types/rewards';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Rewards')} · CTF Arena` }];
};

// Add, edit and delete are dialogs that are URLs (`?dialog=add`, `?edit=3`, `?delete=3`).
const DIALOG_PARAMS = ['dialog', 'edit', 'delete'];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const url = new URL(request.url);
  const requested = pageNumber(url.searchParams.get('page'));
  const list = await rewardPage(user, { page: requested, pageSize: PAGE_SIZE.list });
  // A page past the end (after deleting the last row of the last page) shows the last page.
  const last = lastPage(list.count, PAGE_SIZE.list);
  if (requested > last) {
    url.searchParams.set('page', String(last));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  const targetId = url.searchParams.get('edit') ?? url.searchParams.get('delete');
  const target = targetId ? await getReward(user, Number(targetId)).catch((e) => (e instanceof NotFound ? null : Promise.reject(e))) : null;
  const row = (r: { id: number; title: string; coin: number; isCtfCertificationReward: boolean }) => ({ id: r.id, title: r.title, coin: r.coin, certification: r.isCtfCertificationReward });
  return {
    count: list.count,
    page: list.page,
    rows: list.results.map(row),
    target: target ? row(target) : null,
    missing: targetId && !target ? REWARD_MESSAGES.notFound : null,
  };
}

type Values = { title: string; coin: string; is_ctf_certification_reward: string };

// The schemas of the page's forms: the action parses with them, the forms check with them in the browser.
const CREATE = intentSchema('create', rewardSchema);
const EDIT = intentSchema('edit', rewardSchema.extend({ id: postedId() }));
const DELETE = intentSchema('delete', z.object({ id: postedId() }));

function backTo(request: Request, page?: number) {
  return hrefWith(new URL(request.url), { ...without(DIALOG_PARAMS), ...(page ? { page } : {}) });
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  // Errors show in the dialog of their intent: a body refused whole (no intent to read) is the 400 page.
  const form = await readForm(request);
  const intent = form.text('intent');
  try {
    if (intent === 'create') {
      const outcome = await handleForm(form, CREATE, (input) => createReward(user, input));
      if (!outcome.ok) return outcome.response;
      // Show the page the new reward landed on.
      return redirectWithFlash(request, backTo(request, await rewardListPage(outcome.value, PAGE_SIZE.list)), { type: 'success', text: REWARD_MESSAGES.created });
    }
    if (intent === 'edit') {
      const outcome = await handleForm(form, EDIT, ({ id, ...input }) => updateReward(user, id, input));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: REWARD_MESSAGES.updated });
    }
    if (intent === 'delete') {
      const outcome = await handleForm(form, DELETE, ({ id }) => deleteReward(user, id));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, backTo(request), { type: 'success', text: REWARD_MESSAGES.deleted });
    }
  } catch (error) {
    if (error instanceof NotFound) return redirectWithFlash(request, backTo(request), { type: 'error', text: error.message });
    throw error;
  }
  return unknownAction();
}

/**
 * The reward form, for Add and Edit, checked in the browser with the schema of its intent (the
 * action's); ids carry a prefix so both could share a page. noValidate: the schema's messages show
 * under the fields, from the browser with JavaScript, from the server without.
 */
function RewardForm({ intent, prefix, values, lastResult, id, cancelTo, busy }: {
  intent: 'create' | 'edit';
  prefix: string;
  values: Values;
  lastResult: SubmissionResult<string[]> | null;
  id?: number;
  cancelTo: string;
  busy: boolean;
}) {
  const [form, fields] = useSchemaForm(intent === 'create' ? CREATE : EDIT, lastResult);
  const t = useT();
  return (
    <Form method="post" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={intent} />
      {id !== undefined ? <input type="hidden" name="id" value={id} /> : null}
      <FormErrors errors={form.errors} />
      <Field label={t('Title')} name={`${prefix}-title`} errors={fields.title.errors}>
        <input id={`${prefix}-title`} name="title" type="text" required maxLength={REWARD_TITLE_MAX} className="input" defaultValue={values.title} />
      </Field>
      <Field label={t('Coin')} name={`${prefix}-coin`} errors={fields.coin.errors}>
        <input id={`${prefix}-coin`} name="coin" type="number" inputMode="numeric" required min={REWARD_COIN_MIN} max={REWARD_COIN_MAX} step={1} className="input" defaultValue={values.coin} />
      </Field>
      <Field label={t('CTF certification reward')} name={`${prefix}-certification`} errors={fields.is_ctf_certification_reward.errors}>
        <select id={`${prefix}-certification`} name="is_ctf_certification_reward" required className="input" defaultValue={values.is_ctf_certification_reward}>
          <option value="">{t('Choose yes or no')}</option>
          <option value="yes">{t('Yes')}</option>
          <option value="no">{t('No')}</option>
        </select>
      </Field>
      <DialogActions cancelTo={cancelTo} label={t('Save')} busy={busy} />
    </Form>
  );
}

const EMPTY: Values = { title: '', coin: '', is_ctf_certification_reward: '' };

export default function Rewards() {
  const { count, page, rows, target, missing } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const link = (extra: Record<string, string>) => hrefWith(location, { ...without(DIALOG_PARAMS), ...extra });
  const close = link({});
  const dialog = params.get('dialog') === 'add' ? 'add' : params.has('edit') ? 'edit' : params.has('delete') ? 'delete' : null;
  // What was typed in the form of `intent` when the reply answers it, else `fallback`.
  const valuesFor = (intent: string, fallback: Values): Values => {
    const mine = resultFor(result, intent);
    return mine ? { ...EMPTY, ...typedValues(mine) } : fallback;
  };

  return (
    <div>
      <BlackFridayTabs />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t('Rewards')}</h1>
        <Link to={link({ dialog: 'add' })} className="btn-primary" preventScrollReset>{t('Add a reward')}</Link>
      </div>

      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <TableRegion label={t('Rewards')}>
          <table className="table">
            <thead><tr><th>#</th><th>{t('Title')}</th><th>{t('Coin')}</th><th>{t('Certification')}</th><th>{t('Action')}</th></tr></thead>
            <tbody>
              {rows.map((r, i) => (
                <tr key={r.id} data-reward={r.id}>
                  <td>{(page - 1) * PAGE_SIZE.list + i + 1}</td>
                  <td>{r.title}</td>
                  <td>{r.coin}</td>
                  <td>{r.certification ? t('Yes') : t('No')}</td>
                  <td className="flex gap-2">
                    <Link to={link({ edit: String(r.id) })} className="btn-secondary" aria-label={t('Edit {{title}}', { title: r.title })} preventScrollReset>{t('Edit')}</Link>
                    <Link to={link({ delete: String(r.id) })} className="btn-danger" aria-label={t('Delete {{title}}', { title: r.title })} preventScrollReset>{t('Delete')}</Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.list} />

      {dialog === 'add' ? (
        <UrlDialog title={t('Add a reward')} closeTo={close}>
          <RewardForm intent="create" prefix="add" values={valuesFor('create', EMPTY)} lastResult={resultFor(result, 'create')} cancelTo={close} busy={busy} />
        </UrlDialog>
      ) : null}

      {dialog === 'edit' ? (
        <UrlDialog title={t('Edit reward')} closeTo={close}>
          {target ? (
            <RewardForm
              key={target.id}
              intent="edit"
              prefix="edit"
              id={target.id}
              values={valuesFor('edit', { title: target.title, coin: String(target.coin), is_ctf_certification_reward: target.certification ? 'yes' : 'no' })}
              lastResult={resultFor(result, 'edit')}
              cancelTo={close}
              busy={busy}
            />
          ) : (
            <p className="text-sm text-slate-700">{missing ? t(missing) : null}</p>
          )}
        </UrlDialog>
      ) : null}

      {dialog === 'delete' ? (
        <UrlDialog title={t('Delete reward')} closeTo={close}>
          {target ? (
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={target.id} />
              <FormErrors errors={resultFor(result, 'delete')?.error?.['']} />
              <p className="mb-6 text-sm text-slate-700">
                {t('Are you sure you want to delete the reward “{{title}}”? If players have requested it, it is hidden instead: it leaves this list and the shop, and its requests keep it.', { title: target.title })}
              </p>
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
