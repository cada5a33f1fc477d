import { NavLink } from 'react-router';
import { text, useT } from '~/lib/i18n';

/** What the scope's sub-navigation shows, decided by the layout's loader (routes/scoped/layout.tsx). */
export interface ScopeNavData {
  /** The event's name, or null for practice ("Practice" in the page's language): names the navigation landmark. */
  label: string | null;
  /** /practices or /competes/{id}. */
  base: string;
  /** The players' page: Learners (practice), Teams (team events) or Players (individual events), a text() key. */
  people: { label: string; to: string };
  staff: boolean;
  /** Pending reviews, or null when the scope's solves are not reviewed (no Submissions link). */
  pending: number | null;
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex items-center gap-1 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium ${
    isActive ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'
  }`;

/**
 * The pages of one scope (ISSUE 8 §1). Plain links, so it works without JavaScript; NavLink marks
 * the current page with aria-current="page" (and its sub-pages: a player under Learners).
 */
export function ScopeNav({ nav }: { nav: ScopeNavData }) {
  const t = useT();
  const links = [
    { label: text('Challenges'), to: `${nav.base}/challenges` },
    { label: text('Scoreboard'), to: `${nav.base}/scoreboard` },
    nav.people,
    ...(nav.staff ? [{ label: text('Categories'), to: `${nav.base}/categories` }] : []),
  ];
  return (
    <nav aria-label={t('{{scope}} pages', { scope: nav.label ?? t('Practice') })} className="mb-6 border-b border-slate-200 pb-2" data-testid="scope-nav">
      <ul className="flex flex-wrap gap-1">
        {links.map((l) => (
          <li key={l.to}><NavLink to={l.to} className={linkClass}>{t(l.label)}</NavLink></li>
        ))}
        {nav.staff && nav.pending !== null ? (
          <li>
            {/* Named by its text, so the name holds what is seen ("Submissions 3"), then what the
                number counts: an aria-label that reworded it failed axe's label-content-name-mismatch. */}
            <NavLink to={`${nav.base}/submissions`} className={linkClass}>
              {t('Submissions')}
              {nav.pending > 0 ? (
                <>
                  {' '}
                  <span className="badge" data-testid="pending-reviews">{nav.pending}</span>
                  <span className="sr-only">{` ${t('pending reviews')}`}</span>
                </>
              ) : null}
            </NavLink>
          </li>
        ) : null}
        {nav.staff ? <li><NavLink to={`${nav.base}/statistics`} className={linkClass}>{t('Statistics')}</NavLink></li> : null}
      </ul>
    </nav>
  );
}
