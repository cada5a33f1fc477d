import { z } from 'zod';
import type { RequestStatus, RewardRequestRow } from '~/domain/reward-requests.server';
import { dateTime, detail, int, paginated } from '../openapi/shapes';

const Someone = z.strictObject({ id: int(), username: z.string() });

export const RewardRequestJson = z
  .strictObject({
    id: int(),
    player: Someone,
    reward: z.strictObject({ id: int(), title: z.string(), coin: int().meta({ description: 'What the player paid.' }), is_ctf_certification_reward: z.boolean() }),
    coin: int(),
    status: z.enum(['pending', 'validated', 'dismissed']),
    is_validated: z.boolean().nullable().meta({ description: 'null while pending, true once validated, false once dismissed.' }),
    is_processed: z.boolean(),
    created_at: dateTime(),
    processed_at: dateTime().nullable(),
    processed_by: Someone.nullable(),
  })
  .meta({ id: 'RewardRequest' });
export const RewardRequestPageJson = paginated(RewardRequestJson, 'RewardRequestPage');
/** PUT .../validate/ and .../dismiss/: the request as it now is, with SPEC §8's message. */
export const ProcessedRequestJson = RewardRequestJson.extend({ detail: detail() }).meta({ id: 'ProcessedRewardRequest' });

/**
 * A reward request as SPEC §3 lists it: player (username), reward (title, coin), is_validated and
 * whether it was processed. reward.coin is what the player paid (the reward's price may have changed
 * since); is_validated is null while pending, true once validated, false once dismissed.
 */
export function rewardRequestJson(r: RewardRequestRow): z.infer<typeof RewardRequestJson> {
  return {
    id: r.id,
    player: { id: r.player.id, username: r.player.username },
    reward: { id: r.reward.id, title: r.reward.title, coin: r.coin, is_ctf_certification_reward: r.reward.isCtfCertificationReward },
    coin: r.coin,
    status: r.status as RequestStatus,
    is_validated: r.status === 'pending' ? null : r.status === 'validated',
    is_processed: r.status !== 'pending',
    created_at: r.createdAt.toISOString(),
    processed_at: r.processedAt ? r.processedAt.toISOString() : null,
    processed_by: r.processedBy ? { id: r.processedBy.id, username: r.processedBy.username } : null,
  };
}
