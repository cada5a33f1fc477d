import { useLocation } from 'react-router';
import { Link } from '~/components/link';
import { useT } from '~/lib/i18n';
import { lastPage, pageWindow } from '~/lib/pagination';

/**
 * First, previous, two neighbours either side, next, last (SPEC §2). Plain links: works without JS.
 * A page number past the last page (allowed: an empty page) gets a pager around the last page:
 * nothing is marked current, Previous and Last lead back to the last page, Next is disabled.
 */
export function Pagination({ count, page, pageSize, param = 'page' }: { count: number; page: number; pageSize: number; param?: string }) {
  const location = useLocation();
  const t = useT();
  const last = lastPage(count, pageSize);
  const past = page > last;
  if (last <= 1 && !past) return null;
  const href = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set(param, String(n));
    return `${location.pathname}?${params}`;
  };
  const item = (n: number, label: string, key: string, disabled = false, current = false) =>
    disabled ? (
      <span key={key} className="px-3 py-1 text-slate-400" aria-disabled="true">{label}</span>
    ) : (
      <Link key={key} to={href(n)} aria-current={current ? 'page' : undefined} className={`rounded px-3 py-1 ${current ? 'bg-brand-600 text-white' : 'hover:bg-slate-100'}`}>
        {label}
      </Link>
    );
  return (
    <nav aria-label={t('Pagination')} className="mt-4 flex flex-wrap items-center gap-1 text-sm">
      {item(1, `« ${t('First')}`, 'first', page === 1)}
      {item(past ? last : page - 1, `‹ ${t('Previous')}`, 'prev', page === 1)}
      {pageWindow(Math.min(page, last), last).map((n) => item(n, String(n), `p${n}`, false, n === page))}
      {item(page + 1, `${t('Next')} ›`, 'next', page >= last)}
      {item(last, `${t('Last')} »`, 'last', page === last)}
    </nav>
  );
}
