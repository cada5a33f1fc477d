// The contract between the API and its OpenAPI document (/api/openapi.json): every answer the API
// tests receive through call() is looked up in the document (path, method, status) and, when it is
// JSON, checked against the documented schema with ajv. An answer the document does not describe
// fails the test that received it, so the document and the API cannot drift apart unnoticed.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

interface MediaType { schema?: unknown }
interface Response { content?: Record<string, MediaType>; headers?: Record<string, unknown> }
interface Parameter { name: string; in: string; schema?: { type?: string; minimum?: number; maximum?: number } }
interface OperationObject { responses: Record<string, Response>; parameters?: Parameter[]; 'x-catch-all'?: boolean; 'x-page'?: boolean; 'x-anonymous-body'?: number }
type PathItem = Record<string, OperationObject>;
export interface Document {
  openapi: string;
  paths: Record<string, PathItem>;
  'x-other-methods'?: { status: number; content: Record<string, MediaType> };
}

/** Headers the document promises that a client relies on; the others it names are descriptive. */
const CHECKED_HEADERS = ['retry-after', 'content-disposition', 'set-cookie'];

const escape = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));
const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

interface Template { path: string; pattern: RegExp; statics: number; catchAll: boolean; ranges: ({ minimum: number; maximum: number } | null)[] }

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Document) {
    this.ajv.addSchema(doc as object, 'openapi');
    this.templates = Object.entries(doc.paths).map(([path, item]) => {
      const segments = trimSlash(path).split('/');
      const catchAll = Object.values(item).some((op) => op['x-catch-all']);
      const integers = new Map(Object.values(item).flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'path' && p.schema?.type === 'integer').map((p) => [p.name, p.schema!] as const)));
      // A catch-all's parameter takes the rest of the path, slashes included; an id only digits
      // within its documented range, as the server's routes take it (anything else is the
      // catch-all's 404); others one segment.
      const ranges: Template['ranges'] = [];
      const param = (name: string) => {
        const integer = catchAll ? undefined : integers.get(name);
        if (!integer) {
          ranges.push(null);
          return catchAll ? '(.+)' : '([^/]+)';
        }
        ranges.push({ minimum: integer.minimum ?? -Infinity, maximum: integer.maximum ?? Infinity });
        return '(\\d+)';
      };
      const source = segments.map((s) => (/^\{\w+\}$/.test(s) ? param(s.slice(1, -1)) : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      return { path, pattern: new RegExp(`^${source}$`), statics: segments.filter((s) => !s.startsWith('{')).length, catchAll, ranges };
    });
  }

  /** The documented path a request path answers to: the most specific match, as React Router ranks them. */
  private match(path: string): string | null {
    const found = this.templates.filter((t) => {
      const values = t.pattern.exec(trimSlash(path))?.slice(1);
      if (!values) return false;
      return t.ranges.every((range, i) => !range || (Number(values[i]) >= range.minimum && Number(values[i]) <= range.maximum));
    });
    found.sort((a, b) => Number(a.catchAll) - Number(b.catchAll) || b.statics - a.statics);
    return found[0]?.path ?? null;
  }

  private validator(pointer: string): ValidateFunction {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(`openapi#${pointer}`);
      if (!validate) throw new Error(`no schema at ${pointer}`);
      this.validators.set(pointer, validate);
    }
    return validate;
  }

  /**
   * What is wrong with an answer, or null when the document describes it: `text` is the body as
   * received, `json` its parse (undefined when it is not JSON).
   */
  problem(method: string, url: string, answer: { status: number; headers: Headers; text: string; json: unknown }): string | null {
    // As the server reads it: escapes decoded, and React Router's data suffix taken off.
    let path = new URL(url, 'http://x').pathname.replace(/\.data$/, '');
    try { path = decodeURIComponent(path); } catch {} // a malformed escape: taken as written
    const documented = this.match(path);
    if (!documented) return `path ${path} is not in the document`;
    const item = this.doc.paths[documented];
    const op = item[method.toLowerCase()];
    let response: Response | undefined;
    let pointer: string;
    if (!op && Object.values(item).some((o) => o['x-page'])) {
      const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim();
      return answer.status === 405 && type === 'text/html' ? null : `${method} ${documented}, a page, answered ${answer.status} ${type} (documented: the site's 405 page)`;
    }
    if (!op && Object.values(item).some((o) => o['x-anonymous-body'] === answer.status)) return null;
    if (!op) {
      const other = this.doc['x-other-methods'];
      if (!other || answer.status !== other.status) return `${method} is not documented for ${documented} (answered ${answer.status})`;
      response = other;
      pointer = '/x-other-methods';
    } else {
      response = op.responses[String(answer.status)];
      if (!response) return `status ${answer.status} is not documented for ${method} ${documented} (documented: ${Object.keys(op.responses).join(', ')})`;
      pointer = `/paths/${escape(documented)}/${method.toLowerCase()}/responses/${answer.status}`;
    }
    for (const name of Object.keys(response.headers ?? {})) {
      if (CHECKED_HEADERS.includes(name.toLowerCase()) && !answer.headers.has(name)) return `header ${name} is missing from ${method} ${documented} -> ${answer.status}`;
    }
    const type = (answer.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
    if (!response.content) return answer.text === '' ? null : `${method} ${documented} -> ${answer.status} is documented without a body, got ${type || 'one'}`;
    if (!response.content[type]) return `content type "${type}" is not documented for ${method} ${documented} -> ${answer.status} (documented: ${Object.keys(response.content).join(', ')})`;
    if (type !== 'application/json') return null; // files, pages and streams: their type is the contract
    if (answer.json === undefined) return `${method} ${documented} -> ${answer.status} says JSON but its body does not parse`;
    const validate = this.validator(`${pointer}/content/${escape(type)}/schema`);
    if (validate(answer.json)) return null;
    const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '(body)'} ${e.message}${e.params && Object.keys(e.params).length ? ` ${JSON.stringify(e.params)}` : ''}`);
    return `${method} ${documented} -> ${answer.status} does not match its schema: ${errors.join('; ')}`;
  }
}
