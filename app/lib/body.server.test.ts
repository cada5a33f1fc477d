// The one body reader of page actions and the API: linear, bounded, and a 400 (BodyRefused) for
// anything it will not read. Times are not asserted (the machine is shared); the counts are: a body
// of repeated names is read with as many Map operations as it has fields.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { BODY_MESSAGES, BodyRefused, FormFields, MAX_FIELDS, MAX_JSON_DEPTH, jsonValue, multipartFields, readForm, readRequestBody, unsupportedPageBody, urlencodedFields } from './body.server';
import { handleForm, parseWithSchema, schemaFields, typedReply, unknownAction } from './form.server';
import { resultFor, typedValue } from './form-result';
import { readBody } from './api.server';
import { Invalid, NotFound, RateLimited } from './errors.server';
import { intentSchema, postedId, postedList } from '~/schemas/fields';

const URLENCODED = 'application/x-www-form-urlencoded';
const post = (body: BodyInit | null, type?: string, headers: Record<string, string> = {}) =>
  new Request('http://ctf.test/x', { method: 'POST', body, headers: { ...(type ? { 'Content-Type': type } : {}), ...headers } });

/** The error a promise or call rejects with. */
const refusal = async (run: () => unknown) => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('did not throw');
};

const multipartBody = (parts: { name: string; value: string; filename?: string }[], boundary = 'XyZ') => ({
  type: `multipart/form-data; boundary=${boundary}`,
  body: `${parts.map((p) => `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}\r\n\r\n${p.value}\r\n`).join('')}--${boundary}--\r\n`,
});

describe('FormFields', () => {
  it("reads like FormData: first value, all values, each name's values together", () => {
    const form = new FormFields([['a', '1'], ['b', '2'], ['a', '3']]);
    expect(form.get('a')).toBe('1');
    expect(form.getAll('a')).toEqual(['1', '3']);
    expect(form.get('none')).toBeNull();
    expect(form.getAll('none')).toEqual([]);
    expect([...form.names()]).toEqual(['a', 'b']);
    expect([...form.entries()]).toEqual([['a', '1'], ['a', '3'], ['b', '2']]);
    form.set('a', 'x');
    expect(form.getAll('a')).toEqual(['x']);
    form.delete('b');
    expect(form.has('b')).toBe(false);
    expect(form.text('a')).toBe('x');
    expect(form.text('none')).toBe('');
  });

  it('gives the API its values: a name once, a list when repeated, and never a prototype', () => {
    const values = new FormFields([['a', '1'], ['a', '2'], ['b', '3'], ['__proto__', 'x']]).toValues();
    expect(values).toEqual({ a: ['1', '2'], b: '3', ['__proto__']: 'x' });
    expect(Object.getPrototypeOf(values)).toBe(Object.prototype);
    expect(Object.hasOwn(values, '__proto__')).toBe(true);
  });

  it('keeps a repeated name once, its values in one list (FormData scanned every entry per get)', () => {
    const form = new FormFields(Array.from({ length: 100_000 }, (_, i) => ['a', String(i)] as [string, string]));
    expect([...form.names()]).toEqual(['a']);
    expect(form.getAll('a')).toHaveLength(100_000);
    expect((form.toValues().a as string[]).at(-1)).toBe('99999');
  });
});

describe('urlencoded bodies', () => {
  it('are parsed as URLSearchParams parses them', () => {
    const form = urlencodedFields('a=1&b=%C3%A9+x&a=2&&=&%ZZ=%');
    expect(form.getAll('a')).toEqual(['1', '2']);
    expect(form.get('b')).toBe('é x');
    expect(form.get('%ZZ')).toBe('%');
    expect(form.get('')).toBe('');
  });

  it(`are refused past ${MAX_FIELDS} fields, counted before anything is parsed; empty stretches are no fields`, () => {
    expect(urlencodedFields('a=&'.repeat(MAX_FIELDS)).getAll('a')).toHaveLength(MAX_FIELDS);
    expect(urlencodedFields(`${'&'.repeat(5000)}a=1`).get('a')).toBe('1');
    const error = (() => {
      try {
        urlencodedFields('a=&'.repeat(MAX_FIELDS + 1));
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(BodyRefused);
    expect((error as BodyRefused).status).toBe(400);
    expect((error as BodyRefused).fields).toEqual({ non_field_errors: [BODY_MESSAGES.tooManyFields] });
  });
});

describe('multipart bodies', () => {
  const bytes = (text: string) => new TextEncoder().encode(text);

  it('keep text fields as text and files as their bytes', async () => {
    const { type, body } = multipartBody([{ name: 'a', value: 'one' }, { name: 'f', value: 'data', filename: 'f.txt' }, { name: 'a', value: 'two' }]);
    const form = multipartFields(bytes(body), type);
    expect(form.getAll('a')).toEqual(['one', 'two']);
    const file = form.get('f') as { name: string; size: number; arrayBuffer(): Promise<ArrayBuffer> };
    expect(file.name).toBe('f.txt');
    expect(file.size).toBe(4);
    expect(new TextDecoder().decode(await file.arrayBuffer())).toBe('data');
  });

  it(`are refused past ${MAX_FIELDS} parts: the parser stops there`, () => {
    const parts = (n: number) => Array.from({ length: n }, () => ({ name: 'a', value: '' }));
    expect(multipartFields(bytes(multipartBody(parts(MAX_FIELDS)).body), multipartBody([]).type).getAll('a')).toHaveLength(MAX_FIELDS);
    const { type, body } = multipartBody(parts(50_000));
    expect(() => multipartFields(bytes(body), type)).toThrow(BODY_MESSAGES.tooManyFields);
  });

  it('are refused as malformed: no boundary, a boundary past 70 characters, a cut body, bad UTF-8', () => {
    const { body } = multipartBody([{ name: 'a', value: 'x' }]);
    expect(() => multipartFields(bytes(body), 'multipart/form-data')).toThrow(BODY_MESSAGES.malformed);
    const long = 'b'.repeat(71);
    expect(() => multipartFields(bytes(multipartBody([{ name: 'a', value: 'x' }], long).body), `multipart/form-data; boundary=${long}`)).toThrow(BODY_MESSAGES.malformed);
    expect(() => multipartFields(bytes('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end'), 'multipart/form-data; boundary=XyZ')).toThrow(BODY_MESSAGES.malformed);
    const badUtf8 = new Uint8Array([...bytes('--XyZ\r\nContent-Disposition: form-data; name="a"\r\n\r\n'), 0xff, 0xfe, ...bytes('\r\n--XyZ--\r\n')]);
    expect(() => multipartFields(badUtf8, 'multipart/form-data; boundary=XyZ')).toThrow(BodyRefused);
  });
});

describe('JSON bodies', () => {
  it('are parsed when their values are few and shallow', () => {
    expect(jsonValue('{"ids":[1,2,3],"s":"a,b,[{\\",\\\\"}')).toEqual({ ids: [1, 2, 3], s: 'a,b,[{",\\' });
    expect(jsonValue(`{"ids":[${'1,'.repeat(MAX_FIELDS - 2)}1]}`)).toMatchObject({ ids: expect.any(Array) });
  });

  it(`are refused past ${MAX_FIELDS} values or ${MAX_JSON_DEPTH} levels, before JSON.parse; commas inside strings do not count`, () => {
    expect(() => jsonValue(`{"ids":[${'1,'.repeat(MAX_FIELDS)}1]}`)).toThrow(BODY_MESSAGES.tooManyFields);
    expect(() => jsonValue(`${'['.repeat(MAX_JSON_DEPTH + 1)}${']'.repeat(MAX_JSON_DEPTH + 1)}`)).toThrow(BODY_MESSAGES.jsonDepth);
    expect(() => jsonValue('['.repeat(500_000))).toThrow(BODY_MESSAGES.jsonDepth);
    expect(jsonValue(JSON.stringify({ text: ','.repeat(100_000) }))).toEqual({ text: ','.repeat(100_000) });
    expect(() => jsonValue('{"a": ')).toThrow(BODY_MESSAGES.jsonParse);
  });
});

describe('readForm (page actions)', () => {
  it('reads urlencoded and multipart forms; no body, or an empty one of any type, is an empty form', async () => {
    expect((await readForm(post('a=1&a=2', URLENCODED))).getAll('a')).toEqual(['1', '2']);
    const { type, body } = multipartBody([{ name: 'a', value: 'x' }]);
    expect((await readForm(post(body, type))).get('a')).toBe('x');
    expect([...(await readForm(post(null))).names()]).toEqual([]);
    expect([...(await readForm(post('', 'application/json'))).names()]).toEqual([]);
  });

  it('refuses, as a 400 with its message, a body of another type, a malformed one, and too many fields', async () => {
    for (const [body, type, message] of [
      ['{"a":1}', 'application/json', BODY_MESSAGES.unsupported],
      ['a=1', 'text/plain', BODY_MESSAGES.unsupported],
      ['a=1', undefined, BODY_MESSAGES.unsupported],
      ['x', 'multipart/form-data', BODY_MESSAGES.malformed],
      ['--zzz\r\nContent-Disposition: form-data; name="a"\r\n\r\nno end', 'multipart/form-data; boundary=zzz', BODY_MESSAGES.malformed],
      ['a=&'.repeat(20_000), URLENCODED, BODY_MESSAGES.tooManyFields],
    ] as const) {
      const error = await refusal(() => readForm(post(body, type)));
      expect(error, `${type} ${body.slice(0, 20)}`).toBeInstanceOf(BodyRefused);
      expect((error as BodyRefused).fields).toEqual({ non_field_errors: [message] });
    }
  });

  it('tells which page bodies are refused before the action runs: a declared body of a type no page reads', () => {
    expect(unsupportedPageBody(post('{}', 'application/json', { 'Content-Length': '2' }))).toBe(true);
    expect(unsupportedPageBody(post('x', 'text/plain', { 'Transfer-Encoding': 'chunked' }))).toBe(true);
    expect(unsupportedPageBody(post('', 'text/plain', { 'Content-Length': '0' }))).toBe(false);
    expect(unsupportedPageBody(post('a=1', `${URLENCODED}; charset=UTF-8`, { 'Content-Length': '3' }))).toBe(false);
    expect(unsupportedPageBody(post('x', 'Multipart/Form-Data; boundary=x', { 'Content-Length': '1' }))).toBe(false);
    expect(unsupportedPageBody(post(null))).toBe(false);
  });
});

describe('readBody (the API)', () => {
  it('reads JSON objects, forms (a list for a repeated name) and treats other types as no body', async () => {
    expect((await readBody(post('{"a":[1]}', 'application/json; charset=utf-8'))).values).toEqual({ a: [1] });
    expect((await readBody(post('a=1&a=2&b=3', URLENCODED))).values).toEqual({ a: ['1', '2'], b: '3' });
    expect((await readBody(post('whatever', 'text/plain'))).values).toEqual({});
    expect(await refusal(() => readBody(post('[1]', 'application/json')))).toMatchObject({ fields: { non_field_errors: [BODY_MESSAGES.jsonObject] } });
    expect(await refusal(() => readBody(post('a=&'.repeat(350_000), URLENCODED)))).toMatchObject({ status: 400, fields: { non_field_errors: [BODY_MESSAGES.tooManyFields] } });
    expect(await refusal(() => readRequestBody(post(`[${'1,'.repeat(500_000)}1]`, 'application/json'), { json: true }))).toMatchObject({ fields: { non_field_errors: [BODY_MESSAGES.tooManyFields] } });
  });
});

describe('conform over FormFields (parseWithSchema)', () => {
  const schema = z.object({ name: z.string().min(1), ids: z.array(z.coerce.number()).max(5) }).refine((v) => v.name !== 'bad', { message: 'Bad.', path: ['name'] });

  it('knows the fields of object schemas, through refinements and pipes', () => {
    expect([...schemaFields(schema)!]).toEqual(['name', 'ids']);
    expect([...schemaFields(z.object({ a: z.string() }).transform((v) => v.a))!]).toEqual(['a']);
    expect(schemaFields(z.string())).toBeNull();
  });

  it('parses as conform does, a repeated name as a list, a single value as a one-item list', () => {
    const one = parseWithSchema(new FormFields([['name', 'x'], ['ids', '7']]), schema);
    expect(one.status).toBe('success');
    expect(one.status === 'success' && one.value).toEqual({ name: 'x', ids: [7] });
    const many = parseWithSchema(new FormFields([['name', 'x'], ['ids', '1'], ['ids', '2']]), schema);
    expect(many.status === 'success' && many.value).toEqual({ name: 'x', ids: [1, 2] });
    const bad = parseWithSchema(new FormFields([['name', 'bad']]), schema);
    expect(bad.status).toBe('error');
  });

  it('passes conform only the names the schema reads: no intents, no paths, no repeated junk', () => {
    // A malformed conform intent made parseWithZod throw (a 500); a path name made it build nested values.
    const form = new FormFields([['name', 'x'], ['ids', '1'], ['__intent__', '{not json'], ['__state__', 'x'], ['a[99999999]', '1']]);
    for (let i = 0; i < 100_000; i++) form.append('junk', '');
    const parsed = parseWithSchema(form, schema);
    expect(parsed.status).toBe('success');
    expect(parsed.payload).toEqual({ name: 'x', ids: '1' });
  });

  it('answers a refused body with the form-level message in conform\'s shape', async () => {
    const outcome = await handleForm(post('a=&'.repeat(MAX_FIELDS + 1), URLENCODED), schema, async () => 'ran');
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.response.init?.status).toBe(400);
    expect(outcome.response.data.result.error).toEqual({ '': [BODY_MESSAGES.tooManyFields] });
  });
});

describe('page actions answer in conform\'s own reply', () => {
  const account = z.object({ username: z.string().min(3, 'Too short.'), password: z.string().min(8, 'Too weak.') });
  const form = (fields: [string, string][]) => post(new URLSearchParams(fields).toString(), URLENCODED);

  it('field errors under their fields, what was typed kept but the password', async () => {
    const outcome = await handleForm(form([['username', 'al'], ['password', 'short']]), account, async () => 'ran');
    if (outcome.ok) throw new Error('accepted');
    expect(outcome.response.init?.status).toBe(400);
    expect(outcome.response.data.result).toMatchObject({ status: 'error', initialValue: { username: 'al' }, error: { username: ['Too short.'], password: ['Too weak.'] } });
    expect(outcome.response.data.result.initialValue).not.toHaveProperty('password');
  });

  it('a domain error under its field, or form-level, with its status', async () => {
    const valid = [['username', 'alice'], ['password', 'long enough']] as [string, string][];
    const taken = await handleForm(form(valid), account, async () => {
      throw new Invalid({ username: ['A user with that username already exists.'] });
    });
    if (taken.ok) throw new Error('accepted');
    expect(taken.response.data.result.error).toEqual({ username: ['A user with that username already exists.'] });
    const limited = await handleForm(form(valid), account, async () => {
      throw new RateLimited(60, 'Too many attempts.');
    });
    if (limited.ok) throw new Error('accepted');
    expect(limited.response.init?.status).toBe(429);
    expect(limited.response.data.result.error).toEqual({ '': ['Too many attempts.'] });
    expect(await handleForm(form(valid), account, async () => 'ran')).toEqual({ ok: true, value: 'ran' });
  });
});

describe('pages of several forms (one intent each)', () => {
  const form = (fields: [string, string][]) => new FormFields(fields);
  const edit = intentSchema('edit', z.object({ name: z.string({ error: 'Required.' }), id: postedId() }));

  it('reply with the intent they answer, which the page reads to show it in that form', async () => {
    const refused = await handleForm(form([['intent', 'edit'], ['name', ''], ['id', '3']]), edit, async () => 'ran');
    if (refused.ok) throw new Error('accepted');
    const result = refused.response.data.result;
    expect(result).toMatchObject({ initialValue: { intent: 'edit', id: '3' }, error: { name: ['Required.'] } });
    expect(resultFor(result, 'edit')).toBe(result);
    expect(resultFor(result, 'delete')).toBeNull();
    // A blank field comes back blank, not as the stored value it replaced.
    expect(typedValue(result, 'name', 'stored')).toBe('');
    expect(typedValue(null, 'name', 'stored')).toBe('stored');
    expect(unknownAction().data.result.error).toEqual({ '': ['Unknown action.'] });
    expect(unknownAction().init?.status).toBe(400);
  });

  it('hand the action their fields without the intent; ids and lists as the form posted them', async () => {
    const seen = await handleForm(form([['intent', 'edit'], ['name', 'x'], ['id', '7']]), edit, async (value) => value);
    expect(seen).toEqual({ ok: true, value: { name: 'x', id: 7 } });
    // An id no record has is the domain's to refuse (its 404), never the schema's.
    for (const [posted, id] of [[[], 0], [[['id', '']], 0], [[['id', 'x']], NaN], [[['id', '4'], ['id', '5']], 4]] as [[string, string][], number][]) {
      const parsed = parseWithSchema(form([['intent', 'edit'], ['name', 'x'], ...posted]), edit);
      expect(parsed.status === 'success' && parsed.value.id).toEqual(id);
    }
    const ids = intentSchema('validate', z.object({ ids: postedList() }));
    for (const [posted, list] of [[[], []], [[['ids', '']], ['']], [[['ids', '1'], ['ids', '2']], ['1', '2']]] as [[string, string][], string[]][]) {
      const parsed = parseWithSchema(form([['intent', 'validate'], ...posted]), ids);
      expect(parsed.status === 'success' && parsed.value.ids).toEqual(list);
    }
  });

  it('answer a missing record as the page asks: propagated, or on the form with its 404', async () => {
    const gone = async () => {
      throw new NotFound('No such thing.');
    };
    await expect(handleForm(form([['intent', 'edit'], ['name', 'x']]), edit, gone)).rejects.toBeInstanceOf(NotFound);
    const shown = await handleForm(form([['intent', 'edit'], ['name', 'x']]), edit, gone, { notFoundOnForm: true });
    if (shown.ok) throw new Error('accepted');
    expect(shown.response.init?.status).toBe(404);
    expect(shown.response.data.result).toMatchObject({ initialValue: { intent: 'edit' }, error: { '': ['No such thing.'] } });
  });

  it('show a form again as it was typed, nothing checked', () => {
    const { result } = typedReply(form([['intent', 'back'], ['name', 'n'], ['note', ''], ['other', 'x']]), ['intent', 'name', 'note', 'missing'], { note: ['Why.'] });
    expect(result.initialValue).toEqual({ intent: 'back', name: 'n' });
    expect(result.error).toEqual({ note: ['Why.'] });
  });
});

describe('the routes', () => {
  it('read their bodies through readForm or readBody, never request.formData()', () => {
    const files = (dir: string): string[] => readdirSync(dir).flatMap((name) => (statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)]));
    const readers = files('app').filter((f) => /\.(ts|tsx)$/.test(f) && !f.endsWith('.test.ts') && /\.formData\(\)/.test(readFileSync(f, 'utf8')));
    expect(readers).toEqual([]);
  });
});
