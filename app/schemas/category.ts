// Category input, shared by the categories page and /api/categories/ (SPEC §5 "Category: name
// required").
import { z } from 'zod';

const required = 'This field is required.';
export const CATEGORY_NAME_MAX = 100;

export const categorySchema = z.object({
  name: z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(CATEGORY_NAME_MAX, `Ensure this field has no more than ${CATEGORY_NAME_MAX} characters.`),
});
export type CategoryInput = z.infer<typeof categorySchema>;

/** The filters of GET /api/categories/ (SPEC §7); booleans accept true/1 like Django's filters. */
export const categoryListQuerySchema = z.object({
  with_practice_challenges: z
    .enum(['true', 'false', '1', '0', 'True', 'False'], { error: 'Must be a valid boolean.' })
    .optional()
    .transform((v) => v === 'true' || v === '1' || v === 'True'),
  event_id: z.coerce.number({ error: 'A valid integer is required.' }).int('A valid integer is required.').positive('A valid integer is required.').optional(),
  training_week: z.coerce
    .number({ error: 'A valid integer is required.' })
    .int('A valid integer is required.')
    .min(1, 'Ensure this value is greater than or equal to 1.')
    .max(20, 'Ensure this value is less than or equal to 20.')
    .optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;
