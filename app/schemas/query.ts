// The query strings of the API's lists, read with zod like the bodies (parseQuery in
// app/lib/api.server.ts), so the OpenAPI document lists exactly what the handlers read. Lenient where
// the lists always were: a page that is not a positive whole number is page 1, a page size outside
// 1-100 is the list's default; filters refuse what they cannot read, with a 400 for that parameter.
// Browser-safe, like every module here.
import { z } from 'zod';
import { EVENT_TYPES, isEventType, type EventType } from '~/domain/event-types';
import { MAX_PAGE, MAX_PAGE_SIZE, PAGE_SIZE, pageNumber, pageSize } from '~/lib/pagination';
import { categoryListQuerySchema } from './category';
import { CHOICE, NOT_BOOLEAN } from './fields';

/** One query parameter: its first value, or absent. */
const param = () => z.string().optional();

export const pageParam = param()
  .transform((v) => pageNumber(v))
  .meta({ type: 'integer', minimum: 1, maximum: MAX_PAGE, description: 'The page, from 1; anything but a positive whole number is page 1.' });

export const pageSizeParam = (fallback: number) =>
  param()
    .transform((v) => pageSize(v, fallback))
    .meta({ type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, description: `Rows per page, at most ${MAX_PAGE_SIZE}; ${fallback} when absent or not a positive whole number.` });

/** A list that only pages (its size is the list's, SPEC §9). */
export const pageQuery = z.object({ page: pageParam });

/** A list whose page size the caller may choose, up to MAX_PAGE_SIZE. */
export const pagedQuery = (fallback: number) => z.object({ page: pageParam, page_size: pageSizeParam(fallback) });

/** An optional id filter, read as the lists always read it: anything but a positive number is no filter. */
const idFilter = (description: string) =>
  param()
    .transform((v) => Number(v) || null)
    .meta({ type: 'integer', minimum: 1, description });

/** Fails the parse with `message` under the parameter's name. */
function refuse(ctx: z.RefinementCtx, message: string): never {
  ctx.addIssue({ code: 'custom', message });
  return z.NEVER as never;
}

/** GET /api/auth/users/. */
export const learnersQuery = z.object({
  learnerSearchInput: param()
    .transform((v) => v ?? '')
    .meta({ description: 'Part of a username, full name or e-mail.' }),
  page: pageParam,
});

/** GET /api/categories/: SPEC §7's filters (categoryListQuerySchema) and the page. */
export const categoriesQuery = categoryListQuerySchema.extend({ page: pageParam, page_size: pageSizeParam(PAGE_SIZE.categories) });

/** The challenge boards: GET /api/challenges/practices/ and /api/events/{id}/challenges/. */
const boardFields = {
  category_id: idFilter('Only this category.'),
  page: pageParam,
  page_size: pageSizeParam(PAGE_SIZE.challenges),
  next: param()
    .transform((v) => v !== undefined)
    .meta({ type: 'string', description: "When present (any value): every challenge's id and name, unpaged, to choose a recommended next challenge." }),
};
export const practiceBoardQuery = z.object(boardFields);
export const eventBoardQuery = z.object({ ...boardFields, training_week: idFilter("Only this training week's challenges (training events).") });

/** GET /api/events/. */
export const eventsQuery = z.object({
  type: param()
    .transform((v, ctx): EventType | null => (!v ? null : isEventType(v) ? v : refuse(ctx, CHOICE)))
    .meta({ type: 'string', enum: Object.keys(EVENT_TYPES), description: 'Only events of this type.' }),
  page: pageParam,
  page_size: pageSizeParam(PAGE_SIZE.events),
});

const IS_VALIDATED: Record<string, boolean | null> = { true: true, false: false, null: null, none: null, '1': true, '0': false };
export const IS_VALIDATED_CHOICE = 'Select a valid choice. Use true, false or null.';

/** The review lists: GET /api/submissions/practices and /api/events/{id}/submissions/. */
export const reviewQuery = z.object({
  is_validated: param()
    .transform((v, ctx): boolean | null | undefined => {
      if (!v) return undefined;
      const key = v.toLowerCase();
      return key in IS_VALIDATED ? IS_VALIDATED[key] : refuse(ctx, IS_VALIDATED_CHOICE);
    })
    .meta({ type: 'string', enum: ['true', 'false', 'null'], description: 'Review state: true (accepted), false (rejected), null (pending); absent for all.' }),
  search: param().meta({ description: "Part of the learner's username, the team's or the challenge's name." }),
  page: pageParam,
});

const PROCESSED: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** GET /api/reward-requests/. */
export const rewardRequestsQuery = z.object({
  is_processed: param()
    .transform((v, ctx): boolean | undefined => {
      if (!v) return undefined;
      const key = v.toLowerCase();
      return key in PROCESSED ? PROCESSED[key] : refuse(ctx, NOT_BOOLEAN);
    })
    .meta({ type: 'string', enum: ['true', 'false'], description: 'false: the unprocessed tab; true: the processed one; absent: both.' }),
  page: pageParam,
  page_size: pageSizeParam(PAGE_SIZE.rewardRequests),
});

/** GET /api/teams/me/. */
export const myTeamQuery = z.object({
  team: param()
    .transform((v) => {
      const asked = Number(v ?? null);
      return Number.isSafeInteger(asked) ? asked : null;
    })
    .meta({ type: 'integer', description: 'One of the caller\'s teams (see `teams` in the answer); the current one when absent.' }),
});

/** GET /api/docs, the API reference page: one group of calls in full, or (absent) the list of all. */
export const docsQuery = z.object({
  group: param().meta({ description: 'A group of calls, as the list of all names it (accounts, challenges...).' }),
});
