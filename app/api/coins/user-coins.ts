import { adjustCoins, playerCoins } from '~/domain/coins.server';
import { requireStaff } from '~/domain/policy.server';
import { api, methodNotAllowed, paginated, parseBody } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import { PAGE_SIZE, pageNumber, pageSize } from '~/lib/pagination';
import { coinAdjustmentSchema } from '~/schemas/coins';
import type { Route } from './+types/user-coins';

/**
 * GET /api/auth/users/{id}/coins/?page= (staff): the player's balance and coin ledger, newest first
 * (an addition to SPEC §7, as the ledger page shows it).
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  return api(async () => {
    const query = new URL(request.url).searchParams;
    const ledger = await playerCoins(await getApiUser(request, context), Number(params.id), pageNumber(query.get('page')), pageSize(query.get('page_size'), PAGE_SIZE.list));
    return {
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
  });
}

/** POST /api/auth/users/{id}/coins/ {amount, reason} (staff): books an adjustment -> 201 {balance}. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor); // before the body is read (docs/rules.md "Security")
    const { data } = await parseBody(request, coinAdjustmentSchema);
    return Response.json(await adjustCoins(actor, Number(params.id), data), { status: 201 });
  });
}
