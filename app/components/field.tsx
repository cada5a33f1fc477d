import { cloneElement, isValidElement, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { text, useT } from '~/lib/i18n';
import { MESSAGES } from '~/lib/messages';

/**
 * A labelled form control with its server errors under it (SPEC §5: errors show under the fields).
 * The control (the one child, whose id is `name`) is tied to its error for assistive technology
 * (aria-invalid, aria-describedby) and takes the focus: without JavaScript through autofocus (the
 * browser focuses the first such field), with it through FocusFirstError.
 */
/** What a form says of the fields a page loaded afresh leaves empty (useReloadedAfterPost). */
export const AGAIN = {
  passwords: text('Type the passwords again: they are never sent back to the page.'),
  file: (what: 'image' | 'picture') =>
    what === 'image'
      ? text('If you had chosen an image, choose it again: a browser does not keep a chosen file when the page comes back.')
      : text('If you had chosen a picture, choose it again: a browser does not keep a chosen file when the page comes back.'),
};

/**
 * A labelled control with its first error under it. `note`: a word about the field that the
 * control's own state cannot say (it was emptied when the page came back, say), tied to it too.
 */
export function Field({ label, name, errors, note, children }: { label: string; name: string; errors?: string[] | null; note?: string | null; children: ReactNode }) {
  const t = useT();
  const invalid = !!errors?.length;
  const described = [note ? `${name}-note` : null, invalid ? `${name}-error` : null].filter(Boolean).join(' ');
  const control =
    (invalid || note) && isValidElement(children)
      ? cloneElement(children as ReactElement<Record<string, unknown>>, { 'aria-describedby': described, ...(invalid ? { 'aria-invalid': true, autoFocus: true } : {}) })
      : children;
  return (
    <div className="mb-4">
      <label className="label" htmlFor={name}>{label}</label>
      {control}
      {note ? <p className="mt-1 text-sm text-amber-800" id={`${name}-note`} data-testid={`${name}-note`}>{t(note)}</p> : null}
      {errors?.length ? (
        <p className="field-error" id={`${name}-error`} role="alert">{t(errors[0])}</p>
      ) : null}
    </div>
  );
}

/**
 * After a form submitted with JavaScript comes back, the first field marked invalid takes the focus
 * (autofocus only acts when a field first appears). Rendered once, in the root layout.
 */
export function FocusFirstError() {
  const state = useNavigation().state;
  const previous = useRef(state);
  useEffect(() => {
    const submitted = previous.current !== 'idle';
    previous.current = state;
    if (state !== 'idle' || !submitted) return;
    document.querySelector<HTMLElement>('main [aria-invalid="true"]')?.focus();
  }, [state]);
  return null;
}

export function FormErrors({ errors }: { errors?: string[] | null }) {
  const t = useT();
  if (!errors?.length) return null;
  return (
    <div className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
      {errors.map((e) => <p key={e}>{t(e)}</p>)}
    </div>
  );
}

/** An empty list's line: `text` as given, in the page's language already (SPEC's 'No data has been added yet' by default). */
export function EmptyState({ text: message }: { text?: string }) {
  const t = useT();
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-500">{message ?? t(MESSAGES.emptyList)}</p>;
}
