import type { RewardRequestRow } from '~/domain/reward-requests.server';

/**
 * A reward request as SPEC §3 lists it: player (username), reward (title, coin), is_validated and
 * whether it was processed. reward.coin is what the player paid (the reward's price may have changed
 * since); is_validated is null while pending, true once validated, false once dismissed.
 */
export function rewardRequestJson(r: RewardRequestRow) {
  return {
    id: r.id,
    player: { id: r.player.id, username: r.player.username },
    reward: { id: r.reward.id, title: r.reward.title, coin: r.coin, is_ctf_certification_reward: r.reward.isCtfCertificationReward },
    coin: r.coin,
    status: r.status,
    is_validated: r.status === 'pending' ? null : r.status === 'validated',
    is_processed: r.status !== 'pending',
    created_at: r.createdAt.toISOString(),
    processed_at: r.processedAt ? r.processedAt.toISOString() : null,
    processed_by: r.processedBy ? { id: r.processedBy.id, username: r.processedBy.username } : null,
  };
}
