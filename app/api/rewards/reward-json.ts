import { z } from 'zod';
import type { Reward } from '~/generated/prisma/client';
import { detail, int, paginated } from '../openapi/shapes';

export const RewardJson = z.strictObject({ id: int(), title: z.string(), coin: int(), is_ctf_certification_reward: z.boolean() }).meta({ id: 'Reward' });
export const RewardPageJson = paginated(RewardJson, 'RewardPage');

/** POST /api/rewards/{id}/purchase/: the request made, the reward bought and the balance left. */
export const PurchaseJson = z
  .strictObject({
    detail: detail(),
    id: int().meta({ description: 'The reward request.' }),
    reward: z.strictObject({ id: int(), title: z.string(), coin: int() }),
    coin: int().meta({ description: 'The balance left.' }),
  })
  .meta({ id: 'Purchase' });

/** A reward as SPEC §3 names its fields. */
export function rewardJson(r: Pick<Reward, 'id' | 'title' | 'coin' | 'isCtfCertificationReward'>): z.infer<typeof RewardJson> {
  return { id: r.id, title: r.title, coin: r.coin, is_ctf_certification_reward: r.isCtfCertificationReward };
}
