// conform's useForm over one of the shared schemas (app/schemas), the Epic Stack way: the schema
// the action parses with (handleForm, app/lib/form.server.ts) also checks the form in the browser
// before it posts, so its messages show under the fields without a round trip. Without JavaScript
// nothing of this runs: the form posts as plain HTML and the server answers with the same messages.
// The constraint (getZodConstraint) gives each field's `required`; with zod 4.6 it reads no length
// from string checks, so a `maxLength` the markup has stays written from the schema's constant.
import { useMemo } from 'react';
import { useForm, type DefaultValue, type Submission, type SubmissionResult } from '@conform-to/react';
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';

/** An object schema (refinements and pipes included): a form is a set of named fields. */
type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface SchemaFormOptions<Schema extends ObjectSchema> {
  /** The form's values before anything was typed (conform's defaultValue). */
  defaultValue?: DefaultValue<z.input<Schema>>;
  /**
   * Whether, before hydration, the browser's own checks (`required`...) run before posting, as
   * the form did before it had JavaScript checks. Once hydrated the schema's messages replace them.
   * False for forms that are `noValidate` without JavaScript (their errors all come from the server).
   */
  nativeValidation?: boolean;
  /**
   * Values the action adds to the form from elsewhere (the URL's uid and token, say): the schema
   * reads them, the browser's form does not hold them, so they are added before the check.
   */
  serverFields?: Record<string, string | undefined>;
  /**
   * Posts the form even when the browser's check refuses it, so that the answer says every field's
   * error at once: for a form whose errors only the server knows in part (sign-up: whether a
   * username or an e-mail is taken), where a refusal in the browser would say them in stages. Its
   * fields are checked in the browser from the answer on, as they are corrected, not when they are
   * left: an error shown as the last field is left moved the submit button from under the click
   * that left it, and that click was lost.
   */
  postWhenInvalid?: boolean;
}

/**
 * The form and its fields; spread `getFormProps(form)` on the <Form> to check it on submit. `schema`
 * is the action's schema, or, when the action builds it from a value the form holds but a schema
 * does not read (a chosen file), the same builder given the form's data.
 */
export function useSchemaForm<Schema extends ObjectSchema>(
  schema: Schema | ((formData: FormData) => Schema),
  lastResult: SubmissionResult<string[]> | null | undefined,
  { defaultValue, nativeValidation = false, serverFields, postWhenInvalid = false }: SchemaFormOptions<Schema> = {},
) {
  const constraint = useMemo(() => getZodConstraint(fieldsOf(typeof schema === 'function' ? schema(new FormData()) : schema)), [schema]);
  return useForm<z.input<Schema>, z.output<Schema>>({
    lastResult,
    defaultValue,
    defaultNoValidate: !nativeValidation,
    constraint,
    onValidate({ formData, submitter }) {
      // A button marked formNoValidate (a step's Back) posts unchecked, as the browser posts it; conform
      // runs its own checks (a field left, typed in) through such a button too, naming an intent.
      const unchecked = () => parseWithZod(formData, { schema: UNCHECKED }) as Submission<z.input<Schema>, string[], z.output<Schema>>;
      const submitted = !formData.has(CONFORM_INTENT);
      if (submitter?.formNoValidate && submitted) return unchecked();
      const data = serverFields ? withFields(formData, serverFields) : formData;
      const checked = parseWithZod(data, { schema: typeof schema === 'function' ? schema(formData) : schema });
      return postWhenInvalid && submitted && checked.status !== 'success' ? unchecked() : checked;
    },
    shouldValidate: postWhenInvalid ? 'onSubmit' : 'onBlur',
    shouldRevalidate: 'onInput',
  });
}

/** The field naming what conform's own submissions ask for (a field's check). */
const CONFORM_INTENT = '__intent__';

/** Whatever the form holds: the check of a submission posted unchecked. */
const UNCHECKED = z.looseObject({});

type Def = { type: string; in?: z.ZodType; out?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The schema whose fields give the constraint: a schema whose output is transformed (the intent
 * schemas of app/schemas/fields.ts drop their `intent`) reads its fields before the transform, and
 * conform's getZodConstraint refuses a transform at the root.
 */
function fieldsOf(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (let def = defOf(current); def.type === 'pipe' && def.in && def.out && defOf(def.out).type === 'transform'; def = defOf(current)) current = def.in;
  return current;
}

/** A copy of `formData` with `fields` set (the form's own FormData posts unchanged). */
function withFields(formData: FormData, fields: Record<string, string | undefined>): FormData {
  const copy = new FormData();
  for (const [name, value] of formData) copy.append(name, value);
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) copy.set(name, value);
  return copy;
}
