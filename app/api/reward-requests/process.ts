import { requireStaff } from '~/domain/policy.server';
import { decideRewardRequests, decisionMessage, getRewardRequest, type Decision } from '~/domain/reward-requests.server';
import { api, methodNotAllowed } from '~/lib/api.server';
import { getApiUser } from '~/lib/auth.server';
import type { Route } from './+types/process';
import { rewardRequestJson, type ProcessedRequestJson } from './request-json';
import type { z } from 'zod';

/**
 * PUT /api/reward-requests/{id}/validate/ and /dismiss/ (staff): 200 with the request and SPEC §8's
 * message as detail; 404 for an unknown id; 400 when it was already processed.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed();
  return api(async () => {
    const actor = await getApiUser(request, context);
    requireStaff(actor);
    const decision: Decision = new URL(request.url).pathname.replace(/\/$/, '').endsWith('/dismiss') ? 'dismiss' : 'validate';
    const id = await getRewardRequest(actor, Number(params.id)).then((r) => r.id);
    await decideRewardRequests(actor, decision, [id]);
    return { ...rewardRequestJson(await getRewardRequest(actor, id)), detail: decisionMessage(decision, 1) } satisfies z.infer<typeof ProcessedRequestJson>;
  });
}

export const loader = () => methodNotAllowed();
