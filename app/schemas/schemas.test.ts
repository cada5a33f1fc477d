// The shared schemas: importable by the browser, and their messages say what is wrong with a value
// of the wrong type instead of calling it missing.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseWithZod } from '@conform-to/zod/v4';
import { build } from 'esbuild';
import countries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '~/lib/countries';
import { learnerIdsSchema, loginSchema, signUpSchema } from './account';
import { categorySchema } from './category';
import { challengeSchema, hintSchema } from './challenge';
import { submitFlagSchema, verifyFlagSchema, WRITEUP_REQUIRED, writeupRules } from './flag-attempt';
import { intentSchema, NOT_BOOLEAN, NOT_INTEGER, NOT_LIST, NOT_STRING, REQUIRED, withFile } from './fields';
import { IMPORT_FILE_RULES } from './learner-import';

const here = fileURLToPath(new URL('.', import.meta.url));
const app = fileURLToPath(new URL('..', import.meta.url));

function messages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) (out[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return out;
}

const learner = { username: 'ada_l', fullname: 'Ada Lovelace', email: 'ada@example.com', gender: 'F', country: 'BJ', password: 'a-good-password', re_password: 'a-good-password' };

describe('schemas in the browser', () => {
  it('bundle for the browser without any server-only module', async () => {
    const entries = readdirSync(here).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(entries.length).toBeGreaterThan(3);
    const result = await build({
      entryPoints: entries.map((f) => `${here}${f}`),
      bundle: true,
      write: false,
      platform: 'browser',
      format: 'esm',
      outdir: '/tmp/schemas-bundle',
      metafile: true,
      logLevel: 'silent',
      alias: { '~': app.replace(/\/$/, '') },
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.filter((path) => /\.server\.|^node:/.test(path))).toEqual([]);
    // The country check ships as a short code list, not the names package.
    expect(inputs.filter((path) => path.includes('i18n-iso-countries'))).toEqual([]);
  });

  it('know the same country codes as the server', () => {
    countries.registerLocale(en);
    expect([...COUNTRY_CODES].sort()).toEqual(Object.keys(countries.getNames('en')).sort());
  });
});

describe('messages for values of the wrong type', () => {
  it('say a string is expected when a JSON number, array, object or boolean comes instead', () => {
    for (const wrong of [123, ['ada'], { a: 1 }, true, 1e308]) {
      expect(messages(signUpSchema.safeParse({ ...learner, username: wrong })), JSON.stringify(wrong)).toEqual({ username: [NOT_STRING] });
    }
    expect(messages(loginSchema.safeParse({ email: 42, password: ['x'] }))).toEqual({ email: [NOT_STRING], password: [NOT_STRING] });
    expect(messages(categorySchema.safeParse({ name: { en: 'Web' } }))).toEqual({ name: [NOT_STRING] });
    expect(messages(verifyFlagSchema.safeParse({ flag: 7 }))).toEqual({ flag: [NOT_STRING] });
  });

  it('keep "This field is required." for missing, null and blank values', () => {
    expect(messages(loginSchema.safeParse({}))).toEqual({ email: [REQUIRED], password: [REQUIRED] });
    expect(messages(loginSchema.safeParse({ email: null, password: '' }))).toEqual({ email: [REQUIRED], password: [REQUIRED] });
    expect(messages(categorySchema.safeParse({ name: '   ' }))).toEqual({ name: [REQUIRED] });
  });

  it('say an integer is expected, once, for words, floats, exponents and numbers past the safe range', () => {
    for (const wrong of ['abc', 'ten', 1.5, '1e3', [], {}, true, 1e308, '99999999999999999999']) {
      expect(messages(hintSchema.safeParse({ description: 'A hint', score: wrong })), JSON.stringify(wrong)).toEqual({ score: [NOT_INTEGER] });
    }
    expect(messages(hintSchema.safeParse({ description: 'A hint', score: '12' })).score).toBeUndefined();
  });

  it('say a list is expected for ids and a boolean for flags', () => {
    expect(messages(learnerIdsSchema.safeParse({ ids: 'all' }))).toEqual({ ids: [NOT_LIST] });
    expect(messages(learnerIdsSchema.safeParse({ ids: [1, 'x'] }))).toEqual({ ids: [NOT_INTEGER] });
    expect(learnerIdsSchema.parse({ ids: [1, '2'] }).ids).toEqual([1, 2]);
    expect(messages(challengeSchema.partial().safeParse({ is_active: 'maybe' }))).toEqual({ is_active: [NOT_BOOLEAN] });
  });
});

describe('forms parsed by conform', () => {
  it('still validate plain string fields, with blanks as required', () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...learner, username: '' })) form.set(k, v);
    const submission = parseWithZod(form, { schema: signUpSchema });
    expect(submission.reply().error).toMatchObject({ username: [REQUIRED] });

    form.set('username', 'ada_l');
    const ok = parseWithZod(form, { schema: signUpSchema });
    expect(ok.status).toBe('success');
    expect(ok.status === 'success' && ok.value.country).toBe('BJ');
  });

  it('turn a file sent for a text field into a type error, not a crash', () => {
    const form = new FormData();
    form.set('name', new File(['x'], 'x.txt'));
    const submission = parseWithZod(form, { schema: categorySchema });
    expect(submission.reply().error).toMatchObject({ name: [NOT_STRING] });
  });
});

describe('a file beside the text fields (withFile)', () => {
  const fileOf = (bytes: number) => new File([new Uint8Array(bytes)], 'f.bin');
  const submit = (writeup: unknown, required: boolean) => withFile(intentSchema('submit', submitFlagSchema), 'writeup', writeup, writeupRules(required));
  const sent = { intent: 'submit', value: 'CTF{x}' };

  it('says a missing required file, a file over the limit, and nothing for an optional one left out', () => {
    expect(messages(submit(null, true).safeParse(sent))).toEqual({ writeup: [WRITEUP_REQUIRED] });
    expect(messages(submit(fileOf(0), true).safeParse(sent))).toEqual({ writeup: [WRITEUP_REQUIRED] });
    expect(submit(null, false).safeParse(sent).success).toBe(true);
    expect(submit(fileOf(10), true).parse(sent)).toEqual({ value: 'CTF{x}' });
    expect(messages(submit(fileOf(10 * 1024 * 1024 + 1), false).safeParse(sent))).toEqual({ writeup: ['The file is too large (at most 10 MB).'] });
    const upload = (file: unknown) => withFile(intentSchema('import'), 'file', file, IMPORT_FILE_RULES);
    expect(messages(upload(undefined).safeParse({ intent: 'import' }))).toEqual({ file: ['No file was submitted.'] });
    expect(messages(upload(fileOf(5 * 1024 * 1024 + 1)).safeParse({ intent: 'import' }))).toEqual({ file: ['The file is too large (at most 5 MB).'] });
  });

  it('is said once the text fields pass, and keeps the schema\'s fields for the server and conform', () => {
    expect(Object.keys(messages(submit(null, true).safeParse({ intent: 'submit', value: '' })))).toEqual(['value']);
    const form = new FormData();
    form.set('intent', 'submit');
    form.set('value', 'CTF{x}');
    expect(parseWithZod(form, { schema: submit(form.get('writeup'), true) }).reply().error).toEqual({ writeup: [WRITEUP_REQUIRED] });
  });
});
