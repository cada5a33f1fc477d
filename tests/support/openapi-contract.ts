// The contract between the API and its OpenAPI document (/api/openapi.json): every answer the API
// tests receive through call() is looked up in the document (path, method, status) and, when it is
// JSON, checked against the documented schema with ajv. An answer the document does not describe
// fails the test that received it, so the document and the API cannot drift apart unnoticed.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';

interface MediaType { schema?: unknown }
interface Response { content?: Record<string, MediaType>; headers?: Record<string, unknown> }
interface OperationObject { responses: Record<string, Response>; 'x-catch-all'?: boolean }
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

interface Template { path: string; pattern: RegExp; statics: number; catchAll: boolean }

export class Contract {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly doc: Document) {
    this.ajv.addSchema(doc as object, 'openapi');
    this.templates = Object.entries(doc.paths).map(([path, item]) => {
      const segments = trimSlash(path).split('/');
      const catchAll = Object.values(item).some((op) => op['x-catch-all']);
      // A catch-all's parameter takes the rest of the path, slashes included; others one segment.
      const source = segments.map((s) => (/^\{\w+\}$/.test(s) ? (catchAll ? '.+' : '[^/]+') : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
      return { path, pattern: new RegExp(`^${source}$`), statics: segments.filter((s) => !s.startsWith('{')).length, catchAll };
    });
  }

  /** The documented path a request path answers to: the most specific match, as React Router ranks them. */
  private match(path: string): string | null {
    const found = this.templates.filter((t) => t.pattern.test(trimSlash(path)));
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
    const path = new URL(url, 'http://x').pathname;
    const documented = this.match(path);
    if (!documented) return `path ${path} is not in the document`;
    const item = this.doc.paths[documented];
    const op = item[method.toLowerCase()];
    let response: Response | undefined;
    let pointer: string;
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
