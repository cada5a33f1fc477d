import { z } from 'zod';
import { Form, redirect, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { BlackFridayTabs } from '~/components/black-friday-tabs';
import { SelectAllBox, useClearSelectionAfterSuccess } from '~/components/bulk-selection';
import { Cell, Row, StackedTable, TableRegion } from '~/components/data-table';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { ExportLinks } from '~/components/export-links';
import { EmptyState, FormErrors } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { decideRewardRequests, decisionMessage, listRewardRequests, type Decision } from '~/domain/reward-requests.server';
import { requireStaffPage } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm, submittedForm, unknownAction } from '~/lib/form.server';
import { metaTranslator, text, translator, useT, UTC_DATE_TIME } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { lastPage, PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { hrefWith, without } from '~/lib/url';
import { intentSchema, postedList } from '~/schemas/fields';
import { isProcessedTab } from '../list-filters';
import type { Route } from './+types/reward-requests';

// One module, two tabs (SPEC §2): /blacks-fridays/unprocessed-reward-requests and
// /blacks-fridays/processed-reward-requests. Decisions are confirmed in dialogs that are URLs:
// `?confirm=validate&id=3` for one row, `?bulk=dismiss&ids=3&ids=4` for the ticked ones.
export const meta: Route.MetaFunction = ({ location, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${isProcessedTab(location.pathname) ? t('Processed reward requests') : t('Unprocessed reward requests')} · CTF Arena` }];
};

const DIALOG_PARAMS = ['confirm', 'id', 'ids', 'bulk'];
const DECISIONS: Decision[] = ['validate', 'dismiss'];

const decisionParam = (value: string | null): Decision | null => (DECISIONS.includes(value as Decision) ? (value as Decision) : null);

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const url = new URL(request.url);
  const processed = isProcessedTab(url.pathname);
  const requested = pageNumber(url.searchParams.get('page'));
  const list = await listRewardRequests(user, { processed, page: requested, pageSize: PAGE_SIZE.rewardRequests });
  const date = UTC_DATE_TIME[pageLanguage()];
  // After the last row of the last page was processed, show the page that is now last.
  const last = lastPage(list.count, PAGE_SIZE.rewardRequests);
  if (requested > last) {
    url.searchParams.set('page', String(last));
    throw redirect(`${url.pathname}?${url.searchParams}`);
  }
  return {
    processed,
    count: list.count,
    page: list.page,
    rows: list.results.map((r) => ({
      id: r.id,
      player: r.player.username,
      reward: r.reward.title,
      certification: r.reward.isCtfCertificationReward,
      coin: r.coin,
      status: r.status,
      requestedAt: `${date.format(r.createdAt)} UTC`,
      processedAt: r.processedAt ? `${date.format(r.processedAt)} UTC` : null,
      processedBy: r.processedBy?.username ?? null,
    })),
  };
}

function backTo(request: Request) {
  return hrefWith(new URL(request.url), without(DIALOG_PARAMS));
}

const decisionSchema = (decision: Decision) => intentSchema(decision, z.object({ ids: postedList() }));
const DECIDE = { validate: decisionSchema('validate'), dismiss: decisionSchema('dismiss') };

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const decision = decisionParam(form.text('intent'));
  if (!decision) return unknownAction();
  try {
    // The domain checks the ids and says what is wrong with them.
    const outcome = await handleForm(form, DECIDE[decision], async ({ ids }) => ({ ids, decided: await decideRewardRequests(user, decision, ids) }));
    if (!outcome.ok) return outcome.response;
    const { ids, decided } = outcome.value;
    const skipped = new Set(ids.map(String)).size - decided.length;
    // Written in the page's language here: the message holds a count, so it is no fixed text the flash could look up.
    const t = translator(pageLanguage());
    const done = decisionMessage(decision, decided.length, t);
    const note = skipped > 0 ? ` ${skipped === 1 ? t('1 already processed, left as it was.') : t('{{count}} already processed, left as they were.', { count: skipped })}` : '';
    return redirectWithFlash(request, backTo(request), { type: 'success', text: done + note });
  } catch (error) {
    if (error instanceof NotFound) return redirectWithFlash(request, backTo(request), { type: 'error', text: error.message });
    throw error;
  }
}

function State({ status }: { status: string }) {
  const t = useT();
  if (status === 'validated') return <span className="rounded bg-green-100 px-2 py-0.5 text-green-800">{t('Validated')}</span>;
  if (status === 'dismissed') return <span className="rounded bg-red-100 px-2 py-0.5 text-red-800">{t('Dismissed')}</span>;
  return <span className="rounded bg-amber-100 px-2 py-0.5 text-amber-800">{t('Pending')}</span>;
}

/** The words of a decision's dialogs: for one request (`ask`) and for the ticked ones (`askOne`, `askMany`). */
const WORDS: Record<Decision, { title: string; titleMany: string; ask: string; askOne: string; askMany: string; outcome: string; outcomeMany: string; button: string }> = {
  validate: {
    title: text('Validate reward request'),
    titleMany: text('Validate reward requests'),
    ask: text('Are you sure you want to validate {{request}}?'),
    askOne: text('Are you sure you want to validate 1 selected reward request?'),
    askMany: text('Are you sure you want to validate {{count}} selected reward requests?'),
    outcome: text('The player gets the reward.'),
    outcomeMany: text('The players get their rewards.'),
    button: text('Validate'),
  },
  dismiss: {
    title: text('Dismiss reward request'),
    titleMany: text('Dismiss reward requests'),
    ask: text('Are you sure you want to dismiss {{request}}?'),
    askOne: text('Are you sure you want to dismiss 1 selected reward request?'),
    askMany: text('Are you sure you want to dismiss {{count}} selected reward requests?'),
    outcome: text('The coins it cost go back to the player.'),
    outcomeMany: text('The coins they cost go back to the players.'),
    button: text('Dismiss'),
  },
};

export default function RewardRequests() {
  const { processed, count, page, rows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const location = useLocation();
  const busy = useNavigation().state === 'submitting';
  const t = useT();
  const link = (extra: Record<string, string>) => hrefWith(location, { ...without(DIALOG_PARAMS), ...extra });
  const close = link({});
  const confirm = decisionParam(params.get('confirm'));
  const bulk = decisionParam(params.get('bulk'));
  const bulkIds = bulk ? params.getAll('ids') : [];
  const target = rows.find((r) => String(r.id) === params.get('id'));
  // Shown in the dialog that is open (its URL says which), a body refused whole included.
  const errors = result?.error;
  const pending = rows.filter((r) => r.status === 'pending');
  useClearSelectionAfterSuccess('requests-form');

  const describe = (r: (typeof rows)[number]) => t('the request of {{player}} for “{{reward}}” ({{count}} coins)', { player: r.player, reward: r.reward, count: r.coin });

  return (
    <div>
      <BlackFridayTabs />
      <h1 className="mb-6 text-2xl font-bold">{processed ? t('Processed reward requests') : t('Unprocessed reward requests')}</h1>
      {/* Every request of the tab as a file (docs/rules.md "Exports"). */}
      {count > 0 ? <ExportLinks count={count} className="mb-4" /> : null}

      {rows.length === 0 ? (
        <EmptyState />
      ) : (
        <Form method="get" id="requests-form">
          {page > 1 ? <input type="hidden" name="page" value={page} /> : null}
          <TableRegion label={processed ? t('Processed reward requests') : t('Unprocessed reward requests')}>
            <StackedTable
              columns={[
                ...(processed ? [] : [pending.length ? <SelectAllBox formId="requests-form" /> : <span className="sr-only">{t('Select')}</span>]),
                '#', t('Player'), t('Reward'), t('Coin'), t('Requested'), t('State'),
                processed ? t('Processed') : t('Action'),
              ]}
            >
              {rows.map((r, i) => (
                <Row key={r.id} data-request={r.id}>
                  {processed ? null : (
                    <Cell label={t('Select')}>{r.status === 'pending' ? <input type="checkbox" name="ids" value={r.id} aria-label={t('Select the request of {{player}} for {{reward}}', { player: r.player, reward: r.reward })} /> : null}</Cell>
                  )}
                  <Cell label="#">{(page - 1) * PAGE_SIZE.rewardRequests + i + 1}</Cell>
                  <Cell label={t('Player')}>{r.player}</Cell>
                  <Cell label={t('Reward')}>{r.reward}{r.certification ? <span className="block text-xs text-slate-500">{t('CTF certification')}</span> : null}</Cell>
                  <Cell label={t('Coin')}>{r.coin}</Cell>
                  <Cell label={t('Requested')} className="whitespace-nowrap">{r.requestedAt}</Cell>
                  <Cell label={t('State')}><State status={r.status} /></Cell>
                  {processed ? (
                    <Cell label={t('Processed')} className="whitespace-nowrap text-sm">{r.processedAt}{r.processedBy ? <span className="block text-xs text-slate-500">{t('by {{name}}', { name: r.processedBy })}</span> : null}</Cell>
                  ) : (
                    <Cell label={t('Action')}>
                      {r.status === 'pending' ? (
                        <span className="flex gap-2">
                          <Link to={link({ confirm: 'validate', id: String(r.id) })} className="btn-primary" aria-label={t('Validate the request of {{player}} for {{reward}}', { player: r.player, reward: r.reward })} preventScrollReset>{t('Validate')}</Link>
                          <Link to={link({ confirm: 'dismiss', id: String(r.id) })} className="btn-secondary" aria-label={t('Dismiss the request of {{player}} for {{reward}}', { player: r.player, reward: r.reward })} preventScrollReset>{t('Dismiss')}</Link>
                        </span>
                      ) : null}
                    </Cell>
                  )}
                </Row>
              ))}
            </StackedTable>
          </TableRegion>
          {!processed && pending.length ? (
            <div className="mt-3 flex gap-2">
              <button type="submit" name="bulk" value="validate" className="btn-secondary">{t('Validate selected')}</button>
              <button type="submit" name="bulk" value="dismiss" className="btn-secondary">{t('Dismiss selected')}</button>
            </div>
          ) : null}
        </Form>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.rewardRequests} />

      {confirm ? (
        <UrlDialog title={t(WORDS[confirm].title)} closeTo={close}>
          <Form method="post">
            <input type="hidden" name="intent" value={confirm} />
            <input type="hidden" name="ids" value={params.get('id') ?? ''} />
            <FormErrors errors={errors?.[''] ?? errors?.ids} />
            <p className="mb-6 text-sm text-slate-700">
              {t(WORDS[confirm].ask, { request: target ? describe(target) : t('this reward request') })}{' '}
              {t(WORDS[confirm].outcome)} {t('This decision is final.')}
            </p>
            <DialogActions cancelTo={close} label={t(WORDS[confirm].button)} danger={confirm === 'dismiss'} busy={busy} />
          </Form>
        </UrlDialog>
      ) : null}

      {bulk ? (
        <UrlDialog title={t(WORDS[bulk].titleMany)} closeTo={close}>
          {bulkIds.length ? (
            <Form method="post">
              <input type="hidden" name="intent" value={bulk} />
              {bulkIds.map((id) => <input key={id} type="hidden" name="ids" value={id} />)}
              <FormErrors errors={errors?.[''] ?? errors?.ids} />
              <p className="mb-6 text-sm text-slate-700">
                {bulkIds.length === 1 ? t(WORDS[bulk].askOne) : t(WORDS[bulk].askMany, { count: bulkIds.length })}{' '}
                {t(WORDS[bulk].outcomeMany)} {t('This decision is final.')}
              </p>
              <DialogActions cancelTo={close} label={t(WORDS[bulk].button)} danger={bulk === 'dismiss'} busy={busy} />
            </Form>
          ) : (
            <p className="text-sm text-slate-700">{t('Select at least one reward request.')}</p>
          )}
        </UrlDialog>
      ) : null}
    </div>
  );
}
