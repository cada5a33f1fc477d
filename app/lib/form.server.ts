// Page actions: parse a form with the shared schema and run a domain function; field errors come
// back in conform's SubmissionResult shape so they render under their fields, with or without JS.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
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

function reply(form: FormFields, errors: FieldErrors, known: ReadonlySet<string> | null): SubmissionResult<string[]> {
  const initialValue: Record<string, string> = {};
  for (const name of form.names()) {
    if (SECRET_FIELDS.test(name) || (known && !known.has(name))) continue;
    const values = form.getAll(name);
    const last = values[values.length - 1];
    if (typeof last === 'string') initialValue[name] = last;
  }
  const error: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) error[k === 'non_field_errors' ? '' : k] = v;
  return { status: 'error', initialValue, error };
}

export type FormResult = { result: SubmissionResult<string[]> };
type FormResponse = ReturnType<typeof data<FormResult>>;

/** The 400 a page answers for `errors` in conform's shape (a refused body's message is form-level). */
export function formErrorResponse(form: FormFields, errors: FieldErrors, status = 400, known: ReadonlySet<string> | null = null): FormResponse {
  return data({ result: reply(form, errors, known) }, { status });
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
  return read.ok ? read : { ok: false, response: formErrorResponse(new FormFields(), read.errors) };
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
  const known = schemaFields(schema);
  const submission = parseWithSchema(form, schema);
  if (submission.status !== 'success') return { ok: false, response: formErrorResponse(form, fromConformErrors(submission.error), 400, known) };
  try {
    return { ok: true, value: await run(submission.value as z.infer<S>) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, response: formErrorResponse(form, error.fields, 400, known) };
    if (error instanceof DomainError && error.status !== 401 && error.status !== 404) {
      return { ok: false, response: formErrorResponse(form, { non_field_errors: [error.message] }, error.status, known) };
    }
    throw error;
  }
}

/**
 * A domain error as what a page shows: field errors (form-level ones under non_field_errors) and the
 * status to answer with. Null for anything else, which must propagate.
 */
export function pageErrors(error: unknown): { errors: FieldErrors; status: number } | null {
  if (error instanceof Invalid) return { errors: error.fields, status: 400 };
  if (error instanceof DomainError && error.status !== 401) return { errors: { non_field_errors: [error.message] }, status: error.status };
  return null;
}
