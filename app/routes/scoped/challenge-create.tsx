import { useRef } from 'react';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Modal } from '~/components/dialog';
import { Field, FormErrors } from '~/components/field';
import { ChallengeFields } from '~/components/challenge-fields';
import { authoringChoices, checkChallenge, createChallenge } from '~/domain/challenge-authoring.server';
import { MAX_CHALLENGE_FILE_BYTES } from '~/domain/challenge-files.server';
import { resolveScope, scopePath } from '~/domain/scope.server';
import { requireStaffPage } from '~/lib/auth.server';
import { DomainError, fromConformErrors, Invalid, NotFound, type FieldErrors } from '~/lib/errors.server';
import type { FormFields } from '~/lib/body.server';
import { parseWithSchema, readPageForm } from '~/lib/form.server';
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

function valuesOf(form: FormFields): Record<string, string> {
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
  const read = await readPageForm(request);
  if (!read.ok) return data<Result>({ step: 'details', values: {}, errors: read.errors }, { status: 400 });
  const form = read.form;
  const intent = form.text('intent');
  const values = valuesOf(form);
  const reply = (step: Step, errors: FieldErrors = {}) => data<Result>({ step, values, errors }, { status: Object.keys(errors).length ? 400 : 200 });
  const stepOf = (errors: FieldErrors): Step => (Object.keys(errors).some((k) => MAIN_FIELDS.has(k)) ? 'details' : 'flag');

  try {
    if (intent === 'back') return reply('details');
    if (intent === 'details') {
      const parsed = parseWithSchema(form, challengeSchema);
      if (parsed.status !== 'success') return reply('details', fromConformErrors(parsed.error));
      await checkChallenge(user, scope, parsed.value);
      return reply('flag');
    }
    if (intent === 'create') {
      const parsed = parseWithSchema(form, challengeWithFlagSchema);
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
        <ChallengeFields values={values} errors={err} choices={choices} levels={levels} withNext categoryPrompt />
        <button type="submit" name="intent" value="details" className="btn-primary" disabled={busy}>Next</button>
      </Form>

      {step === 'flag' ? <FlagStep values={values} errors={errors} maxFileMb={maxFileMb} mainFields={mainFields} busy={busy} /> : null}
    </div>
  );
}

/**
 * The flag and files step, a modal over the main form; the main fields travel as hidden inputs.
 * Dismissing it (Escape) is its Back button: the details come back as typed.
 */
function FlagStep({ values, errors, maxFileMb, mainFields, busy }: { values: Record<string, string>; errors: FieldErrors; maxFileMb: number; mainFields: string[]; busy: boolean }) {
  const hidden = Object.entries(values).filter(([k]) => mainFields.includes(k));
  const back = useRef<HTMLButtonElement>(null);
  return (
    <Modal title="Flag and files" onDismiss={() => back.current?.form?.requestSubmit(back.current)}>
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
          <button ref={back} type="submit" name="intent" value="back" formNoValidate className="btn-secondary">Back</button>
          <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>Create</button>
        </div>
      </Form>
    </Modal>
  );
}
