import type { ReactNode } from 'react';

/** A labelled form control with its server errors under it (SPEC §5: errors show under the fields). */
export function Field({ label, name, errors, children }: { label: string; name: string; errors?: string[] | null; children: ReactNode }) {
  return (
    <div className="mb-4">
      <label className="label" htmlFor={name}>{label}</label>
      {children}
      {errors?.length ? (
        <p className="field-error" id={`${name}-error`} role="alert">{errors[0]}</p>
      ) : null}
    </div>
  );
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
