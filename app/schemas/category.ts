// Category input, shared by the categories page and /api/categories/ (SPEC §5 "Category: name
// required").
import { z } from 'zod';
import { NOT_BOOLEAN, id, integer, optional, text } from './fields';

export const CATEGORY_NAME_MAX = 100;

export const categorySchema = z.object({ name: text(CATEGORY_NAME_MAX) });
export type CategoryInput = z.infer<typeof categorySchema>;

/**
 * The filters of GET /api/categories/ (SPEC §7); booleans accept true/1 like Django's filters. An
 * empty filter (`event_id=`) means no filter, as in Django's filter forms.
 */
export const categoryListQuerySchema = z.object({
  with_practice_challenges: optional(z.enum(['true', 'false', '1', '0', 'True', 'False'], { error: NOT_BOOLEAN }))
    .transform((v) => v === 'true' || v === '1' || v === 'True'),
  event_id: optional(id()),
  training_week: optional(integer(1, 20)),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;
