import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useRef } from 'react';
import { Form, useActionData, useLoaderData, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { Modal } from '~/components/dialog';
import { Field, FormErrors } from '~/components/field';
import { ChallengeFields } from '~/components/challenge-fields';
import { useSchemaForm } from '~/components/use-schema-form';
import { authoringChoices, checkChallenge, createChallenge } from '~/domain/challenge-authoring.server';
import { MAX_CHALLENGE_FILE_BYTES } from '~/domain/challenge-files.server';
import { resolveScope, scopePath } from '~/domain/scope.server';
import { requireStaffPage } from '~/lib/auth.server';
import { DomainError } from '~/lib/errors.server';
import { errorReply, handleForm, submittedForm, typedReply, unknownAction } from '~/lib/form.server';
import { intentSchema } from '~/schemas/fields';
import { typedValues } from '~/lib/form-result';
import { redirectWithFlash } from '~/lib/session.server';
import { AUTHORING_MESSAGES, challengeFields, challengeSchema, challengeWithFlagSchema, LEVELS } from '~/schemas/challenge';
import type { ChallengeChoices } from '~/components/challenge-fields';
import { metaTranslator, useT } from '~/lib/i18n';
import type { Route } from './+types/challenge-create';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Add a challenge')} · CTF Arena` }];
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await resolveScope(params);
  return { choices: await authoringChoices(user, scope), base: scopePath(scope), maxFileMb: MAX_CHALLENGE_FILE_BYTES / 1024 / 1024 };
}

type Step = 'details' | 'flag';

const MAIN_FIELDS = Object.keys(challengeFields);
// The schemas of the two steps: the action parses with them, the forms check with them in the browser.
const DETAILS = intentSchema('details', challengeSchema);
// The files are read from the form: conform's value holds text only.
const CREATE = intentSchema('create', challengeWithFlagSchema);
const TYPED = ['intent', ...Object.keys(challengeWithFlagSchema.shape)];

/**
 * Two submissions, also without JavaScript: the main form is checked first, then the flag and files
 * step posts everything again (the main fields ride in hidden inputs) and the challenge is created
 * with its flag and files in one transaction. Nothing is stored before the flag is known. The reply
 * says which step to show (stepOf).
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const scope = await resolveScope(params);
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const intent = form.text('intent');

  try {
    if (intent === 'back') return typedReply(form, TYPED);
    if (intent === 'details') {
      const outcome = await handleForm(form, DETAILS, (input) => checkChallenge(user, scope, input));
      if (!outcome.ok) return outcome.response;
      return typedReply(form, TYPED);
    }
    if (intent === 'create') {
      const outcome = await handleForm(form, CREATE, ({ value, collation, ...main }) => createChallenge(user, scope, main, { value, collation }, form.getAll('files')));
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, `${scopePath(scope)}/challenges/${outcome.value.id}`, { type: 'success', text: AUTHORING_MESSAGES.added });
    }
  } catch (error) {
    // What handleForm lets through (a 404) is said above the main form, as a 400.
    if (error instanceof DomainError) return errorReply({ non_field_errors: [error.message] });
    throw error;
  }
  return unknownAction();
}

/**
 * The step a reply shows: the flag step once the details passed, and while a creation is refused for
 * the flag or the files alone; the details otherwise (their errors, a refusal of the whole, a step back).
 */
function stepOf(result: SubmissionResult<string[]> | undefined): Step {
  const intent = result?.initialValue?.intent;
  if (intent === 'details') return result?.error ? 'details' : 'flag';
  if (intent === 'create') return Object.keys(result?.error ?? {}).some((name) => name === '' || MAIN_FIELDS.includes(name)) ? 'details' : 'flag';
  return 'details';
}

export default function ChallengeCreate() {
  const { choices, base, maxFileMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const step = stepOf(result);
  const values = typedValues(result);
  const busy = useNavigation().state === 'submitting';
  const t = useT();

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-6 flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('Add a challenge')}</h1>
        <Link to={`${base}/challenges`} className="link text-sm">{t('Back to challenges')}</Link>
      </div>

      <DetailsForm values={values} lastResult={step === 'details' ? result : null} choices={choices} busy={busy} />
      {step === 'flag' ? <FlagStep values={values} lastResult={result ?? null} maxFileMb={maxFileMb} busy={busy} /> : null}
    </div>
  );
}

type Reply = SubmissionResult<string[]> | null;

/**
 * The main form, checked in the browser with DETAILS before it posts; `lastResult` is the reply it
 * shows (a refused step, or a creation refused for a main field).
 */
function DetailsForm({ values, lastResult, choices, busy }: { values: Record<string, string>; lastResult: Reply | undefined; choices: ChallengeChoices; busy: boolean }) {
  const [form] = useSchemaForm(DETAILS, lastResult, { nativeValidation: true });
  const errors = form.allErrors;
  const t = useT();
  return (
    <Form method="post" className="card" aria-label={t('Challenge details')} {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <ChallengeFields values={values} errors={(name) => errors[name]} choices={choices} levels={LEVELS} withNext categoryPrompt />
      <button type="submit" name="intent" value="details" className="btn-primary" disabled={busy}>{t('Next')}</button>
    </Form>
  );
}

/**
 * The flag and files step, a modal over the main form; the main fields travel as hidden inputs.
 * Checked in the browser with CREATE before it posts (the files are the domain's to judge). Dismissing
 * it (Escape) is its Back button, which posts unchecked: the details come back as typed.
 */
function FlagStep({ values, lastResult, maxFileMb, busy }: { values: Record<string, string>; lastResult: Reply; maxFileMb: number; busy: boolean }) {
  const hidden = Object.entries(values).filter(([k]) => MAIN_FIELDS.includes(k));
  const back = useRef<HTMLButtonElement>(null);
  const [form] = useSchemaForm(CREATE, lastResult, { nativeValidation: true });
  const errors = form.allErrors;
  const t = useT();
  return (
    <Modal title={t('Flag and files')} onDismiss={() => back.current?.form?.requestSubmit(back.current)}>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)}>
        {hidden.map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />)}
        <FormErrors errors={form.errors ?? errors.flag} />
        <Field label={t('Flag')} name="flag-value" errors={errors.value}>
          <input id="flag-value" name="value" type="text" required maxLength={1000} defaultValue={values.value} placeholder={t('CTF{...}')} autoComplete="off" className="input font-mono" />
        </Field>
        <Field label={t('Collation')} name="collation" errors={errors.collation}>
          <select id="collation" name="collation" required defaultValue={values.collation ?? ''} className="input">
            <option value="" disabled>{t('Choose a collation')}</option>
            <option value="plain_text">{t('Plain text')}</option>
            <option value="regex">{t('Regex')}</option>
          </select>
        </Field>
        <Field label={t('Files (optional, at most {{size}} MB each)', { size: maxFileMb })} name="files" errors={errors.files}>
          <input id="files" name="files" type="file" multiple className="input" />
        </Field>
        <div className="flex justify-end gap-2">
          <button ref={back} type="submit" name="intent" value="back" formNoValidate className="btn-secondary">{t('Back')}</button>
          <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>{t('Create')}</button>
        </div>
      </Form>
    </Modal>
  );
}
