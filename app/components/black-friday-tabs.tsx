import { NavLink } from 'react-router';

const TABS = [
  { to: '/blacks-fridays/rewards', label: 'Rewards' },
  { to: '/blacks-fridays/unprocessed-reward-requests', label: 'Unprocessed requests' },
  { to: '/blacks-fridays/processed-reward-requests', label: 'Processed requests' },
  { to: '/blacks-fridays/general-scoreboard', label: 'General scoreboard' },
];

/** The Black Friday administration pages (SPEC §2), as plain links: tabs that work without JS. */
export function BlackFridayTabs() {
  return (
    <nav aria-label="Black Friday administration" className="mb-6 flex flex-wrap gap-1 border-b border-slate-200 text-sm">
      {TABS.map((t) => (
        <NavLink
          key={t.to}
          to={t.to}
          className={({ isActive }) => `-mb-px border-b-2 px-3 py-2 ${isActive ? 'border-brand-600 font-semibold text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
        >
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
