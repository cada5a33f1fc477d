import { parseWithZod } from '@conform-to/zod/v4';
import { useEffect, useState } from 'react';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Field, FormErrors } from '~/components/field';
import { MarkdownEditor } from '~/components/markdown-editor';
import { authoringChoices, checkChallenge, createChallenge } from '~/domain/challenge-authoring.server';
import { MAX_CHALLENGE_FILE_BYTES } from '~/domain/challenge-files.server';
import { resolveScope, scopePath } from '~/domain/scope.server';
import { requireStaffPage } from '~/lib/auth.server';
import { DomainError, fromConformErrors, Invalid, NotFound, type FieldErrors } from '~/lib/errors.server';
import { redirectWithFlash } from '~/lib/session.server';
import { AUTHORING_MESSAGES, challengeFields, challengeSchema, challengeWithFlagSchema, LEVELS, type ChallengeInput } from '~/schemas/challenge';
import type { Route } from './+types/challenge-create';

export const meta: Route.MetaFunction = () => [{ title: 'Add a challenge · CTF Arena' }];

async function scopeOf(params: { eventId?: string }) {
  try {
    return await resolveScope(params);
  } catch (error) {
    if (error instanceof NotFound) throw data(null, { status: 404 });
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await scopeOf(params);
  // Plain data, so the page's browser bundle needs nothing from the zod schemas.
  return { choices: await authoringChoices(user, scope), base: scopePath(scope), maxFileMb: MAX_CHALLENGE_FILE_BYTES / 1024 / 1024, levels: LEVELS, mainFields: [...MAIN_FIELDS] };
}

type Step = 'details' | 'flag';
type Result = { step: Step; values: Record<string, string>; errors: FieldErrors };

const MAIN_FIELDS = new Set(Object.keys(challengeFields));

function valuesOf(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === 'string' && k !== 'intent') values[k] = v;
  return values;
}

/**
 * Two submissions, also without JavaScript: the main form is checked first, then the flag and files
 * step posts everything again (the main fields ride in hidden inputs) and the challenge is created
 * with its flag and files in one transaction. Nothing is stored before the flag is known.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await scopeOf(params);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const values = valuesOf(form);
  const reply = (step: Step, errors: FieldErrors = {}) => data<Result>({ step, values, errors }, { status: Object.keys(errors).length ? 400 : 200 });
  const stepOf = (errors: FieldErrors): Step => (Object.keys(errors).some((k) => MAIN_FIELDS.has(k)) ? 'details' : 'flag');

  try {
    if (intent === 'back') return reply('details');
    if (intent === 'details') {
      const parsed = parseWithZod(form, { schema: challengeSchema });
      if (parsed.status !== 'success') return reply('details', fromConformErrors(parsed.error));
      await checkChallenge(user, scope, parsed.value);
      return reply('flag');
    }
    if (intent === 'create') {
      const parsed = parseWithZod(form, { schema: challengeWithFlagSchema });
      if (parsed.status !== 'success') {
        const errors = fromConformErrors(parsed.error);
        return reply(stepOf(errors), errors);
      }
      const { value, collation, ...main } = parsed.value;
      const challenge = await createChallenge(user, scope, main as ChallengeInput, { value, collation }, form.getAll('files'));
      return redirectWithFlash(request, `${scopePath(scope)}/challenges/${challenge.id}`, { type: 'success', text: AUTHORING_MESSAGES.added });
    }
  } catch (error) {
    if (error instanceof Invalid) return reply(stepOf(error.fields), error.fields);
    if (error instanceof DomainError && error.status !== 401) return reply('details', { non_field_errors: [error.message] });
    throw error;
  }
  return reply('details', { non_field_errors: ['Unknown action.'] });
}

export default function ChallengeCreate() {
  const { choices, base, maxFileMb, levels, mainFields } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as Result | undefined;
  const step = result?.step ?? 'details';
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  const [type, setType] = useState(values.type ?? 'standard');
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  // Without JavaScript both decay fields stay visible; a standard challenge stores neither.
  const dynamicOnly = hydrated && type !== 'dynamic' ? 'hidden' : '';
  const busy = useNavigation().state === 'submitting';
  const err = (name: string) => (step === 'details' ? errors[name] : null);

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-6 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Add a challenge</h1>
        <Link to={`${base}/challenges`} className="link text-sm">Back to challenges</Link>
      </div>

      <Form method="post" className="card" aria-label="Challenge details">
        <FormErrors errors={err('non_field_errors')} />
        <Field label="Name" name="name" errors={err('name')}>
          <input id="name" name="name" type="text" required maxLength={100} defaultValue={values.name} className="input" />
        </Field>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <Field label="Category" name="category" errors={err('category')}>
            <select id="category" name="category" required defaultValue={values.category ?? ''} className="input">
              <option value="" disabled>Choose a category</option>
              {choices.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </Field>
          <Field label="Type" name="type" errors={err('type')}>
            <select id="type" name="type" value={type} onChange={(e) => setType(e.target.value)} className="input">
              <option value="standard">Standard</option>
              <option value="dynamic">Dynamic</option>
            </select>
          </Field>
          <Field label="Level" name="level" errors={err('level')}>
            <select id="level" name="level" defaultValue={values.level ?? 'easy'} className="input">
              {levels.map((l) => <option key={l} value={l}>{l[0].toUpperCase() + l.slice(1)}</option>)}
            </select>
          </Field>
        </div>
        <MarkdownEditor id="description" name="description" label="Description" defaultValue={values.description ?? ''} errors={err('description')} />
        <div className="grid gap-x-4 sm:grid-cols-3">
          <Field label="Initial value" name="initial_value" errors={err('initial_value')}>
            <input id="initial_value" name="initial_value" type="number" min={0} required defaultValue={values.initial_value} className="input" />
          </Field>
          <div className={dynamicOnly}>
            <Field label="Minimal value (dynamic only)" name="minimal_value" errors={err('minimal_value')}>
              <input id="minimal_value" name="minimal_value" type="number" min={0} defaultValue={values.minimal_value} className="input" />
            </Field>
          </div>
          <div className={dynamicOnly}>
            <Field label="Decay value (dynamic only)" name="decay_value" errors={err('decay_value')}>
              <input id="decay_value" name="decay_value" type="number" min={0} defaultValue={values.decay_value} className="input" />
            </Field>
          </div>
        </div>
        <div className="grid gap-x-4 sm:grid-cols-3">
          <Field label="Status" name="is_active" errors={err('is_active')}>
            <select id="is_active" name="is_active" defaultValue={values.is_active ?? 'show'} className="input">
              <option value="show">Show</option>
              <option value="hide">Hide</option>
            </select>
          </Field>
          {choices.needsTrainingWeek ? (
            <Field label="Training week" name="training_week" errors={err('training_week')}>
              <input id="training_week" name="training_week" type="number" min={1} max={20} required defaultValue={values.training_week} className="input" />
            </Field>
          ) : null}
          <Field label="Next challenge" name="next" errors={err('next')}>
            <select id="next" name="next" defaultValue={values.next ?? ''} className="input">
              <option value="">None</option>
              {choices.challenges.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </Field>
        </div>
        <button type="submit" name="intent" value="details" className="btn-primary" disabled={busy}>Next</button>
      </Form>

      {step === 'flag' ? <FlagStep values={values} errors={errors} maxFileMb={maxFileMb} mainFields={mainFields} busy={busy} /> : null}
    </div>
  );
}

/** The flag and files step, a dialog over the main form; the main fields travel as hidden inputs. */
function FlagStep({ values, errors, maxFileMb, mainFields, busy }: { values: Record<string, string>; errors: FieldErrors; maxFileMb: number; mainFields: string[]; busy: boolean }) {
  const hidden = Object.entries(values).filter(([k]) => mainFields.includes(k));
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <dialog open aria-labelledby="flag-step-title" className="relative w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
        <h2 id="flag-step-title" className="mb-4 text-lg font-semibold">Flag and files</h2>
        <Form method="post" encType="multipart/form-data">
          {hidden.map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
          <FormErrors errors={errors.non_field_errors ?? errors.flag} />
          <Field label="Flag" name="flag-value" errors={errors.value}>
            <input id="flag-value" name="value" type="text" required maxLength={1000} defaultValue={values.value} placeholder="CTF{...}" autoComplete="off" className="input font-mono" />
          </Field>
          <Field label="Collation" name="collation" errors={errors.collation}>
            <select id="collation" name="collation" required defaultValue={values.collation ?? ''} className="input">
              <option value="" disabled>Choose a collation</option>
              <option value="plain_text">Plain text</option>
              <option value="regex">Regex</option>
            </select>
          </Field>
          <Field label={`Files (optional, at most ${maxFileMb} MB each)`} name="files" errors={errors.files}>
            <input id="files" name="files" type="file" multiple className="input" />
          </Field>
          <div className="flex justify-end gap-2">
            <button type="submit" name="intent" value="back" formNoValidate className="btn-secondary">Back</button>
            <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>Create</button>
          </div>
        </Form>
      </dialog>
    </div>
  );
}
