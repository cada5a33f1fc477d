// Request bodies, read in one place for page actions (readForm) and the API (readBody in
// api.server.ts): linear in the body's size and bounded in what they build (docs/limits.md "Form and body
// parsing"). The body's bytes were bounded as they arrived (server.ts, request-guards.server.ts);
// here the fields are counted before anything is built from them:
// - urlencoded: the '&'-separated fields are counted in the text (one indexOf pass), then parsed by
//   URLSearchParams (linear);
// - multipart: parts are counted as the parser streams them, and it stops past the limit;
// - JSON (the API only): values are counted (',' outside strings) and nesting measured in one pass
//   over the text before JSON.parse.
// Past MAX_FIELDS, or for a body that does not parse, a BodyRefused: an Invalid (400) with one
// form-level message, which a page shows above its form and the API sends as non_field_errors.
// The fields are kept in a Map from name to values, so reading a field costs the same whatever the
// number of fields (FormData's get and getAll scan every entry: reading each name of a body of
// repeated names that way was quadratic, and one 18 KB body ran V8 out of heap).
import { getMultipartBoundary, MaxPartsExceededError, parseMultipart } from '@remix-run/multipart-parser';
import { Invalid } from './errors.server';
import { say } from './i18n';
import type { UploadedFile } from './uploads.server';

/**
 * Most fields (urlencoded), parts (multipart) or values (JSON) a body may carry. The largest forms
 * of the site: a bulk decision of 500 ids (BULK_MAX, learnerIdsSchema), challenge files (10 per
 * upload), the event and challenge forms (about 20 fields): half the limit at most.
 */
export const MAX_FIELDS = 1000;
/** Deepest nesting of arrays and objects in a JSON body (the API's bodies nest two levels). */
export const MAX_JSON_DEPTH = 32;

export const BODY_MESSAGES = {
  malformed: 'Malformed form body.',
  // Worded when read, in the language of the request under way (lib/i18n.ts say).
  get tooManyFields() {
    return say('Too many fields (at most {{max}}).', { max: MAX_FIELDS });
  },
  unsupported: 'Unsupported form encoding: send application/x-www-form-urlencoded or multipart/form-data.',
  jsonParse: 'JSON parse error.',
  jsonObject: 'Expected a JSON object.',
  get jsonDepth() {
    return say('JSON nested too deeply (at most {{max}} levels).', { max: MAX_JSON_DEPTH });
  },
} as const;

/** A body refused as a whole, before any of it was used: a 400 with one form-level message. */
export class BodyRefused extends Invalid {
  constructor(message: string) {
    super({ non_field_errors: [message] });
  }
}

export type FormValue = string | UploadedFile;

/**
 * A form's fields: FormData's reading methods over a Map from name to values (in the order they
 * came), so get, getAll and has cost the same however many fields there are. Files are the parsed
 * bytes (UploadedFile), never copied into a Blob.
 */
export class FormFields {
  readonly #index = new Map<string, FormValue[]>();

  constructor(entries: Iterable<readonly [string, FormValue]> = []) {
    for (const [name, value] of entries) this.append(name, value);
  }

  append(name: string, value: FormValue): void {
    const values = this.#index.get(name);
    if (values) values.push(value);
    else this.#index.set(name, [value]);
  }

  /** The first value of `name`, or null. */
  get(name: string): FormValue | null {
    return this.#index.get(name)?.[0] ?? null;
  }

  getAll(name: string): FormValue[] {
    return this.#index.get(name)?.slice() ?? [];
  }

  has(name: string): boolean {
    return this.#index.has(name);
  }

  /** The first value of `name` when it is text, else '' (a file, or no such field). */
  text(name: string): string {
    const value = this.get(name);
    return typeof value === 'string' ? value : '';
  }

  set(name: string, value: FormValue): void {
    this.#index.set(name, [value]);
  }

  delete(name: string): void {
    this.#index.delete(name);
  }

  /** Each name once, in the order names first came. */
  names(): IterableIterator<string> {
    return this.#index.keys();
  }

  /** Every [name, value], a name's values together. */
  *entries(): IterableIterator<[string, FormValue]> {
    for (const [name, values] of this.#index) for (const value of values) yield [name, value];
  }

  [Symbol.iterator]() {
    return this.entries();
  }

  /** Name → value, or the list of values of a name given more than once (the API's reading). */
  toValues(): Record<string, FormValue | FormValue[]> {
    const values: Record<string, FormValue | FormValue[]> = {};
    for (const [name, list] of this.#index) Object.defineProperty(values, name, { value: list.length > 1 ? list.slice() : list[0], enumerable: true, writable: true, configurable: true });
    return values;
  }
}

/** A file part of a multipart body: its bytes as parsed, with no Blob made of them. */
export class PartFile implements UploadedFile {
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

/** The media type of a Content-Type header, lower case, without its parameters. */
export function mediaType(contentType: string | null): string {
  if (!contentType) return '';
  const end = contentType.indexOf(';');
  return (end === -1 ? contentType : contentType.slice(0, end)).trim().toLowerCase();
}

export const FORM_TYPES: ReadonlySet<string> = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/** The fields of an urlencoded body, counted before they are parsed. */
export function urlencodedFields(text: string): FormFields {
  // What URLSearchParams makes a field: each non-empty stretch between '&'s.
  let fields = 0;
  for (let start = 0; start <= text.length; ) {
    let end = text.indexOf('&', start);
    if (end === -1) end = text.length;
    if (end > start && ++fields > MAX_FIELDS) throw new BodyRefused(BODY_MESSAGES.tooManyFields);
    start = end + 1;
  }
  return new FormFields(new URLSearchParams(text));
}

/** RFC 2046: a boundary is 1 to 70 characters. A longer one would only make the search slower. */
const MAX_BOUNDARY = 70;

/** The fields of a multipart body, the parser stopped past MAX_FIELDS parts. */
export function multipartFields(bytes: Uint8Array, contentType: string): FormFields {
  const boundary = getMultipartBoundary(contentType);
  if (!boundary || boundary.length > MAX_BOUNDARY) throw new BodyRefused(BODY_MESSAGES.malformed);
  const form = new FormFields();
  try {
    // Sizes were bounded as the body arrived (server.ts): the parser's own size limits are lifted.
    for (const part of parseMultipart(bytes, { boundary, maxParts: MAX_FIELDS, maxFileSize: Infinity, maxTotalSize: Infinity })) {
      const name = part.name;
      if (!name) continue;
      form.append(name, part.isFile ? new PartFile(part.filename ?? '', part.mediaType ?? '', part.bytes) : part.text);
    }
  } catch (error) {
    throw new BodyRefused(error instanceof MaxPartsExceededError ? BODY_MESSAGES.tooManyFields : BODY_MESSAGES.malformed);
  }
  return form;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * A JSON body's value, its values counted (a ',' outside strings separates two) and its nesting
 * measured in one pass over the text before JSON.parse builds anything.
 */
export function jsonValue(text: string): unknown {
  let separators = 0;
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // To the closing quote, a jump at a time: the first '"' not escaped (preceded by an even
      // number of backslashes, counted back no further than the previous jump).
      for (let from = i; ; ) {
        const quote = text.indexOf('"', from + 1);
        if (quote === -1) {
          i = text.length;
          break;
        }
        let slash = quote - 1;
        while (slash > from && text.charCodeAt(slash) === BACKSLASH) slash--;
        from = i = quote;
        if ((quote - 1 - slash) % 2 === 0) break;
      }
    } else if (c === COMMA) {
      if (++separators >= MAX_FIELDS) throw new BodyRefused(BODY_MESSAGES.tooManyFields);
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > MAX_JSON_DEPTH) throw new BodyRefused(BODY_MESSAGES.jsonDepth);
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new BodyRefused(BODY_MESSAGES.jsonParse);
  }
}

async function read<T>(body: () => Promise<T>): Promise<T> {
  try {
    return await body();
  } catch {
    throw new BodyRefused(BODY_MESSAGES.malformed); // the client went away, or cut the body short
  }
}

export type RequestBody = { kind: 'form'; form: FormFields } | { kind: 'json'; value: unknown } | { kind: 'none' };

/**
 * A request's body, read once: a form (urlencoded or multipart), JSON when `json` (the API), or
 * none for any other type (the API reads those as an empty body, as it always did).
 */
export async function readRequestBody(request: Request, { json }: { json: boolean }): Promise<RequestBody> {
  const contentType = request.headers.get('Content-Type');
  const type = mediaType(contentType);
  if (type === 'multipart/form-data') return { kind: 'form', form: multipartFields(new Uint8Array(await read(() => request.arrayBuffer())), contentType!) };
  if (type === 'application/x-www-form-urlencoded') return { kind: 'form', form: urlencodedFields(await read(() => request.text())) };
  if (json && type === 'application/json') return { kind: 'json', value: jsonValue(await read(() => request.text())) };
  return { kind: 'none' };
}

/**
 * A page action's form. A page takes urlencoded or multipart bodies; an empty body of any type (or
 * none) is an empty form, and a body of another type is refused (BodyRefused), like one that does
 * not parse or carries more than MAX_FIELDS fields.
 */
export async function readForm(request: Request): Promise<FormFields> {
  const body = await readRequestBody(request, { json: false });
  if (body.kind === 'form') return body.form;
  if ((await read(() => request.text())).length > 0) throw new BodyRefused(BODY_MESSAGES.unsupported);
  return new FormFields();
}

/**
 * Whether a page action's request declares a body of a type no page reads (JSON, text...): refused
 * before the action runs (route-errors.server.ts), so even an action that reads no form answers 400.
 */
export function unsupportedPageBody(request: Request): boolean {
  const type = mediaType(request.headers.get('Content-Type'));
  if (!type || FORM_TYPES.has(type)) return false;
  const length = request.headers.get('Content-Length');
  return request.headers.has('Transfer-Encoding') || (length !== null && length.trim() !== '0');
}
