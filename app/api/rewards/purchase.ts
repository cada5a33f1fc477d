import { PURCHASE_SUCCESS, purchaseReward } from '~/domain/reward-purchase.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/purchase';
import type { z } from 'zod';
import type { PurchaseJson } from './reward-json';

/**
 * POST /api/rewards/{id}/purchase/ (no body): the caller buys the reward -> 201 with the request and
 * the balance left; 400 when the coins do not cover it (the detail says how many are missing), 403
 * for staff, 404 for an unknown or hidden reward.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed();
  return api(async () => {
    const { request: made, reward, balance } = await purchaseReward(await getApiUser(request, context), Number(params.id));
    return Response.json({ detail: PURCHASE_SUCCESS, id: made.id, reward, coin: balance } satisfies z.infer<typeof PurchaseJson>, { status: 201 });
  });
}

export const loader = () => methodNotAllowed();
