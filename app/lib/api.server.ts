// Helpers for the /api resource routes: input parsing, errors as JSON, paginated lists.
import { parseWithZod } from '@conform-to/zod/v4';
import { getMultipartBoundary, parseMultipart } from '@remix-run/multipart-parser';
import type { z } from 'zod';
import { env } from './env.server';
import { DomainError, Invalid, databaseBusy, errorBody, fromConformErrors, type FieldErrors } from './errors.server';
import { logger } from './logger.server';
import type { Page } from './pagination';
import type { UploadedFile } from './uploads.server';

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
    // A busy database (lib/sql.server.ts retried it within its bound) is a 503 with Retry-After.
    const answered = error instanceof DomainError ? error : databaseBusy(error);
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

/** A form body as the routes read it: FormData's reading methods, its files as UploadedFile. */
export interface FormBody {
  get(name: string): string | UploadedFile | null;
  getAll(name: string): (string | UploadedFile)[];
  keys(): Iterable<string>;
}

/** Reads a JSON, urlencoded or multipart body; the form is kept for its files. */
export async function readBody(request: Request): Promise<{ values: Record<string, unknown>; form: FormBody | null; fields?: FormData }> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('application/json')) {
    const json = await request.json().catch(() => {
      throw new Invalid({ non_field_errors: ['JSON parse error.'] });
    });
    if (!json || typeof json !== 'object' || Array.isArray(json)) throw new Invalid({ non_field_errors: ['Expected a JSON object.'] });
    return { values: json as Record<string, unknown>, form: null };
  }
  if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
    const form = await (type.includes('multipart/form-data') ? multipartForm(request, type) : request.formData()).catch(() => {
      throw new Invalid({ non_field_errors: ['Malformed form body.'] });
    });
    const values = Object.fromEntries([...form.keys()].map((k) => [k, form.getAll(k).length > 1 ? form.getAll(k) : form.get(k)]));
    return { values, form, fields: form instanceof MultipartForm ? form.fields() : form };
  }
  return { values: {}, form: null };
}

/** A file part of a multipart body: its bytes as parsed, with no Blob made of them. */
class PartFile implements UploadedFile {
  constructor(
    readonly name: string,
    readonly type: string,
    private readonly bytes: Uint8Array,
  ) {}

  get size() {
    return this.bytes.length;
  }

  async arrayBuffer(): Promise<ArrayBuffer> {
    return this.bytes.buffer.slice(this.bytes.byteOffset, this.bytes.byteOffset + this.bytes.length) as ArrayBuffer;
  }
}

/** A multipart body's entries in order; the schemas read its text fields (fields()). */
class MultipartForm implements FormBody {
  constructor(private readonly entries: [string, string | PartFile][]) {}

  get(name: string) {
    return this.entries.find(([key]) => key === name)?.[1] ?? null;
  }

  getAll(name: string) {
    return this.entries.filter(([key]) => key === name).map(([, value]) => value);
  }

  keys() {
    return this.entries.map(([key]) => key);
  }

  fields(): FormData {
    const form = new FormData();
    for (const [key, value] of this.entries) if (typeof value === 'string') form.append(key, value);
    return form;
  }
}

/**
 * A multipart body parsed from its bytes by @remix-run/multipart-parser: the Fetch API's own parser
 * costs four times as much, and every solve sends its writeup this way. Its files stay the parsed
 * bytes (a File would copy them into a Blob, a tenth of a solve's cost). The body was bounded as it
 * arrived (server.ts), so the parser's own size limits are lifted.
 */
async function multipartForm(request: Request, type: string): Promise<MultipartForm> {
  const boundary = getMultipartBoundary(type);
  if (!boundary) throw new Error('no boundary');
  const entries: [string, string | PartFile][] = [];
  const limits = { maxFileSize: Infinity, maxTotalSize: Infinity };
  for (const part of parseMultipart(new Uint8Array(await request.arrayBuffer()), { boundary, ...limits })) {
    if (!part.name) continue;
    entries.push([part.name, part.isFile ? new PartFile(part.filename ?? '', part.mediaType ?? '', part.bytes) : part.text]);
  }
  return new MultipartForm(entries);
}

/** Parses a request body with a shared schema, or throws Invalid with per-field messages. */
export async function parseBody<S extends z.ZodType>(request: Request, schema: S): Promise<{ data: z.infer<S>; form: FormBody | null }> {
  const { values, form, fields } = await readBody(request);
  if (fields) {
    const submission = parseWithZod(fields, { schema });
    if (submission.status !== 'success') throw new Invalid(fromConformErrors(submission.error));
    return { data: submission.value as z.infer<S>, form };
  }
  const result = schema.safeParse(values);
  if (!result.success) throw new Invalid(zodFieldErrors(result.error));
  return { data: result.data, form };
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

/** The paginated list shape of SPEC §3: {count, next, previous, results}; links from pageLink. */
export function paginated<T, R>(request: Pick<Request, 'url'>, page: Page<T>, map: (row: T) => R) {
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
