import type { ReactNode } from 'react';
import { Link } from 'react-router';

/**
 * A dialog that is a URL: the server renders it open when the URL asks for it, so it works without
 * JavaScript; with JavaScript the same links navigate in place.
 */
export function UrlDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  return (
    <div className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <dialog open aria-labelledby="dialog-title" className="relative w-full max-w-lg rounded-lg bg-white p-6 shadow-xl">
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id="dialog-title" className="text-lg font-semibold">{title}</h2>
          <Link to={closeTo} className="text-slate-500 hover:text-slate-900" aria-label="Close" preventScrollReset>✕</Link>
        </div>
        {children}
      </dialog>
    </div>
  );
}

/**
 * The footer of a dialog's form: Cancel goes back to the page without the dialog (a link, so it
 * works without JavaScript), then the form's submit button.
 */
export function DialogActions({ cancelTo, label, danger = false, busy }: { cancelTo: string; label: string; danger?: boolean; busy?: boolean }) {
  return (
    <div className="flex justify-end gap-2">
      <Link to={cancelTo} className="btn-secondary" preventScrollReset>Cancel</Link>
      <button type="submit" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>{label}</button>
    </div>
  );
}
