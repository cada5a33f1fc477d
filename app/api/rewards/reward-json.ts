import type { Reward } from '~/generated/prisma/client';

/** A reward as SPEC §3 names its fields. */
export function rewardJson(r: Pick<Reward, 'id' | 'title' | 'coin' | 'isCtfCertificationReward'>) {
  return { id: r.id, title: r.title, coin: r.coin, is_ctf_certification_reward: r.isCtfCertificationReward };
}
