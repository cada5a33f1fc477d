// Field builders shared by every schema, with one rule for messages: a missing or blank value says
// 'This field is required.'; a value that is there but of the wrong type says what is wrong, in
// Django REST framework's words ('Not a valid string.', 'A valid integer is required.'). Forms send
// strings (conform turns empty ones into undefined) and JSON clients send any type, so the
// difference only shows for the API. Browser-safe: no server-only import in app/schemas/.
import { z } from 'zod';
import { say } from '~/lib/i18n';

export const REQUIRED = 'This field is required.';
export const NOT_STRING = 'Not a valid string.';
export const NOT_INTEGER = 'A valid integer is required.';
export const NOT_BOOLEAN = 'Must be a valid boolean.';
export const NOT_LIST = 'Expected a list of items.';
export const CHOICE = 'Select a valid choice.';

// The messages with a number in them are worded by say() when a check fails, not when the schema is
// built (once, at start): the server's checks then answer in the request's language and the
// browser's in the page's, each at that moment.
export const tooLongMessage = (max: number) => say('Ensure this field has no more than {{max}} characters.', { max });
export const tooManyMessage = (max: number) => say('Ensure this field has no more than {{max}} elements.', { max });
export const fileTooLarge = (maxBytes: number) => say('The file is too large (at most {{size}} MB).', { size: maxBytes / 1024 / 1024 });
/** A posted id that names no record (DRF's wording, as SPEC's API answers it). */
export const noSuchObject = (id: unknown) => say('Invalid pk "{{pk}}" - object does not exist.', { pk: String(id) });
/** A length check's error: `string().max(128, tooLong(128))`. */
export const tooLong = (max: number) => ({ error: () => tooLongMessage(max) });

/** Absent as a form or a JSON body can say it: undefined, null or a blank string. */
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The message for an input of the wrong type: required when absent, else `wrongType`. */
const typeError = (wrongType: string) => (issue: { input?: unknown }) => (blank(issue.input) ? REQUIRED : wrongType);

/** A string; a number, array, object or file in its place is 'Not a valid string.'. */
export const string = () => z.string({ error: typeError(NOT_STRING) });

/** A required string: empty or white space only is 'This field is required.'. */
export const requiredString = () => string().min(1, REQUIRED);

/** Required text, trimmed, at most `max` characters. */
export const text = (max: number) => string().trim().min(1, REQUIRED).max(max, tooLong(max));

/** One of `values`; missing says required, anything else 'Select a valid choice.'. */
export const choice = <const T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: typeError(CHOICE) });

/**
 * A whole number from a form string ('12') or a JSON number, within [min, max]; blank is absent.
 * Strings with anything but an optional sign and digits ('1e3', '0x10', '12abc') are not integers.
 */
export function integer(min: number, max: number) {
  return z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? (/^\s*[+-]?\d+\s*$/.test(v) ? Number(v.trim()) : NaN) : v),
    z
      .number({ error: typeError(NOT_INTEGER) })
      .int({ message: NOT_INTEGER, abort: true })
      .min(min, { error: () => say('Ensure this value is greater than or equal to {{min}}.', { min }) })
      .max(max, { error: () => say('Ensure this value is less than or equal to {{max}}.', { max }) }),
  );
}

/** Optional integer: blank or null becomes null, so a PUT can clear it. */
export function optionalInteger(min: number, max: number) {
  return z.preprocess((v) => (blank(v) ? null : v), integer(min, max).nullable());
}

/** Absent when missing or blank (an empty query parameter, an untouched input), else `schema`. */
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (blank(v) ? undefined : v), schema.optional());

/** An id: a positive whole number no larger than a safe integer. */
export const id = () => integer(1, Number.MAX_SAFE_INTEGER);

const BOOLEAN_WORDS: Record<string, boolean> = { true: true, show: true, on: true, '1': true, yes: true, false: false, hide: false, off: false, '0': false, no: false };

/** A boolean, or one of the words forms and query strings use for one (true/false, on/off, 1/0...). */
export const boolean = () =>
  z.preprocess((v) => (typeof v === 'string' ? (BOOLEAN_WORDS[v.trim().toLowerCase()] ?? v) : v), z.boolean({ error: typeError(NOT_BOOLEAN) }));

/**
 * A record's id as a page's hidden field posts it, refused by no schema: a number as
 * Number(form.get(name)) makes it, so a missing or malformed one finds no record (the domain's 404).
 */
export const postedId = () => z.unknown().optional().transform((v) => Number((Array.isArray(v) ? v[0] : v) ?? null));

/** Every value a form posted under a name, as FormData.getAll lists them: the domain checks them. */
export const postedList = () => z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), z.array(z.unknown()));

const NO_FIELDS = z.object({});

/**
 * The schema of one form on a page that has several, told apart by their `intent` field: `fields`
 * (an object schema; none by default) with `intent` fixed to the form's. The action parses with it
 * (handleForm) and the page checks the form with it in the browser (useSchemaForm), so each page
 * defines it once where both import it. The reply to it carries the intent back
 * (`result.initialValue.intent`, read by resultFor in ~/lib/form-result) so the page shows it in that
 * form; the value handed to the action leaves it out.
 */
export function intentSchema<const I extends string, S extends z.ZodObject = typeof NO_FIELDS>(intent: I, fields?: S) {
  return ((fields ?? NO_FIELDS) as S).extend({ intent: z.literal(intent) }).transform(({ intent: _intent, ...value }) => value as Omit<z.output<S>, 'intent'>);
}

/** Whether a form value is a chosen file (a browser's File, a multipart part): not a text, not empty. */
export function isChosenFile(value: unknown): boolean {
  return typeof value === 'object' && value !== null && typeof (value as { arrayBuffer?: unknown }).arrayBuffer === 'function' && (value as { size: number }).size > 0;
}

/** What the one file a form posts beside its text must be, in the action's words. */
export interface FileRules {
  /** The message for no file chosen; absent when the file is optional. */
  required?: string;
  maxBytes: number;
  /** Worded when it is said (fileTooLarge), in the language of that moment. */
  tooLarge: () => string;
}

/**
 * `schema` with the rules of a file the form posts beside its text fields, given that file: the
 * action hands it the posted part (conform's value holds text only), the browser the chosen File, so
 * both refuse with the same words. Said once the text fields pass; the domain keeps its own check
 * for the API.
 */
export function withFile<S extends z.ZodType>(schema: S, name: string, file: unknown, { required, maxBytes, tooLarge }: FileRules): S {
  return schema.superRefine((_value, ctx) => {
    if (!isChosenFile(file)) {
      if (required) ctx.addIssue({ code: 'custom', path: [name], message: required });
    } else if ((file as { size: number }).size > maxBytes) ctx.addIssue({ code: 'custom', path: [name], message: tooLarge() });
  });
}
