// Building blocks of the API's response schemas. Each answer's shape is written once, in zod, beside
// the function that shapes it (categoryJson, userJson...): the function's return type is inferred
// from the schema and the OpenAPI document (./document.server.ts) is generated from it, so neither
// can say what the other does not. A schema with a meta `id` becomes a named component.
import { z } from 'zod';

export const int = () => z.number().int();

/** A moment as the API writes it: Date#toISOString(). */
export const dateTime = () => z.iso.datetime();

/**
 * A named schema or null. zod's .nullable() on a named schema generates allOf [$ref, {type: [object,
 * null]}], which null cannot satisfy (the $ref wants an object); a union generates anyOf [$ref, null].
 */
export const orNull = <T extends z.ZodType>(schema: T) => z.union([schema, z.null()]);

/** 400: messages per field (SPEC §5, §8), the body as a whole under non_field_errors. */
export const FieldErrors = z
  .record(z.string(), z.array(z.string()))
  .meta({ id: 'FieldErrors', description: 'Messages per field, each a list; errors of the body as a whole are under non_field_errors.' });

/** Every other refusal: 401, 403, 404, 405, 409, 413, 429, 503, and a 400 about no one field. */
export const Detail = z
  .strictObject({
    detail: z.string(),
    code: z.string().optional().meta({ description: 'On a 401: user_inactive when the account was deactivated (its e-mail changed).' }),
  })
  .meta({ id: 'Detail', description: 'A refusal in one sentence.' });

/** A 400 is field errors, or a detail when no one field is wrong (a request already processed, coins missing). */
export const BadRequest = z.union([FieldErrors, Detail]).meta({ id: 'BadRequest' });

/** A success that says what happened, as SPEC §8 words it, besides the data. */
export const detail = () => z.string().meta({ description: "SPEC §8's message for this success." });

/** A success that is only its message (a correct flag). */
export const MessageJson = z.strictObject({ detail: detail() }).meta({ id: 'Message' });

/** GET .../total-points/: the leader's total of a scoreboard. */
export const TotalPoints = z.strictObject({ total_points: int() }).meta({ id: 'TotalPoints', description: "The leader's total: the chart's maximum." });

/**
 * A page of a list as paginated() (app/lib/api.server.ts, type PageJson) answers it: the total count, absolute
 * links to the next and previous pages (from PUBLIC_URL, null at either end) and the rows.
 */
export function paginated<T extends z.ZodType>(item: T, id: string) {
  return z
    .strictObject({
      count: int().meta({ description: 'Rows in the whole list.' }),
      next: z.url().nullable().meta({ description: 'The next page, or null on the last.' }),
      previous: z.url().nullable().meta({ description: 'The previous page, or null on the first.' }),
      results: z.array(item),
    })
    .meta({ id });
}
