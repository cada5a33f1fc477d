import { NavLink } from 'react-router';
import { text, useT } from '~/lib/i18n';

const TABS = [
  { to: '/blacks-fridays/rewards', label: text('Rewards') },
  { to: '/blacks-fridays/unprocessed-reward-requests', label: text('Unprocessed requests') },
  { to: '/blacks-fridays/processed-reward-requests', label: text('Processed requests') },
  { to: '/blacks-fridays/general-scoreboard', label: text('General scoreboard') },
];

/** The Black Friday administration pages (SPEC §2), as plain links: tabs that work without JS. */
export function BlackFridayTabs() {
  const t = useT();
  return (
    <nav aria-label={t('Black Friday administration')} className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 text-sm">
      {TABS.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          className={({ isActive }) => `-mb-px border-b-2 px-3 py-2 ${isActive ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t(tab.label)}
        </NavLink>
      ))}
    </nav>
  );
}
