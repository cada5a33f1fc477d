import { useEffect, useRef, useState } from 'react';
import { useSubmit } from 'react-router';
import { Link } from '~/components/link';
import { text, useT } from '~/lib/i18n';

export const LOGOUT_TEXT = text(
  'Are you sure you want to log out? This action will close your current session. You will need to log in again to access your account again.',
);
/** SPEC §2: confirming waits this long before the session ends. */
const LOGOUT_DELAY_MS = 500;

/** Without JS the link opens the /logout confirmation page; with JS a dialog asks in place. */
export function LogoutButton({ className }: { className?: string }) {
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const submit = useSubmit();
  const dialog = useRef<HTMLDialogElement>(null);
  const t = useT();

  const confirm = () => {
    setLeaving(true);
    setTimeout(() => submit(null, { method: 'post', action: '/logout' }), LOGOUT_DELAY_MS);
  };

  useEffect(() => {
    // SPEC §2: a global logout event does the same as confirming.
    const onLogout = () => confirm();
    window.addEventListener('ctf:logout', onLogout);
    return () => window.removeEventListener('ctf:logout', onLogout);
  });

  useEffect(() => {
    if (open) dialog.current?.showModal?.();
    else dialog.current?.close?.();
  }, [open]);

  return (
    <>
      <Link to="/logout" className={className} onClick={(e) => { e.preventDefault(); setOpen(true); }}>
        {t('Logout')}
      </Link>
      {open ? (
        <dialog ref={dialog} onClose={() => setOpen(false)} aria-labelledby="logout-title" className="m-auto w-full max-w-md rounded-lg p-6 shadow-xl backdrop:bg-slate-900/50">
          <h2 id="logout-title" className="mb-3 text-lg font-semibold">{t('Logout')}</h2>
          <p className="mb-6 text-sm text-slate-700">{t(LOGOUT_TEXT)}</p>
          <div className="flex justify-end gap-2">
            <button type="button" className="btn-secondary" onClick={() => setOpen(false)} disabled={leaving}>{t('Cancel')}</button>
            <button type="button" className="btn-danger" onClick={confirm} disabled={leaving}>{leaving ? t('Logging out…') : t('Logout')}</button>
          </div>
        </dialog>
      ) : null}
    </>
  );
}
