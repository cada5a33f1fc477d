import { getFormProps } from '@conform-to/react';
import { data, Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { TableRegion } from '~/components/data-table';
import { EmptyState, Field, FormErrors } from '~/components/field';
import { useSchemaForm } from '~/components/use-schema-form';
import { Pagination } from '~/components/pagination';
import { ADJUSTMENT_BOOKED, adjustCoins, playerCoins, type CoinReason } from '~/domain/coins.server';
import { requireStaffPage } from '~/lib/auth.server';
import { handleForm } from '~/lib/form.server';
import { metaTranslator, text, useT, UTC_DATE_TIME } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { lastPage, PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { redirectWithFlash } from '~/lib/session.server';
import { ADJUSTMENT_LIMIT, ADJUSTMENT_REASON_MAX, coinAdjustmentSchema } from '~/schemas/coins';
import type { Route } from './+types/player-coins';

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t("{{name}}'s coins", { name: data?.player.username ?? t('Player') })} · CTF Arena` }];
};

const REASONS: Record<CoinReason, string> = { solve: text('Solve'), purchase: text('Purchase'), refund: text('Refund'), adjustment: text('Adjustment') };

/** A player's coin ledger (staff): balance, every entry newest first, and the Adjust form. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const staff = await requireStaffPage(request, context);
  const page = pageNumber(new URL(request.url).searchParams.get('page'));
  const ledger = await playerCoins(staff, Number(params.id), page, PAGE_SIZE.list);
  const date = UTC_DATE_TIME[pageLanguage()];
  return {
    player: ledger.player,
    balance: ledger.balance,
    count: ledger.count,
    page: ledger.page,
    rows: ledger.results.map((row) => ({
      id: row.id,
      date: `${date.format(row.createdAt)} UTC`,
      reason: REASONS[row.reason] ?? row.reason,
      amount: row.amount,
      what: row.what,
      by: row.by,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = await requireStaffPage(request, context);
  // An unknown player stays the 404 page; refusals show on the form.
  const outcome = await handleForm(request, coinAdjustmentSchema, (input) => adjustCoins(staff, Number(params.id), input));
  if (!outcome.ok) return outcome.response;
  return redirectWithFlash(request, new URL(request.url).pathname, { type: 'success', text: ADJUSTMENT_BOOKED });
}

export default function PlayerCoins() {
  const { player, balance, count, page, rows } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const busy = useNavigation().state === 'submitting';
  const [form, fields] = useSchemaForm(coinAdjustmentSchema, result, { nativeValidation: true });
  const t = useT();
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <div className="card flex flex-wrap items-center gap-6">
        <div className="flex-1">
          <h1 className="text-2xl font-bold">{t('Coins of {{name}}', { name: player.username })}</h1>
          <p className="text-sm text-slate-600">
            <Link to={`/practices/users/${player.id}`} className="underline">{t('Player page')}</Link>
          </p>
        </div>
        <div className="text-right">
          <p className="text-sm text-slate-500">{t('Balance')}</p>
          <p className="text-2xl font-bold" data-testid="coin-balance">{balance}</p>
        </div>
      </div>

      <section className="card" aria-labelledby="ledger">
        <h2 id="ledger" className="mb-4 text-lg font-semibold">{t('Ledger')}</h2>
        {rows.length === 0 ? (
          <EmptyState text={count > 0 ? t('There is no page {{page}}: the list ends at page {{last}}.', { page, last: lastPage(count, PAGE_SIZE.list) }) : undefined} />
        ) : (
          <TableRegion label={t('Ledger')} framed={false}>
            <table className="table" data-testid="coin-ledger">
              <thead><tr><th>{t('Date')}</th><th>{t('Reason')}</th><th>{t('Amount')}</th><th>{t('What')}</th></tr></thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.id}>
                    <td>{row.date}</td>
                    <td>{t(row.reason)}</td>
                    <td className={row.amount < 0 ? 'text-red-700' : 'text-green-700'}>{row.amount > 0 ? `+${row.amount}` : row.amount}</td>
                    <td>{row.what ?? '—'}{row.by ? <span className="text-slate-500"> ({t('by {{name}}', { name: row.by })})</span> : null}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        )}
        <Pagination count={count} page={page} pageSize={PAGE_SIZE.list} />
      </section>

      {!player.isStaff ? (
        <section className="card" aria-labelledby="adjust">
          <h2 id="adjust" className="mb-1 text-lg font-semibold">{t('Adjust')}</h2>
          <p className="mb-4 text-sm text-slate-600">{t('A positive amount adds coins, a negative one takes them; the reason is kept in the ledger.')}</p>
          <Form method="post" key={count} preventScrollReset {...getFormProps(form)}>
            <FormErrors errors={form.errors} />
            <Field label={t('Amount')} name="amount" errors={fields.amount.errors}>
              <input id="amount" name="amount" type="number" step={1} min={-ADJUSTMENT_LIMIT} max={ADJUSTMENT_LIMIT} required={fields.amount.required} className="input" defaultValue={String(result?.initialValue?.amount ?? '')} />
            </Field>
            <Field label={t('Reason')} name="reason" errors={fields.reason.errors}>
              <input id="reason" name="reason" type="text" required={fields.reason.required} maxLength={ADJUSTMENT_REASON_MAX} className="input" defaultValue={String(result?.initialValue?.reason ?? '')} />
            </Field>
            <button type="submit" className="btn-primary" disabled={busy}>{t('Adjust')}</button>
          </Form>
        </section>
      ) : null}
    </div>
  );
}
