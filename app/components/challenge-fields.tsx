import { useState } from 'react';
import { Field } from './field';
import { useHydrated } from './use-hydrated';
import { MarkdownEditor } from './markdown-editor';
import { text, useT } from '~/lib/i18n';

export interface ChallengeChoices {
  categories: { id: number; name: string }[];
  challenges: { id: number; name: string }[];
  needsTrainingWeek: boolean;
}

/** The levels' names in the Level select (a level without one shows as it is, capitalised). */
const LEVEL_LABELS: Record<string, string> = { easy: text('Easy'), medium: text('Medium'), difficult: text('Difficult') };

/**
 * The main details of a challenge, shared by the create and edit pages. `values` are strings as the
 * form holds them (what was typed, or what is stored); the 'next' choice is on the create page only
 * (the edit page has a Next tab).
 */
export function ChallengeFields({ values, errors, choices, levels, withNext, categoryPrompt, preview }: {
  values: Record<string, string | undefined>;
  errors: (name: string) => string[] | null | undefined;
  choices: ChallengeChoices;
  levels: readonly string[];
  withNext: boolean;
  categoryPrompt: boolean;
  /** The saved description as sanitized HTML (edit page): previewed under the editor. */
  preview?: string;
}) {
  const [type, setType] = useState(values.type ?? 'standard');
  const hydrated = useHydrated();
  // Without JavaScript both decay fields stay visible; a standard challenge stores neither.
  const dynamicOnly = hydrated && type !== 'dynamic' ? 'hidden' : '';
  const t = useT();
  return (
    <>
      <Field label={t('Name')} name="name" errors={errors('name')}>
        <input id="name" name="name" type="text" required maxLength={100} defaultValue={values.name} className="input" />
      </Field>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field label={t('Category')} name="category" errors={errors('category')}>
          <select id="category" name="category" required defaultValue={values.category ?? ''} className="input">
            {categoryPrompt ? <option value="" disabled>{t('Choose a category')}</option> : null}
            {choices.categories.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          </select>
        </Field>
        <Field label={t('Type')} name="type" errors={errors('type')}>
          <select id="type" name="type" value={type} onChange={(e) => setType(e.target.value)} className="input">
            <option value="standard">{t('Standard')}</option>
            <option value="dynamic">{t('Dynamic')}</option>
          </select>
        </Field>
        <Field label={t('Level')} name="level" errors={errors('level')}>
          <select id="level" name="level" defaultValue={values.level ?? 'easy'} className="input">
            {levels.map((l) => <option key={l} value={l}>{LEVEL_LABELS[l] ? t(LEVEL_LABELS[l]) : l[0].toUpperCase() + l.slice(1)}</option>)}
          </select>
        </Field>
      </div>
      <MarkdownEditor id="description" name="description" label={t('Description')} defaultValue={values.description ?? ''} errors={errors('description')} preview={preview} />
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field label={t('Initial value')} name="initial_value" errors={errors('initial_value')}>
          <input id="initial_value" name="initial_value" type="number" min={0} required defaultValue={values.initial_value} className="input" />
        </Field>
        <div className={dynamicOnly}>
          <Field label={t('Minimal value (dynamic only)')} name="minimal_value" errors={errors('minimal_value')}>
            <input id="minimal_value" name="minimal_value" type="number" min={0} defaultValue={values.minimal_value} className="input" />
          </Field>
        </div>
        <div className={dynamicOnly}>
          <Field label={t('Decay value (dynamic only)')} name="decay_value" errors={errors('decay_value')}>
            <input id="decay_value" name="decay_value" type="number" min={0} defaultValue={values.decay_value} className="input" />
          </Field>
        </div>
      </div>
      <div className="grid gap-x-4 sm:grid-cols-3">
        <Field label={t('Status')} name="is_active" errors={errors('is_active')}>
          <select id="is_active" name="is_active" defaultValue={values.is_active ?? 'show'} className="input">
            <option value="show">{t('Show')}</option>
            <option value="hide">{t('Hide')}</option>
          </select>
        </Field>
        {choices.needsTrainingWeek ? (
          <Field label={t('Training week')} name="training_week" errors={errors('training_week')}>
            <input id="training_week" name="training_week" type="number" min={1} max={20} required defaultValue={values.training_week} className="input" />
          </Field>
        ) : null}
        {withNext ? (
          <Field label={t('Next challenge')} name="next" errors={errors('next')}>
            <select id="next" name="next" defaultValue={values.next ?? ''} className="input">
              <option value="">{t('None')}</option>
              {choices.challenges.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
            </select>
          </Field>
        ) : null}
      </div>
    </>
  );
}
