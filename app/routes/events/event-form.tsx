// The event form (SPEC §2 "Event form", §5 Event), for create and edit. Without JavaScript every
// field is there, each saying which types it serves; with it, the fields the chosen type ignores
// are hidden. The pictures link is offered on edit only, for in-person events (SPEC §5).
import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { Link } from '~/components/link';
import { AGAIN, Field, FormErrors } from '~/components/field';
import { MarkdownEditor } from '~/components/markdown-editor';
import { useSchemaForm } from '~/components/use-schema-form';
import { useHydrated, useReloadedAfterPost } from '~/components/use-hydrated';
import { eventTypeRules } from '~/domain/event-types';
import { nextFriday, runsOnFridays } from '~/domain/fridays';
import { typedValues } from '~/lib/form-result';
import { text, useT } from '~/lib/i18n';
import { eventCreateSchema, eventSchema } from '~/schemas/event';

export type FormValues = Record<string, string>;

/** The URL fields' hint: a scheme, the same in every language. */
const URL_PLACEHOLDER = 'https://';

/** The create action's schema, given the form's image (the action reads the posted one). */
const createSchema = (formData: FormData) => eventCreateSchema(formData.get('image'));

/**
 * What the form shows again after the action's reply: what was posted (blank fields blank), or,
 * when nothing was read (a body refused whole), `shown`.
 */
export function valuesAfter(result: SubmissionResult<string[]> | undefined, shown: FormValues): FormValues {
  return result?.fields?.length ? typedValues(result) : shown;
}

/**
 * The form, checked in the browser with the action's schema (create's, with the chosen image; edit's)
 * before it posts; `lastResult` is the action's reply, whose messages show under the same fields.
 */
export function EventForm({ mode, values, lastResult, options, imageUrl, cancelTo }: {
  mode: 'create' | 'edit';
  values: FormValues;
  lastResult: SubmissionResult<string[]> | undefined;
  options: { value: string; label: string }[];
  imageUrl?: string | null;
  cancelTo: string;
}) {
  const t = useT();
  const busy = useNavigation().state === 'submitting';
  const [type, setType] = useState(values.type || 'online');
  const hydrated = useHydrated();
  const reloaded = useReloadedAfterPost(lastResult);
  const rules = eventTypeRules(type);
  // Without JavaScript the type can change under the form, so every field stays; with it, only the chosen type's.
  const shows = (applies: boolean) => !hydrated || applies;
  const [form] = useSchemaForm(mode === 'create' ? createSchema : eventSchema, lastResult, { nativeValidation: true });
  const errors = form.allErrors;
  const err = (name: string) => errors[name] ?? null;

  return (
    <Form method="post" encType="multipart/form-data" className="card" aria-label={t('Event')} {...getFormProps(form)}>
      <FormErrors errors={form.errors} />
      <Field label={t('Name')} name="name" errors={err('name')}>
        <input id="name" name="name" type="text" required maxLength={200} defaultValue={values.name} className="input" />
      </Field>
      <Field label={t('Type')} name="type" errors={err('type')}>
        <select id="type" name="type" required value={type} onChange={(e) => setType(e.target.value)} className="input">
          {options.map((o) => <option key={o.value} value={o.value}>{t(o.label)}</option>)}
        </select>
      </Field>
      <MarkdownEditor id="description" name="description" label={t('Description')} defaultValue={values.description ?? ''} errors={err('description')} required />
      {shows(rules.inPerson) ? (
        <Field label={t("Place (in-person events; others are 'Online event')")} name="place" errors={err('place')}>
          <input id="place" name="place" type="text" maxLength={200} defaultValue={values.place === 'Online event' ? '' : values.place} className="input" />
        </Field>
      ) : null}
      {shows(rules.inPerson) ? (
        <Field label={t('Register link (in-person events)')} name="register_link" errors={err('register_link')}>
          <input id="register_link" name="register_link" type="url" maxLength={500} defaultValue={values.register_link} placeholder={URL_PLACEHOLDER} className="input" />
        </Field>
      ) : null}
      {mode === 'edit' && rules.inPerson ? (
        <Field label={t('Pictures link (in-person events)')} name="pictures_link" errors={err('pictures_link')}>
          <input id="pictures_link" name="pictures_link" type="url" maxLength={500} defaultValue={values.pictures_link} placeholder={URL_PLACEHOLDER} className="input" />
        </Field>
      ) : null}
      <Field label={mode === 'create' ? t('Image (PNG, JPEG or WebP, at most 2 MB)') : t('Image (PNG, JPEG or WebP, at most 2 MB; leave empty to keep the current one)')} name="image" errors={err('image')} note={reloaded ? AGAIN.file('image') : null}>
        <input id="image" name="image" type="file" accept="image/png,image/jpeg,image/webp" required={mode === 'create'} className="input" />
      </Field>
      {mode === 'edit' && imageUrl ? <img src={imageUrl} alt={t('Current event image')} className="mb-4 h-24 rounded object-cover" /> : null}
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label={t('Start date (UTC)')} name="start_date" errors={err('start_date')}>
          <input id="start_date" name="start_date" type="datetime-local" required defaultValue={values.start_date} className="input" />
        </Field>
        <Field label={t('End date (UTC)')} name="end_date" errors={err('end_date')}>
          <input id="end_date" name="end_date" type="datetime-local" required defaultValue={values.end_date} className="input" />
        </Field>
      </div>
      {shows(runsOnFridays(type)) ? (
        <p className="-mt-2 mb-4">
          {/* Black Friday runs every Friday: one click fills the coming Friday's dates. Without
              JavaScript it posts the form, which comes back with the dates filled (the image must be
              chosen again); with it, the dates are filled in place. */}
          <button
            type="submit"
            name="intent"
            value={NEXT_FRIDAY}
            formNoValidate
            className="btn-secondary"
            onClick={(e) => {
              const form = e.currentTarget.form;
              if (!form) return;
              e.preventDefault();
              const dates = nextFriday();
              for (const name of ['start_date', 'end_date'] as const) {
                const input = form.elements.namedItem(name);
                if (input instanceof HTMLInputElement) input.value = dates[name];
              }
            }}
          >
            {t('Next Friday')}
          </button>
          <span className="ml-2 text-sm text-slate-600">{hydrated ? t('Friday 00:00 to 23:59 UTC.') : t('Black Friday events: the coming Friday, 00:00 to 23:59 UTC.')}</span>
        </p>
      ) : null}
      {shows(rules.team) ? (
        <Field label={t('Team size limit (team events; empty for no limit)')} name="team_size_limit" errors={err('team_size_limit')}>
          <input id="team_size_limit" name="team_size_limit" type="number" min={1} max={1000} step={1} defaultValue={values.team_size_limit} className="input" />
        </Field>
      ) : null}
      <div className="flex justify-end gap-2">
        <Link to={cancelTo} className="btn-secondary">{t('Cancel')}</Link>
        <button type="submit" className="btn-primary" disabled={busy}>{mode === 'create' ? t('Create') : t('Save')}</button>
      </div>
    </Form>
  );
}

export const NEXT_FRIDAY = 'next-friday';
export const NEXT_FRIDAY_WRONG_TYPE = text("The 'Next Friday' dates are for Black Friday events: choose that type first.");
