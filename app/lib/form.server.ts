// Page actions: parse a form with the shared schema and run a domain function; field errors come
// back in conform's SubmissionResult shape so they render under their fields, with or without JS.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import { z } from 'zod';
import { BodyRefused, FormFields, readForm } from './body.server';
import { DomainError, Invalid, type FieldErrors } from './errors.server';

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
type FormResponse = ReturnType<typeof data<FormResult>>;

const NOTHING = z.object({});

/** The 400 a page answers for a body refused whole: its message is form-level. */
function refusedResponse(errors: FieldErrors): FormResponse {
  return data({ result: replyTo(parseWithSchema(new FormFields(), NOTHING), errors) }, { status: 400 });
}

/**
 * The request's form (app/lib/body.server.ts), or why it was refused (malformed, of another type,
 * too many fields) as form-level errors, for the route to answer 400 in its own shape.
 */
export async function readPageForm(request: Request): Promise<{ ok: true; form: FormFields } | { ok: false; errors: FieldErrors }> {
  try {
    return { ok: true, form: await readForm(request) };
  } catch (error) {
    if (error instanceof BodyRefused) return { ok: false, errors: error.fields };
    throw error;
  }
}

/** readPageForm for a page whose errors are conform's: the refusal is the 400 to answer. */
export async function submittedForm(request: Request): Promise<{ ok: true; form: FormFields } | { ok: false; response: FormResponse }> {
  const read = await readPageForm(request);
  return read.ok ? read : { ok: false, response: refusedResponse(read.errors) };
}

/**
 * Parses the form (or the request's, read with submittedForm) with `schema` and calls `run` with
 * the value. A refused body, invalid input and domain errors (rate limits, permission) become a 4xx
 * with messages; anything else propagates.
 */
export async function handleForm<S extends z.ZodType, R>(
  source: FormFields | Request,
  schema: S,
  run: (value: z.infer<S>) => Promise<R>,
): Promise<{ ok: true; value: R } | { ok: false; response: FormResponse }> {
  let form: FormFields;
  if (source instanceof FormFields) form = source;
  else {
    const read = await submittedForm(source);
    if (!read.ok) return read;
    form = read.form;
  }
  const submission = parseWithSchema(form, schema);
  if (submission.status !== 'success') return { ok: false, response: data({ result: replyTo(submission) }, { status: 400 }) };
  try {
    return { ok: true, value: await run(submission.value as z.infer<S>) };
  } catch (error) {
    // A missing record is the page's 404; any other refusal of the domain shows on the form.
    const shown = error instanceof DomainError && error.status === 404 ? null : pageErrors(error);
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
export function pageErrors(error: unknown): { errors: FieldErrors; status: number } | null {
  if (error instanceof Invalid) return { errors: error.fields, status: 400 };
  if (error instanceof DomainError) return { errors: { non_field_errors: [error.message] }, status: error.status };
  return null;
}
