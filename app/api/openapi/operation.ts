// One API call as the OpenAPI document describes it (./paths/*.ts list them), and how it becomes
// zod-to-openapi's RouteConfig. The refusals that follow from what a call is (who may make it, whether
// it reads a body, whether it changes state, whether it is rate limited) are added here once, so each
// call lists only its own.
import type { ResponseConfig, RouteConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { BadRequest, Detail } from './shapes';

/**
 * Who may make the call. `public`: credentials are not read. `anyone`: open to anonymous callers,
 * but credentials are read (a deactivated account's gets 401 user_inactive). The others need a
 * session: a signed-in user, staff (is_staff or superuser), the superuser.
 */
export type Access = 'public' | 'anyone' | 'signed-in' | 'staff' | 'superuser';

export const ACCESS_LABEL: Record<Access, string> = {
  public: 'No authentication',
  anyone: 'Anyone; a session is read when sent',
  'signed-in': 'Signed-in users',
  staff: 'Staff',
  superuser: 'Superuser',
};

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A request body: the zod schema the handler parses it with (app/schemas), and the file parts beside it. */
export interface BodySpec {
  schema: z.ZodObject;
  /** File parts (multipart only), by name: what the domain checks about each. */
  files?: Record<string, string>;
  /** Only multipart (a body that is files alone). */
  multipartOnly?: boolean;
  /** The JSON body, when it differs from the form's (a field that is an object in JSON, a JSON string in a form). */
  json?: z.ZodObject;
}

/** An answer: JSON of `schema`, no content, or the media types of a file, page or stream. */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  media?: string[];
  headers?: Record<string, string>;
}

export type Refusal = 400 | 401 | 403 | 404 | 409 | 413;

export interface Operation {
  method: Method;
  path: string;
  summary: string;
  description?: string;
  access: Access;
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: BodySpec;
  /** Its successes, and any refusal that is not the API's JSON (a page's 404). */
  answers: Record<number, Answer>;
  /** JSON refusals of this call besides those its access, body and params imply, with what they mean here. */
  refusals?: Partial<Record<Refusal, string>>;
  /** Counted by a rate limit: 429 with Retry-After. */
  rateLimited?: boolean;
  /** A GET that changes state (a hint's first reading costs points): refused cross-site like a POST. */
  changesState?: boolean;
  /** The answer sets the session cookie (login). */
  setsSession?: boolean;
  /** Stands for every path under /api/ that no other operation matches (`api/*` in app/routes.ts). */
  catchAll?: boolean;
  /** A page of the site: a method its path does not list is answered with the site's 405 page (x-page). */
  page?: boolean;
}

/** The path's parameters: record ids, as the URL writes them. */
export const pathParams = (names: Record<string, string>) =>
  z.object(Object.fromEntries(Object.entries(names).map(([name, description]) => [name, z.string().meta({ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, description })])));

const binary = (description: string) => z.string().meta({ format: 'binary', description });
const retryAfter = { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' as const } } };

const json = (schema: z.ZodType) => ({ 'application/json': { schema } });

/** A refusal's response: a Detail, or for 400 field errors or a detail. */
function refusal(status: number, description: string, headers?: typeof retryAfter): ResponseConfig {
  return { description, content: json(status === 400 ? BadRequest : Detail), ...(headers ? { headers } : {}) };
}

function answer(a: Answer): ResponseConfig {
  const headers = a.headers ? Object.fromEntries(Object.entries(a.headers).map(([name, description]) => [name, { description, schema: { type: 'string' as const } }])) : undefined;
  const content = a.schema
    ? json(a.schema)
    : a.media
      ? Object.fromEntries(a.media.map((type) => [type, { schema: { type: 'string' as const, format: type === 'text/event-stream' || type === 'text/html' ? undefined : 'binary' } }]))
      : undefined;
  return { description: a.description, ...(content ? { content } : {}), ...(headers ? { headers } : {}) };
}

/** The request body's media types: every body is read as JSON, urlencoded or multipart (readBody). */
function requestBody(body: BodySpec): NonNullable<RouteConfig['request']>['body'] {
  const withFiles = body.files ? body.schema.safeExtend(Object.fromEntries(Object.entries(body.files).map(([name, text]) => [name, binary(text).optional()]))) : body.schema;
  const content: Record<string, { schema: z.ZodType }> = { 'multipart/form-data': { schema: withFiles } };
  if (!body.multipartOnly) {
    content['application/json'] = { schema: body.json ?? body.schema };
    if (!body.files) content['application/x-www-form-urlencoded'] = { schema: body.schema };
  }
  return { required: true, content };
}

const SECURITY: Record<Access, RouteConfig['security']> = {
  public: [],
  anyone: [{}, { bearer: [] }, { session: [] }],
  'signed-in': [{ bearer: [] }, { session: [] }],
  staff: [{ bearer: [] }, { session: [] }],
  superuser: [{ bearer: [] }, { session: [] }],
};

/** The operation as zod-to-openapi takes it, with the refusals its kind implies. */
export function toRoute(op: Operation, tag: string): RouteConfig {
  const responses: RouteConfig['responses'] = {};
  for (const [status, a] of Object.entries(op.answers)) responses[status] = answer(a);
  if (op.setsSession) (responses['200'] as ResponseConfig).headers = { 'Set-Cookie': { description: 'The session cookie (ctf_session), as /login sets it.', schema: { type: 'string' } } };
  const said = op.refusals ?? {};
  const writes = op.method !== 'get' || op.changesState;
  const add = (status: number, description: string | undefined, headers?: typeof retryAfter) => {
    if (description && !responses[String(status)]) responses[String(status)] = refusal(status, description, headers);
  };
  add(400, said[400] ?? (op.body ? 'The body was refused: messages per field.' : undefined));
  add(401, said[401] ?? (op.access === 'public' ? undefined : op.access === 'anyone' ? 'The account was deactivated (code user_inactive).' : 'Not signed in, or the account was deactivated (code user_inactive).'));
  const forbidden = [op.access === 'staff' ? 'Not staff.' : op.access === 'superuser' ? 'Not the superuser.' : undefined, said[403], writes ? 'A cross-site request authenticated by the session cookie.' : undefined].filter(Boolean);
  add(403, forbidden.length ? forbidden.join(' ') : undefined);
  add(404, said[404] ?? (op.params ? 'No such record, or one the caller may not see.' : undefined));
  add(409, said[409]);
  add(413, said[413] ?? (op.body ? 'The body is larger than this call takes.' : undefined));
  if (op.rateLimited) add(429, 'Too many requests of this kind: try again after Retry-After seconds.', retryAfter);
  // server.ts reads one upload per user at a time: another arriving meanwhile is refused.
  if (op.body?.files) add(429, 'The caller already has uploads under way: try again after Retry-After seconds.', retryAfter);
  add(503, 'The server is busy (overloaded, or the database locked): try again after Retry-After seconds.', retryAfter);
  return {
    method: op.method,
    path: op.path,
    tags: [tag],
    summary: op.summary,
    ...(op.description ? { description: op.description } : {}),
    security: SECURITY[op.access],
    'x-access': op.access,
    ...(op.catchAll ? { 'x-catch-all': true } : {}),
    ...(op.page ? { 'x-page': true } : {}),
    // A path that takes files refuses an anonymous body, whatever its method, before reading it.
    ...(op.body?.files ? { 'x-anonymous-body': 401 } : {}),
    request: {
      ...(op.params ? { params: op.params } : {}),
      ...(op.query ? { query: op.query } : {}),
      ...(op.body ? { body: requestBody(op.body) } : {}),
    },
    responses,
  };
}
