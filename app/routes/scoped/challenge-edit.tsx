import { getFormProps, type SubmissionResult } from '@conform-to/react';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { data, Form, useActionData, useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router';
import { Link } from '~/components/link';
import { DialogActions, UrlDialog } from '~/components/dialog';
import { DownloadLink } from '~/components/download-link';
import { EmptyState, Field, FormErrors } from '~/components/field';
import { ChallengeFields } from '~/components/challenge-fields';
import { useSchemaForm } from '~/components/use-schema-form';
import {
  authoringChoices,
  deleteChallenge,
  flagWarning,
  getChallengeForEditing,
  saveHint,
  setFlag,
  setNextChallenge,
  updateChallenge,
} from '~/domain/challenge-authoring.server';
import { addChallengeFiles, deleteChallengeFile, MAX_CHALLENGE_FILE_BYTES } from '~/domain/challenge-files.server';
import { resolveScope, scopePath, type Scope } from '~/domain/scope.server';
import type { Actor } from '~/domain/policy.server';
import { requireStaffPage } from '~/lib/auth.server';
import { NotFound } from '~/lib/errors.server';
import { handleForm, submittedForm, unknownAction } from '~/lib/form.server';
import { resultFor, typedValue } from '~/lib/form-result';
import { redirectWithFlash } from '~/lib/session.server';
import { markdownToSafeHtml } from '~/lib/rich-text.server';
import { RichText } from '~/components/rich-text';
import { AUTHORING_MESSAGES, challengeSchema, flagSchema, hintSchema, LEVELS, nextSchema } from '~/schemas/challenge';
import { intentSchema, postedId } from '~/schemas/fields';
import { metaTranslator, text, useLanguage, useT, type Language } from '~/lib/i18n';
import type { Route } from './+types/challenge-edit';

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: t('{{name}} · Edit · CTF Arena', { name: d?.challenge.name ?? t('Challenge') }) }];
};

const TABS = [
  { id: 'details', label: text('Details') },
  { id: 'files', label: text('Files') },
  { id: 'flag', label: text('Flag') },
  { id: 'hint', label: text('Hint') },
  { id: 'next', label: text('Next') },
] as const;
type Tab = (typeof TABS)[number]['id'];

const notFound = () => data(null, { status: 404 });

/** The challenge of this URL, for staff; anything but a numeric id of the scope's challenge is a 404. */
async function editable(user: Actor, params: { eventId?: string; id?: string }): Promise<{ scope: Scope; challenge: Awaited<ReturnType<typeof getChallengeForEditing>> }> {
  if (!/^\d{1,9}$/.test(params.id ?? '')) throw notFound();
  try {
    const scope = await resolveScope(params);
    return { scope, challenge: await getChallengeForEditing(user, scope, Number(params.id)) };
  } catch (error) {
    if (error instanceof NotFound) throw notFound();
    throw error;
  }
}

function tabOf(value: string | null): Tab {
  return TABS.some((t) => t.id === value) ? (value as Tab) : 'details';
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = await requireStaffPage(request, context);
  const { scope, challenge: c } = await editable(user, params);
  const choices = await authoringChoices(user, scope, c.id);
  return {
    base: scopePath(scope),
    isSuperuser: user.isSuperuser,
    maxFileMb: MAX_CHALLENGE_FILE_BYTES / 1024 / 1024,
    choices,
    challenge: {
      id: c.id,
      name: c.name,
      category: c.categoryId,
      type: c.type,
      // Challenges written before the editor existed only have HTML, which Markdown accepts as is.
      source: c.source || c.description,
      descriptionHtml: c.description,
      level: c.level,
      initialValue: c.initialValue,
      minimalValue: c.minimalValue,
      decayValue: c.decayValue,
      isActive: c.isActive,
      trainingWeek: c.trainingWeek,
      next: c.nextId,
      flag: c.flag ? { value: c.flag.value, collation: c.flag.collation } : null,
      hint: c.hint ? { description: c.hint.description, score: c.hint.score, html: markdownToSafeHtml(c.hint.description) } : null,
      // A saved flag no learner could submit (a regex that cannot match CTF{...}): said on every tab.
      flagWarning: flagWarning(c.flag),
      files: c.files.map((f) => ({ id: f.id, name: f.name, size: f.size })),
    },
  };
}

// The schemas of the page's forms: the action parses with them, the details, flag and hint forms
// check with them in the browser (the Next select offers valid choices only).
const DETAILS = intentSchema('details', challengeSchema);
const FLAG = intentSchema('flag', flagSchema);
const HINT = intentSchema('hint', hintSchema);
const NEXT = intentSchema('next', nextSchema);
// The files are read from the form: conform's value holds text only.
const UPLOAD = intentSchema('upload');
const DELETE_FILE = intentSchema('delete-file', z.object({ file: postedId() }));
const DELETE = intentSchema('delete');

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = await requireStaffPage(request, context);
  const { scope, challenge } = await editable(user, params);
  const read = await submittedForm(request);
  if (!read.ok) return read.response;
  const form = read.form;
  const page = `${scopePath(scope)}/challenges/${challenge.id}`;
  const done = (tab: Tab, text: string) => redirectWithFlash(request, tab === 'details' ? page : `${page}?tab=${tab}`, { type: 'success', text });

  // Every refusal shows above the tabs, a file (or the challenge) gone meanwhile (404) too.
  const onForm = { notFoundOnForm: true };
  switch (form.text('intent')) {
    case 'details': {
      // The Next tab owns `next`; blank decay fields are cleared, not kept.
      const save = (v: z.output<typeof DETAILS>) =>
        updateChallenge(user, challenge.id, { ...v, next: undefined, minimal_value: v.minimal_value ?? null, decay_value: v.decay_value ?? null, training_week: v.training_week ?? null });
      const outcome = await handleForm(form, DETAILS, save, onForm);
      if (!outcome.ok) return outcome.response;
      return done('details', AUTHORING_MESSAGES.updated);
    }
    case 'flag': {
      const outcome = await handleForm(form, FLAG, (input) => setFlag(user, challenge.id, input), onForm);
      if (!outcome.ok) return outcome.response;
      return done('flag', AUTHORING_MESSAGES.updated);
    }
    case 'hint': {
      const outcome = await handleForm(form, HINT, (input) => saveHint(user, challenge.id, input), onForm);
      if (!outcome.ok) return outcome.response;
      return done('hint', outcome.value.created ? AUTHORING_MESSAGES.added : AUTHORING_MESSAGES.updated);
    }
    case 'next': {
      const outcome = await handleForm(form, NEXT, (input) => setNextChallenge(user, challenge.id, input.next ?? null), onForm);
      if (!outcome.ok) return outcome.response;
      return done('next', AUTHORING_MESSAGES.updated);
    }
    case 'upload': {
      const outcome = await handleForm(form, UPLOAD, () => addChallengeFiles(user, challenge.id, form.getAll('files')), onForm);
      if (!outcome.ok) return outcome.response;
      return done('files', AUTHORING_MESSAGES.added);
    }
    case 'delete-file': {
      const outcome = await handleForm(form, DELETE_FILE, ({ file }) => deleteChallengeFile(user, challenge.id, file), onForm);
      if (!outcome.ok) return outcome.response;
      return done('files', AUTHORING_MESSAGES.fileDeleted);
    }
    case 'delete': {
      const outcome = await handleForm(form, DELETE, () => deleteChallenge(user, challenge.id), onForm);
      if (!outcome.ok) return outcome.response;
      return redirectWithFlash(request, `${scopePath(scope)}/challenges`, { type: 'success', text: AUTHORING_MESSAGES.challengeDeleted });
    }
  }
  return unknownAction();
}

type Result = SubmissionResult<string[]>;

export default function ChallengeEdit() {
  const { base, isSuperuser, choices, challenge: c, maxFileMb } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>()?.result;
  const [params] = useSearchParams();
  const location = useLocation();
  const tab = tabOf(params.get('tab'));
  const busy = useNavigation().state === 'submitting';
  const here = `${location.pathname}${tab === 'details' ? '' : `?tab=${tab}`}`;
  const mine = (intent: string) => resultFor(result, intent);
  const fileToDelete = tab === 'files' && params.get('dialog') === 'delete-file' ? c.files.find((f) => String(f.id) === params.get('file')) : undefined;
  const t = useT();

  return (
    <div className="mx-auto max-w-3xl">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">
          {c.name}
          {!c.isActive ? <span className="ml-2 rounded bg-slate-200 px-2 py-0.5 align-middle text-xs font-semibold text-slate-700">{t('Inactive')}</span> : null}
        </h1>
        <div className="flex items-center gap-3">
          <Link to={`${base}/challenges`} className="link text-sm">{t('Back to challenges')}</Link>
          {isSuperuser ? <Link to={`${location.pathname}?dialog=delete`} className="btn-danger" preventScrollReset>{t('Delete challenge')}</Link> : null}
        </div>
      </div>

      <nav aria-label={t('Challenge sections')} className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((item) => (
          <Link
            key={item.id}
            to={item.id === 'details' ? location.pathname : `${location.pathname}?tab=${item.id}`}
            aria-current={item.id === tab ? 'page' : undefined}
            className={`-mb-px rounded-t-md border px-4 py-2 text-sm ${item.id === tab ? 'border-slate-200 border-b-white bg-white font-semibold' : 'border-transparent text-slate-600 hover:text-ink'}`}
            preventScrollReset
          >
            {t(item.label)}
          </Link>
        ))}
      </nav>

      <FormErrors errors={result?.error?.['']} />
      {c.flagWarning ? <p role="status" data-testid="flag-warning" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{t(c.flagWarning)} <Link className="link" to={`${location.pathname}?tab=flag`}>{t('Edit the flag')}</Link></p> : null}
      {tab === 'details' ? <DetailsTab challenge={c} choices={choices} result={mine('details')} busy={busy} /> : null}
      {tab === 'files' ? <FilesTab challenge={c} result={mine('upload')} maxFileMb={maxFileMb} busy={busy} /> : null}
      {tab === 'flag' ? <FlagTab flag={c.flag} result={mine('flag')} busy={busy} /> : null}
      {tab === 'hint' ? <HintTab hint={c.hint} initialValue={c.initialValue} result={mine('hint')} busy={busy} /> : null}
      {tab === 'next' ? <NextTab next={c.next} choices={choices.challenges} result={mine('next')} busy={busy} /> : null}

      {fileToDelete ? (
        <UrlDialog title={t('Delete file')} closeTo={here}>
          <Form method="post" action={here}>
            <input type="hidden" name="intent" value="delete-file" />
            <input type="hidden" name="file" value={fileToDelete.id} />
            <p className="mb-6 text-sm text-slate-700">{t('Are you sure you want to delete the file')} <strong>{fileToDelete.name}</strong>{t('? It is removed from the server for good.')}</p>
            <DialogActions cancelTo={here} label={t('Delete')} danger />
          </Form>
        </UrlDialog>
      ) : null}

      {isSuperuser && params.get('dialog') === 'delete' ? (
        <UrlDialog title={t('Delete challenge')} closeTo={location.pathname}>
          <Form method="post" action={location.pathname}>
            <input type="hidden" name="intent" value="delete" />
            <p className="mb-6 text-sm text-slate-700">
              {t('Are you sure you want to delete')} <strong>{c.name}</strong>{t('? Its flag, hint, files and every submission made for it are deleted too, and the points they earned leave the scoreboard.')}
            </p>
            <DialogActions cancelTo={location.pathname} label={t('Delete')} danger />
          </Form>
        </UrlDialog>
      ) : null}
    </div>
  );
}

type Loaded = ReturnType<typeof useLoaderData<typeof loader>>;

/** A file's size as the list shows it: bytes, kB or MB with one decimal, in the page's language. */
function fileSize(bytes: number, t: TFunction, language: Language): string {
  const decimal = (n: number) => (language === 'en' ? n.toFixed(1) : new Intl.NumberFormat(language, { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(n));
  if (bytes < 1024) return t('{{size}} B', { size: bytes });
  if (bytes < 1024 * 1024) return t('{{size}} kB', { size: decimal(bytes / 1024) });
  return t('{{size}} MB', { size: decimal(bytes / 1024 / 1024) });
}

function DetailsTab({ challenge: c, choices, result, busy }: { challenge: Loaded['challenge']; choices: Loaded['choices']; result: Result | null; busy: boolean }) {
  const typed = (name: string, stored: string) => typedValue(result, name, stored);
  const num = (name: string, stored: number | null) => typed(name, stored === null ? '' : String(stored));
  const [form] = useSchemaForm(DETAILS, result, { nativeValidation: true });
  const err = (name: string) => form.allErrors[name];
  const t = useT();
  return (
    <Form method="post" className="card" aria-label={t('Challenge details')} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="details" />
      <ChallengeFields
        values={{
          name: typed('name', c.name),
          category: typed('category', String(c.category)),
          type: typed('type', c.type),
          level: typed('level', c.level),
          description: typed('description', c.source),
          initial_value: num('initial_value', c.initialValue),
          minimal_value: num('minimal_value', c.minimalValue),
          decay_value: num('decay_value', c.decayValue),
          is_active: typed('is_active', c.isActive ? 'show' : 'hide'),
          training_week: num('training_week', c.trainingWeek),
        }}
        errors={err}
        choices={choices}
        levels={LEVELS}
        withNext={false}
        categoryPrompt={false}
        preview={c.descriptionHtml}
      />
      <button type="submit" className="btn-primary" disabled={busy}>{t('Save')}</button>
    </Form>
  );
}

function FilesTab({ challenge: c, result, maxFileMb, busy }: { challenge: Loaded['challenge']; result: Result | null; maxFileMb: number; busy: boolean }) {
  const location = useLocation();
  const t = useT();
  const language = useLanguage();
  return (
    <section className="card space-y-4" aria-label={t('Files')}>
      {c.files.length === 0 ? (
        <EmptyState />
      ) : (
        <table className="table">
          <thead><tr><th>#</th><th>{t('File')}</th><th>{t('Size')}</th><th>{t('Action')}</th></tr></thead>
          <tbody>
            {c.files.map((f, i) => (
              <tr key={f.id}>
                <td>{i + 1}</td>
                <td><DownloadLink href={`/api/challenges/${c.id}/files/${f.id}/download/`} name={f.name}>{f.name}</DownloadLink></td>
                <td>{fileSize(f.size, t, language)}</td>
                <td>
                  <Link to={`${location.pathname}?tab=files&dialog=delete-file&file=${f.id}`} className="btn-secondary" preventScrollReset aria-label={t('Delete {{name}}', { name: f.name })}>{t('Delete')}</Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Form method="post" encType="multipart/form-data">
        <input type="hidden" name="intent" value="upload" />
        <Field label={t('Add files (at most {{size}} MB each)', { size: maxFileMb })} name="files" errors={result?.error?.files}>
          <input id="files" name="files" type="file" multiple required className="input" />
        </Field>
        <button type="submit" className="btn-primary" disabled={busy}>{t('Upload')}</button>
      </Form>
    </section>
  );
}

function FlagTab({ flag, result, busy }: { flag: Loaded['challenge']['flag']; result: Result | null; busy: boolean }) {
  const [form, fields] = useSchemaForm(FLAG, result, { nativeValidation: true });
  const t = useT();
  return (
    <Form method="post" className="card" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="flag" />
      <Field label={t('Flag')} name="flag-value" errors={fields.value.errors}>
        <input id="flag-value" name="value" type="text" required maxLength={1000} defaultValue={typedValue(result, 'value', flag?.value ?? '')} autoComplete="off" className="input font-mono" />
      </Field>
      <Field label={t('Collation')} name="collation" errors={fields.collation.errors}>
        <select id="collation" name="collation" required defaultValue={typedValue(result, 'collation', flag?.collation ?? '')} className="input">
          <option value="" disabled>{t('Choose a collation')}</option>
          <option value="plain_text">{t('Plain text')}</option>
          <option value="regex">{t('Regex')}</option>
        </select>
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>{t('Save')}</button>
    </Form>
  );
}

function HintTab({ hint, initialValue, result, busy }: { hint: Loaded['challenge']['hint']; initialValue: number; result: Result | null; busy: boolean }) {
  const [form, fields] = useSchemaForm(HINT, result, { nativeValidation: true });
  const t = useT();
  return (
    <Form method="post" className="card" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="hint" />
      <Field label={t('Hint')} name="hint-description" errors={fields.description.errors}>
        <textarea id="hint-description" name="description" rows={4} required defaultValue={typedValue(result, 'description', hint?.description ?? '')} className="input" />
      </Field>
      <Field label={t('Score deducted (at most {{most}})', { most: Math.floor(initialValue / 2) })} name="score" errors={fields.score.errors}>
        <input id="score" name="score" type="number" min={0} required defaultValue={typedValue(result, 'score', hint ? String(hint.score) : '')} className="input" />
      </Field>
      {hint ? (
        <section aria-label={t('Hint preview')} className="mb-4 rounded-md border border-amber-200 bg-amber-50 p-3" data-testid="hint-preview">
          <RichText html={hint.html} />
        </section>
      ) : null}
      <button type="submit" className="btn-primary" disabled={busy}>{hint ? t('Save') : t('Add hint')}</button>
    </Form>
  );
}

function NextTab({ next, choices, result, busy }: { next: number | null; choices: { id: number; name: string }[]; result: Result | null; busy: boolean }) {
  const t = useT();
  return (
    <Form method="post" className="card">
      <input type="hidden" name="intent" value="next" />
      <Field label={t('Recommended next challenge')} name="next" errors={result?.error?.next}>
        <select id="next" name="next" defaultValue={typedValue(result, 'next', next === null ? '' : String(next))} className="input">
          <option value="">{t('None')}</option>
          {choices.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
        </select>
      </Field>
      <button type="submit" className="btn-primary" disabled={busy}>{t('Save')}</button>
    </Form>
  );
}
