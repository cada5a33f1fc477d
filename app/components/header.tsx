import { useEffect, useRef } from 'react';
import { NavLink, useLocation, useMatches } from 'react-router';
import { Link } from '~/components/link';
import { LogoutButton } from './logout-button';
import { useLiveNotificationCounts } from './notifications-live';
import { inBrowser, own, OwnPicture, OwnValue, someOf, sumOf, type Own } from './viewer-value';
import { LanguageSwitch } from './language-switch';
import { useT } from '~/lib/i18n';

/** The header's viewer, as the root loader hands it: their own values perhaps placeholders (viewer-value.tsx). */
export interface HeaderUser { username: Own<string>; isStaff: boolean; profile: Own<string> }
export interface HeaderCounts { general: Own<number>; admin: Own<number>; rewardRequests: Own<number> }

/**
 * A header menu's panel: under its button, the header's width on a phone (the button may sit
 * anywhere once the header wraps: at 375 px a panel aligned to its right edge started off-screen),
 * aligned to the button's right edge from 640 px.
 */
const MENU = 'absolute inset-x-4 z-30 mt-2 rounded-md bg-white py-1 text-ink shadow-lg sm:inset-x-auto sm:right-0 sm:w-48';

const navClass = ({ isActive }: { isActive: boolean }) => `px-2 py-1 rounded ${isActive ? 'text-white bg-white/10' : 'text-slate-200 hover:text-white'}`;

function Badge({ n, label, testId }: { n: Own<number>; label: string; testId: string }) {
  if (!someOf(n)) return null;
  return (
    <>
      <span className="badge ml-1" data-testid={`badge-${testId}`}><OwnValue value={n} /></span>
      <span className="sr-only"> {label}</span>
    </>
  );
}

/**
 * The header's menus are <details>, so they open without JavaScript (and a page load closes them).
 * With JavaScript they behave as menus do: one open at a time, closed by a navigation, a click
 * outside and Escape (which gives the focus back to the menu's button).
 */
function useMenusThatClose() {
  const ref = useRef<HTMLElement>(null);
  const { key } = useLocation();
  // A menu that holds an open dialog (the logout confirmation) stays open: closing it would hide the dialog.
  const menus = () => [...(ref.current?.querySelectorAll('details') ?? [])].filter((menu) => !menu.querySelector('dialog[open]'));
  useEffect(() => {
    for (const menu of menus()) menu.open = false;
  }, [key]);
  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onToggle = (event: Event) => {
      const opened = event.target as HTMLDetailsElement;
      if (opened.open) for (const menu of menus()) if (menu !== opened) menu.open = false;
    };
    const onClick = (event: MouseEvent) => {
      for (const menu of menus()) if (menu.open && !menu.contains(event.target as Node)) menu.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      for (const menu of menus()) {
        if (!menu.open) continue;
        menu.open = false;
        menu.querySelector('summary')?.focus();
      }
    };
    // 'toggle' does not bubble: listen while it goes down.
    root.addEventListener('toggle', onToggle, true);
    document.addEventListener('click', onClick);
    document.addEventListener('keydown', onKey);
    return () => {
      root.removeEventListener('toggle', onToggle, true);
      document.removeEventListener('click', onClick);
      document.removeEventListener('keydown', onKey);
    };
  }, []);
  return ref;
}

/**
 * The counts the page was rendered with. A page that changes them while it loads (a notification
 * list marks what it shows as read) returns `headerCounts` as they are after that: the root
 * loader runs beside it and may have counted before.
 */
function useRenderedCounts(counts: HeaderCounts): HeaderCounts {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const after = (matches[i].data as { headerCounts?: { general: number; admin: number; rewardRequests: number } } | undefined)?.headerCounts;
    if (after) return { general: own(after.general), admin: own(after.admin), rewardRequests: own(after.rewardRequests) };
  }
  return counts;
}

export function Header({ user, counts: rootCounts }: { user: HeaderUser | null; counts: HeaderCounts }) {
  const ref = useMenusThatClose();
  const rendered = useRenderedCounts(rootCounts);
  // With JavaScript the notification badge follows the live stream (one per tab).
  const live = useLiveNotificationCounts(user ? inBrowser(user.username) : null, { general: inBrowser(rendered.general), admin: inBrowser(rendered.admin) });
  const counts = { ...rendered, general: own(live.general), admin: own(live.admin) };
  const t = useT();
  return (
    <header ref={ref} className="bg-ink text-white">
      {/* relative: on a phone the menus below span the header, whatever the place of their button. */}
      <div className="relative mx-auto flex max-w-6xl flex-wrap items-center gap-4 px-4 py-3">
        <Link to="/" className="text-lg font-bold tracking-tight">CTF<span className="text-sky-400">Arena</span></Link>
        <nav aria-label={t('Main')} className="flex flex-1 flex-wrap items-center gap-1 text-sm">
          <NavLink to="/" end className={navClass}>{t('Home')}</NavLink>
          <NavLink to="/practices/challenges" className={navClass}>{t('Practices')}</NavLink>
          <span className="cursor-not-allowed px-2 py-1 text-slate-500" aria-disabled="true" title={t('Choose an event from the Events page')}>{t('Competes')}</span>
          <NavLink to="/events" className={navClass}>{t('Events')}</NavLink>
          {user?.isStaff ? (
            <NavLink to="/blacks-fridays/general-scoreboard" className={navClass}>
              {t('Black-friday')}<Badge n={counts.rewardRequests} label={t('unprocessed reward requests')} testId="unprocessed-reward-requests" />
            </NavLink>
          ) : null}
        </nav>
        <LanguageSwitch />
        {user ? (
          <div className="flex items-center gap-3 text-sm">
            <details className="sm:relative">
              <summary className="px-2 py-1 text-slate-200 hover:text-white">
                {t('Notifications')}<Badge n={sumOf(counts.general, counts.admin)} label={t('new notifications')} testId="new-notifications" />
              </summary>
              <div className={MENU}>
                <Link className="block px-4 py-2 hover:bg-slate-100" to="/notifications/general">{t('General')}{someOf(counts.general) ? <> (<OwnValue value={counts.general} />)</> : null}</Link>
                <Link className="block px-4 py-2 hover:bg-slate-100" to="/notifications/admin">{t('Admin')}{someOf(counts.admin) ? <> (<OwnValue value={counts.admin} />)</> : null}</Link>
              </div>
            </details>
            <details className="sm:relative">
              <summary className="flex items-center gap-2 px-2 py-1">
                <OwnPicture src={user.profile} alt="" width={28} height={28} className="h-7 w-7 rounded-full bg-white object-cover" />
                <span><OwnValue value={user.username} /></span>
              </summary>
              <div className={MENU}>
                <Link className="block px-4 py-2 hover:bg-slate-100" to="/me">{t('Profile')}</Link>
                {!user.isStaff ? <Link className="block px-4 py-2 hover:bg-slate-100" to="/teams/me">{t('Team')}</Link> : null}
                <LogoutButton className="block px-4 py-2 hover:bg-slate-100" />
              </div>
            </details>
          </div>
        ) : (
          <Link to="/login" className="btn-primary">{t('Login')}</Link>
        )}
      </div>
    </header>
  );
}

export function Footer() {
  const t = useT();
  return (
    <footer className="mt-16 border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-6 text-sm text-slate-600">
        <a className="link" href="https://example.com" rel="noopener">{t('Our company website')}</a>
        <nav aria-label={t('Social')} className="flex gap-4">
          <a className="link" href="https://www.linkedin.com" rel="noopener">LinkedIn</a>
          <a className="link" href="https://x.com" rel="noopener">X</a>
          <a className="link" href="https://www.youtube.com" rel="noopener">YouTube</a>
        </nav>
        <p>{t('© {{year}} CTF Arena. All rights reserved.', { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
