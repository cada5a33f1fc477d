// Page actions: parse a form with the shared schema and run a domain function; field errors come
// back in conform's SubmissionResult shape so they render under their fields, with or without JS.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z } from 'zod';
import { BodyRefused, FormFields, readForm } from './body.server';
import { DomainError, Invalid, fromConformErrors, type FieldErrors } from './errors.server';

const SECRET_FIELDS = /password|token|flag/i;

/** The top-level field names an object schema reads (through pipes and transforms), or null. */
export function schemaFields(schema: z.ZodType): ReadonlySet<string> | null {
  let def = (schema as unknown as { _zod: { def: { type: string; shape?: object; in?: z.ZodType } } })._zod.def;
  for (let hops = 0; def.type === 'pipe' && def.in && hops < 8; hops++) def = (def.in as unknown as typeof schema & { _zod: { def: typeof def } })._zod.def;
  return def.type === 'object' && def.shape ? new Set(Object.keys(def.shape)) : null;
}

/** A plain field name: conform reads 'a.b' and 'a[0]' as paths into nested values (a[99999999] makes a sparse array). */
const PLAIN_NAME = /^[^.[\]]+$/;

/**
 * conform's parseWithZod over a form, in time linear in the form: conform appends a name's values
 * one at a time by copying its array (quadratic in a repeated name), and resolves every name as a
 * path. It is handed each name once, with its values as a list when repeated, text values only
 * (files are read by the routes), and only the names the schema reads when it is an object schema.
 * Conform's own intents (`__intent__`, `__state__`) are never passed on: no form of this site sends
 * them, and a malformed one made conform throw.
 */
export function parseWithSchema<Schema extends z.ZodType>(form: FormFields, schema: Schema) {
  const known = schemaFields(schema);
  const payload: [string, string | string[]][] = [];
  for (const name of form.names()) {
    if (known ? !known.has(name) : !PLAIN_NAME.test(name)) continue;
    const values = form.getAll(name).filter((v): v is string => typeof v === 'string');
    if (values.length) payload.push([name, values.length > 1 ? values : values[0]!]);
  }
  const view = { get: () => null, entries: () => payload[Symbol.iterator]() };
  return parseWithZod(view as unknown as FormData, { schema });
}

type Parsed = ReturnType<typeof parseWithSchema>;

/**
 * conform's own reply to a submission (what its useForm reads back as `lastResult`), with the
 * domain's errors when there are any; what was typed comes back except secrets (passwords, tokens,
 * flags), which are typed again.
 */
function replyTo(submission: Parsed, errors?: FieldErrors): SubmissionResult<string[]> {
  const hideFields = Object.keys(submission.payload).filter((name) => SECRET_FIELDS.test(name));
  if (!errors) return submission.reply({ hideFields });
  const { non_field_errors: formErrors, ...fieldErrors } = errors;
  return submission.reply({ ...(formErrors ? { formErrors } : {}), fieldErrors, hideFields });
}

export type FormResult = { result: SubmissionResult<string[]> };
/**
 * What a domain adds to a schema's refusal, so every field is reported at once (a taken username
 * beside a short password): the raw values and the schema's errors, to the extra errors.
 */
export type AlsoRefused = (raw: Record<string, unknown>, refused: FieldErrors) => Promise<FieldErrors>;
type FormResponse = ReturnType<typeof data<FormResult>>;

const NOTHING = z.object({});

/**
 * conform's reply with `errors` and no field read (the 400 of a body refused whole, of an unknown
 * intent): form-level ones under non_field_errors.
 */
export function errorReply(errors: FieldErrors, status = 400): FormResponse {
  return data({ result: replyTo(parseWithSchema(new FormFields(), NOTHING), errors) }, { status });
}

/** The 400 of a page with several forms for an intent none of them posts. */
export const unknownAction = () => errorReply({ non_field_errors: ['Unknown action.'] });

/**
 * conform's reply showing the form again as it was typed, nothing checked (a step passed or gone
 * back to in a form of several steps): the values of `names`, and `errors` if the page has some.
 */
export function typedReply(form: FormFields, names: readonly string[], errors?: FieldErrors): FormResult {
  const schema = z.object(Object.fromEntries(names.map((name) => [name, z.unknown().optional()])));
  return { result: replyTo(parseWithSchema(form, schema), errors) };
}

/**
 * The request's form (app/lib/body.server.ts), or, for a body refused whole (malformed, of another
 * type, too many fields), the 400 to answer, its message form-level.
 */
export async function submittedForm(request: Request): Promise<{ ok: true; form: FormFields } | { ok: false; response: FormResponse }> {
  try {
    return { ok: true, form: await readForm(request) };
  } catch (error) {
    if (error instanceof BodyRefused) return { ok: false, response: errorReply(error.fields) };
    throw error;
  }
}

/**
 * Parses the form (or the request's, read with submittedForm) with `schema` and calls `run` with
 * the value. A refused body, invalid input and domain errors (rate limits, permission) become a 4xx
 * with messages; anything else propagates. A missing record (404) propagates too, to be the page's
 * 404 or the route's own answer, unless `notFoundOnForm`: then it is a message on the form.
 */
export async function handleForm<S extends z.ZodType, R>(
  source: FormFields | Request,
  schema: S,
  run: (value: z.infer<S>) => Promise<R>,
  { notFoundOnForm = false, alsoRefused }: { notFoundOnForm?: boolean; alsoRefused?: AlsoRefused } = {},
): Promise<{ ok: true; value: R } | { ok: false; response: FormResponse }> {
  let form: FormFields;
  if (source instanceof FormFields) form = source;
  else {
    const read = await submittedForm(source);
    if (!read.ok) return read;
    form = read.form;
  }
  const submission = parseWithSchema(form, schema);
  if (submission.status !== 'success') {
    const refused = fromConformErrors(submission.error);
    const more = alsoRefused ? await alsoRefused(submission.payload, refused) : {};
    return { ok: false, response: data({ result: replyTo(submission, Object.keys(more).length ? { ...refused, ...more } : undefined) }, { status: 400 }) };
  }
  try {
    return { ok: true, value: await run(submission.value as z.infer<S>) };
  } catch (error) {
    const shown = error instanceof DomainError && error.status === 404 && !notFoundOnForm ? null : pageErrors(error);
    if (shown) return { ok: false, response: data({ result: replyTo(submission, shown.errors) }, { status: shown.status }) };
    throw error;
  }
}

/**
 * A domain error as what a page shows: field errors (form-level ones under non_field_errors) and the
 * status to answer with, a wrong password's 401 included (actions ask for their user before they
 * run a domain function, so a 401 from one is a refusal to show). Null for anything else, which must
 * propagate.
 */
function pageErrors(error: unknown): { errors: FieldErrors; status: number } | null {
  if (error instanceof Invalid) return { errors: error.fields, status: 400 };
  if (error instanceof DomainError) return { errors: { non_field_errors: [error.message] }, status: error.status };
  return null;
}
