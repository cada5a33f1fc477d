// Helpers for the /api resource routes: input parsing, errors as JSON, paginated lists.
import type { z } from 'zod';
import { BODY_MESSAGES, BodyRefused, readRequestBody, type FormFields } from './body.server';
import { env } from './env.server';
import { DomainError, Invalid, errorBody, fromConformErrors, serverBusy, type FieldErrors } from './errors.server';
import { parseWithSchema, type AlsoRefused } from './form.server';
import { logger } from './logger.server';
import type { Page } from './pagination';

/**
 * What api() answers when server.ts's direct lane called the handler (context.direct): the same
 * status, headers and body, without the Fetch API objects that cost a third of such a request.
 */
export interface DirectReply { status: number; headers: Record<string, string>; body: string }

/** JSON that is already serialized (kept per copy of the standings, say), with its status. */
export class JsonText {
  constructor(readonly text: string, readonly status = 200) {}
}

const JSON_TYPE = 'application/json';

/** Runs an API handler, turning domain errors into their JSON status (never a 500 for bad input), a busy database into 503. */
export async function api(run: () => Promise<Response | JsonText | unknown>, context?: unknown): Promise<Response | DirectReply> {
  const direct = (context as { direct?: boolean } | undefined)?.direct === true;
  const reply = (status: number, body: string, extra: Record<string, string> = {}) => {
    const headers = { 'Content-Type': JSON_TYPE, ...extra };
    return direct ? { status, headers, body } : new Response(body, { status, headers });
  };
  try {
    const result = await run();
    if (result instanceof Response) return result;
    if (result instanceof JsonText) return reply(result.status, result.text);
    return reply(200, JSON.stringify(result));
  } catch (error) {
    if (error instanceof Response) throw error;
    // A busy server (password checks queued past their bound; a database lib/sql.server.ts retried
    // within its bound) is a 503 with Retry-After.
    const answered = error instanceof DomainError ? error : serverBusy(error);
    if (answered) {
      const headers: Record<string, string> = {};
      if ('retryAfterSeconds' in answered) headers['Retry-After'] = String((answered as { retryAfterSeconds: number }).retryAfterSeconds);
      return reply(answered.status, JSON.stringify(errorBody(answered)), headers);
    }
    logger.error({ err: error }, 'api handler failed');
    return reply(500, JSON.stringify({ detail: 'Internal server error.' }));
  }
}

export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : 'non_field_errors';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * Reads a JSON, urlencoded or multipart body (app/lib/body.server.ts: linear, at most MAX_FIELDS
 * fields, a 400 for anything that does not parse); the form is kept for its files. Any other type
 * is an empty body.
 */
export async function readBody(request: Request): Promise<{ values: Record<string, unknown>; form: FormFields | null }> {
  const body = await readRequestBody(request, { json: true });
  if (body.kind === 'json') {
    if (!body.value || typeof body.value !== 'object' || Array.isArray(body.value)) throw new BodyRefused(BODY_MESSAGES.jsonObject);
    return { values: body.value as Record<string, unknown>, form: null };
  }
  if (body.kind === 'form') return { values: body.form.toValues(), form: body.form };
  return { values: {}, form: null };
}

/** Parses a request body with a shared schema, or throws Invalid with per-field messages. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S, { alsoRefused }: { alsoRefused?: AlsoRefused } = {}): Promise<{ data: z.infer<S>; form: FormFields | null }> {
  const { values, form } = await readBody(request);
  const refuse = async (raw: Record<string, unknown>, refused: FieldErrors): Promise<never> => {
    throw new Invalid({ ...refused, ...(alsoRefused ? await alsoRefused(raw, refused) : {}) });
  };
  if (form) {
    const submission = parseWithSchema(form, schema);
    if (submission.status !== 'success') return refuse(submission.payload, fromConformErrors(submission.error));
    return { data: submission.value as z.infer<S>, form };
  }
  const result = schema.safeParse(values);
  if (!result.success) return refuse(values && typeof values === 'object' ? (values as Record<string, unknown>) : {}, zodFieldErrors(result.error));
  return { data: result.data, form };
}

/**
 * Reads a request's query string with a schema of app/schemas/query.ts (the first value of each
 * parameter), or throws Invalid with the refused parameters' messages. The same schemas make the
 * query parameters of the OpenAPI document.
 */
export function parseQuery<S extends z.ZodType>(request: Pick<Request, 'url'>, schema: S): z.output<S> {
  const values: Record<string, string> = {};
  for (const [key, value] of new URL(request.url).searchParams) if (!(key in values)) values[key] = value;
  const result = schema.safeParse(values);
  if (!result.success) throw new Invalid(zodFieldErrors(result.error));
  return result.data;
}

/**
 * The absolute link to page `n` of the list at `url`: PUBLIC_URL (never the request's Host header),
 * the request's path ending in '/' as SPEC §7 writes its paths (so `next` and `previous` agree
 * whether the caller wrote the slash or not), and its query with `page` set to n.
 */
export function pageLink(url: URL, n: number): string {
  const query = new URLSearchParams(url.search);
  query.set('page', String(n));
  const path = url.pathname.endsWith('/') ? url.pathname : `${url.pathname}/`;
  return `${env.publicUrl}${path}?${query}`;
}

/** A page of a list as the API answers it (its schema: paginated() in app/api/openapi/shapes.ts). */
export interface PageJson<R> { count: number; next: string | null; previous: string | null; results: R[] }

/** The paginated list shape of SPEC §3: {count, next, previous, results}; links from pageLink. */
export function paginated<T, R>(request: Pick<Request, 'url'>, page: Page<T>, map: (row: T) => R): PageJson<R> {
  const url = new URL(request.url);
  const last = Math.max(1, Math.ceil(page.count / page.pageSize));
  return {
    count: page.count,
    next: page.page < last ? pageLink(url, page.page + 1) : null,
    previous: page.page > 1 ? pageLink(url, page.page - 1) : null,
    results: page.results.map(map),
  };
}

export function methodNotAllowed(): Response {
  return Response.json({ detail: 'Method not allowed.' }, { status: 405 });
}
