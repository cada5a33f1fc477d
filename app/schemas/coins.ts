// A staff coin adjustment (issue 10 §1), shared by the player's ledger page and its API twin.
import { z } from 'zod';
import { integer, text } from './fields';

export const ADJUSTMENT_LIMIT = 100_000;
export const ADJUSTMENT_REASON_MAX = 500;
export const ZERO_ADJUSTMENT = 'The amount cannot be zero: add (positive) or take (negative) coins.';

export const coinAdjustmentSchema = z.object({
  amount: integer(-ADJUSTMENT_LIMIT, ADJUSTMENT_LIMIT).refine((n) => n !== 0, ZERO_ADJUSTMENT),
  reason: text(ADJUSTMENT_REASON_MAX),
});
export type CoinAdjustmentInput = z.infer<typeof coinAdjustmentSchema>;
