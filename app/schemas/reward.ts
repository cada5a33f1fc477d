// Reward input, shared by the rewards page and /api/rewards/ (SPEC §5 "Reward: title required; coin
// numeric between 10 and 2000, required; certification flag yes/no, required"). The form uses the
// API's field names, so one schema reads both.
import { z } from 'zod';
import { boolean, integer, text } from './fields';

export const REWARD_TITLE_MAX = 200;
export const REWARD_COIN_MIN = 10;
export const REWARD_COIN_MAX = 2000;

export const rewardSchema = z.object({
  title: text(REWARD_TITLE_MAX),
  coin: integer(REWARD_COIN_MIN, REWARD_COIN_MAX),
  // A form sends 'yes' or 'no' (the select), JSON a boolean.
  is_ctf_certification_reward: boolean(),
});
export type RewardInput = z.infer<typeof rewardSchema>;
