import { NavLink, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { EmptyState } from '~/components/field';
import { Pagination } from '~/components/pagination';
import { RichText } from '~/components/rich-text';
import { headerCounts } from '~/domain/header-counts.server';
import { listNotifications, type NotificationList } from '~/domain/notifications.server';
import { noticeIn } from '~/domain/notify.server';
import { isStaff } from '~/domain/policy.server';
import { requireUser } from '~/lib/auth.server';
import { metaTranslator, text, useT, UTC_DATE_TIME } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import type { Route } from './+types/list';

const TITLES: Record<NotificationList, string> = { all: text('Notifications'), general: text('General notifications'), admin: text('Admin notifications') };

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t(data ? TITLES[data.list] : 'Notifications')} · CTF Arena` }];
};

function listOf(pathname: string): NotificationList {
  const last = pathname.replace(/\/+$/, '').split('/').at(-1);
  return last === 'general' || last === 'admin' ? last : 'all';
}

/**
 * /notifications (both kinds), /notifications/general and /notifications/admin (one module, three
 * routes): newest first, 10 per page, unread ones marked "New". Opening a page marks what it showed
 * as read, so the badge counts it no more: the header shows the counts after that (`headerCounts`).
 * Not page-cached: every opening reads and marks.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  const list = listOf(url.pathname);
  const page = await listNotifications(user, list, { page: pageNumber(url.searchParams.get('page')), pageSize: PAGE_SIZE.list, markRead: true });
  const language = pageLanguage();
  const date = UTC_DATE_TIME[language];
  return {
    list,
    staff: isStaff(user),
    page: {
      ...page,
      // A platform notice in the reader's language; the stored words stay on the server.
      results: page.results.map(({ message, ...n }) => ({
        ...n,
        ...noticeIn({ ...n, message }, language),
        createdAt: n.createdAt.toISOString(),
        date: date.format(n.createdAt),
      })),
    },
    headerCounts: await headerCounts(user),
  };
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-1.5 text-sm font-medium ${isActive ? 'bg-brand-600 text-white' : 'text-slate-700 hover:bg-slate-100'}`;

export default function Notifications() {
  const { list, staff, page } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold">{t(TITLES[list])}</h1>
        {staff && list === 'admin' ? <Link to="/notifications/admin/create" className="btn-primary">{t('Notification')}</Link> : null}
      </div>
      <nav aria-label={t('Notification lists')} className="flex gap-2">
        <NavLink to="/notifications" end className={tabClass}>{t('All')}</NavLink>
        <NavLink to="/notifications/general" className={tabClass}>{t('General')}</NavLink>
        <NavLink to="/notifications/admin" end className={tabClass}>{t('Admin')}</NavLink>
      </nav>
      {page.results.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className="space-y-3" aria-label={t(TITLES[list])}>
          {page.results.map((n) => (
            <li key={n.id} data-testid="notification" className={`card ${n.isNew ? 'border-l-4 border-l-brand-600' : ''}`}>
              <div className="mb-2 flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <h2 className="text-lg font-semibold">{n.title}</h2>
                {n.isNew ? <span className="rounded bg-brand-600 px-1.5 py-0.5 text-xs font-semibold uppercase text-white">{t('New')}</span> : null}
                <span className="text-sm text-slate-500">
                  {list === 'all' ? `${n.kind === 'admin' ? t('Admin') : t('General')} · ` : ''}
                  <time dateTime={n.createdAt}>{t('{{date}} UTC', { date: n.date })}</time>
                  {n.event ? ` · ${n.event.name}` : ''}
                </span>
              </div>
              <RichText html={n.description} />
              {n.link?.startsWith("/") && !n.link.startsWith("//") ? <Link to={n.link} className="link mt-2 inline-block text-sm">{t('Open')}</Link> : null}
            </li>
          ))}
        </ul>
      )}
      <Pagination count={page.count} page={page.page} pageSize={page.pageSize} />
    </div>
  );
}
