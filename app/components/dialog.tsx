import { useEffect, useId, useRef, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '~/components/link';
import { useT } from '~/lib/i18n';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.getClientRects().length > 0);
}

/**
 * A dialog that is a URL: the server renders it open when the URL asks for it, so it works without
 * JavaScript; with JavaScript the same links navigate in place, and it is a real modal (see Modal):
 * closing it (Escape, the ✕ or Cancel links) navigates to `closeTo`.
 */
export function UrlDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const navigate = useNavigate();
  const t = useT();
  return (
    <Modal title={title} resetOn={closeTo} onDismiss={() => navigate(closeTo, { preventScrollReset: true, replace: false })}
      close={<Link to={closeTo} className="text-slate-500 hover:text-slate-900" aria-label={t('Close')} preventScrollReset>✕</Link>}>
      {children}
    </Modal>
  );
}

/**
 * The modal itself, as the logout dialog is: `showModal()` makes the page behind it inert, the focus
 * moves in and Tab cycles inside it, Escape dismisses it (`onDismiss`), and when it leaves the page
 * the focus goes back to the element that opened it (the card, the row's button). Without
 * JavaScript it cannot be modal, so app.css takes the page behind it out of the tab order while it
 * is open (`dialog[data-url-dialog]:not(:modal)`): after the skip link, the next Tab lands in it.
 * `close` is the dialog's own way out without JavaScript (a link, or a form's button).
 */
export function Modal({ title, close, onDismiss, resetOn, children }: { title: string; close?: ReactNode; onDismiss: () => void; resetOn?: string; children: ReactNode }) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<Element | null>(null);
  const dismissRef = useRef(onDismiss);
  dismissRef.current = onDismiss;

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // What had the focus when the dialog opened (a client navigation keeps the clicked link focused).
    opener.current = document.activeElement && document.activeElement !== document.body ? document.activeElement : null;
    // The server rendered it open but not modal: reopen it as a modal (showModal throws on an open dialog).
    if (el.open && !el.matches(':modal')) el.close();
    if (!el.open) el.showModal?.();
    return () => {
      // Closed by a link (✕, Cancel, a tab to another dialog page): the dialog leaves the page, so
      // the focus would fall to <body>. Give it back to where it came from; a notice the page opened
      // by itself ('Join a team', 'Training only') came from nowhere: the focus goes to the start of
      // the page's content, as after a page load's skip link.
      const from = opener.current as HTMLElement | null;
      const back = from?.isConnected && typeof from.focus === 'function' ? from : document.getElementById('main');
      if (back) requestAnimationFrame(() => back.isConnected && back.focus({ preventScroll: true }));
    };
  }, []);

  // Another dialog shown in this one's place (the challenge's hint, then back to the challenge):
  // the same element, so reopen it if Escape closed the previous one, and keep the focus inside.
  // Coming back to a view, the focus goes to the link that left it (the Hint link), found again by
  // its href since that view was rendered anew; else to the first control.
  const leftFrom = useRef(new Map<string, string>());
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // Read before showModal(), whose own focus on the first control is recorded too.
    const href = leftFrom.current.get(title);
    if (!el.open) el.showModal?.();
    const back = href ? focusables(el).find((item) => item.getAttribute('href') === href) : undefined;
    if (back) back.focus();
    else if (!el.contains(document.activeElement)) focusables(el)[0]?.focus();
  }, [title, resetOn]);
  // The last link focused in each view: the one that led away from it, when the view changes.
  const onFocus = (e: FocusEvent<HTMLDialogElement>) => {
    const href = e.target.getAttribute('href');
    if (href) leftFrom.current.set(title, href);
  };

  const onClose = () => {
    // A close while reopening as a modal is not the user's: the dialog is open again by now.
    if (dialog.current?.open) return;
    dismissRef.current();
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDialogElement>) => {
    if (e.key !== 'Tab' || !dialog.current) return;
    const items = focusables(dialog.current);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (e.shiftKey && (active === first || !dialog.current.contains(active))) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (active === last || !dialog.current.contains(active))) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div data-url-dialog-backdrop="" className="fixed inset-0 z-40 flex items-center justify-center bg-slate-900/50 p-4">
      <dialog
        ref={dialog}
        open
        data-url-dialog=""
        aria-labelledby={titleId}
        onClose={onClose}
        onKeyDown={onKeyDown}
        onFocus={onFocus}
        className="relative m-auto max-h-[calc(100dvh-2rem)] w-full max-w-lg overflow-y-auto rounded-lg bg-white p-6 shadow-xl backdrop:bg-transparent [&:modal]:fixed"
      >
        <div className="mb-4 flex items-start justify-between gap-4">
          <h2 id={titleId} className="text-lg font-semibold">{title}</h2>
          {close}
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
  const t = useT();
  return (
    <div className="flex justify-end gap-2">
      <Link to={cancelTo} className="btn-secondary" preventScrollReset>{t('Cancel')}</Link>
      <button type="submit" className={danger ? 'btn-danger' : 'btn-primary'} disabled={busy}>{label}</button>
    </div>
  );
}
