import { adjustCoins, playerCoins } from '~/domain/coins.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, parseBody, parseQuery } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { PAGE_SIZE } from '~/lib/pagination';
import { pagedQuery } from '~/schemas/query';
import { coinAdjustmentSchema } from '~/schemas/coins';
import type { Route } from './+types/user-coins';
import { z } from 'zod';
import { dateTime, int, paginated as pageOf } from '../openapi/shapes';

export const ledgerQuery = pagedQuery(PAGE_SIZE.list);

export const LedgerEntryJson = z
  .strictObject({
    id: int(),
    created_at: dateTime(),
    reason: z.enum(['solve', 'purchase', 'refund', 'adjustment']),
    amount: int().meta({ description: 'Coins added (positive) or taken (negative).' }),
    what: z.string().nullable().meta({ description: "The solve's challenge, the purchase's reward or the adjustment's note." }),
    by: z.string().nullable().meta({ description: 'Who booked an adjustment.' }),
  })
  .meta({ id: 'LedgerEntry' });
/** The balance beside a page of the ledger. */
export const LedgerJson = pageOf(LedgerEntryJson, 'LedgerPage').extend({ balance: int() }).meta({ id: 'Ledger' });
export const BalanceJson = z.strictObject({ balance: int() }).meta({ id: 'Balance' });

/**
 * GET /api/auth/users/{id}/coins/?page= (staff): the player's balance and coin ledger, newest first
 * (an addition to SPEC §7, as the ledger page shows it).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const query = parseQuery(request, ledgerQuery);
    const ledger = await playerCoins(await getApiUser(request, context), Number(params.id), query.page, query.page_size);
    const json: z.infer<typeof LedgerJson> = {
      balance: ledger.balance,
      ...paginated(request, ledger, (row) => ({
        id: row.id,
        created_at: row.createdAt.toISOString(),
        reason: row.reason,
        amount: row.amount,
        what: row.what,
        by: row.by,
      })),
    };
    return json;
  });
}

/** POST /api/auth/users/{id}/coins/ {amount, reason} (staff): books an adjustment -> 201 {balance}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before the body is read (docs/rules.md "Security")
    const { data } = await parseBody(request, coinAdjustmentSchema);
    return Response.json((await adjustCoins(actor, Number(params.id), data)) satisfies z.infer<typeof BalanceJson>, { status: 201 });
  });
}
