// Page actions: parse a form with the shared schema and run a domain function; field errors come
// back in conform's SubmissionResult shape so they render under their fields, with or without JS.
import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { z } from 'zod';
import { DomainError, Invalid, fromConformErrors, type FieldErrors } from './errors.server';

const SECRET_FIELDS = /password|token|flag/i;

function reply(form: FormData, errors: FieldErrors): SubmissionResult<string[]> {
  const initialValue: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && !SECRET_FIELDS.test(k)) initialValue[k] = v;
  const error: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(errors)) error[k === 'non_field_errors' ? '' : k] = v;
  return { status: 'error', initialValue, error };
}

export type FormResult = { result: SubmissionResult<string[]> };

/**
 * Parses `form` with `schema` and calls `run` with the value. Invalid input and domain errors
 * (rate limits, permission) become a 4xx with messages; anything else propagates.
 */
export async function handleForm<S extends z.ZodType, R>(
  form: FormData,
  schema: S,
  run: (value: z.infer<S>) => Promise<R>,
): Promise<{ ok: true; value: R } | { ok: false; response: ReturnType<typeof data<FormResult>> }> {
  const submission = parseWithZod(form, { schema });
  if (submission.status !== 'success') {
    return { ok: false, response: data({ result: reply(form, fromConformErrors(submission.error)) }, { status: 400 }) };
  }
  try {
    return { ok: true, value: await run(submission.value as z.infer<S>) };
  } catch (error) {
    if (error instanceof Invalid) return { ok: false, response: data({ result: reply(form, error.fields) }, { status: 400 }) };
    if (error instanceof DomainError && error.status !== 401 && error.status !== 404) {
      return { ok: false, response: data({ result: reply(form, { non_field_errors: [error.message] }) }, { status: error.status }) };
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
