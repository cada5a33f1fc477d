import { useLocation } from 'react-router';
import { formatNumber, useLanguage, useT } from '~/lib/i18n';
import { EXPORT_MAX_ROWS } from '~/lib/pagination';
import { DownloadLink } from './download-link';

/**
 * The export URL of the list page at `pathname` (docs/rules.md "Exports"): its path plus /export,
 * with the filters the page applied (empty ones left out) and the format. The page number is not
 * one of them: a file holds every page.
 */
export function exportHref(pathname: string, filters: Record<string, string>, format: 'csv' | 'xlsx'): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  params.set('format', format);
  return `${pathname.replace(/\/+$/, '')}/export?${params}`;
}

/**
 * 'Download CSV' and 'Download Excel' for the list on this page, with the filters its loader read.
 * Plain attachment links without JavaScript; with it, DownloadLink says whether the download worked
 * (SPEC §8's messages). A list longer than a file holds says so.
 */
export function ExportLinks({ filters = {}, count, className = '' }: { filters?: Record<string, string>; count: number; className?: string }) {
  const { pathname } = useLocation();
  const t = useT();
  const language = useLanguage();
  return (
    <div className={`flex flex-wrap items-start gap-x-4 gap-y-1 text-sm ${className}`}>
      <DownloadLink href={exportHref(pathname, filters, 'csv')}>{t('Download CSV')}</DownloadLink>
      <DownloadLink href={exportHref(pathname, filters, 'xlsx')}>{t('Download Excel')}</DownloadLink>
      {count > EXPORT_MAX_ROWS ? (
        <p className="text-xs text-slate-600">
          {t('The files hold the first {{first}} of {{total}} rows.', { first: formatNumber(EXPORT_MAX_ROWS, language), total: formatNumber(count, language) })}
        </p>
      ) : null}
    </div>
  );
}
