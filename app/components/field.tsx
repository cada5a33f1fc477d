import { cloneElement, isValidElement, useEffect, useRef, type ReactElement, type ReactNode } from 'react';
import { useNavigation } from 'react-router';

/**
 * A labelled form control with its server errors under it (SPEC §5: errors show under the fields).
 * The control (the one child, whose id is `name`) is tied to its error for assistive technology
 * (aria-invalid, aria-describedby) and takes the focus: without JavaScript through autofocus (the
 * browser focuses the first such field), with it through FocusFirstError.
 */
export function Field({ label, name, errors, children }: { label: string; name: string; errors?: string[] | null; children: ReactNode }) {
  const invalid = !!errors?.length;
  const control =
    invalid && isValidElement(children)
      ? cloneElement(children as ReactElement<Record<string, unknown>>, { 'aria-invalid': true, 'aria-describedby': `${name}-error`, autoFocus: true })
      : children;
  return (
    <div className="mb-4">
      <label className="label" htmlFor={name}>{label}</label>
      {control}
      {errors?.length ? (
        <p className="field-error" id={`${name}-error`} role="alert">{errors[0]}</p>
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
  if (!errors?.length) return null;
  return (
    <div className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" role="alert">
      {errors.map((e) => <p key={e}>{e}</p>)}
    </div>
  );
}

export function EmptyState({ text = 'No data has been added yet' }: { text?: string }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-500">{text}</p>;
}
