import { Form, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { Cell, Row, StackedTable, TableRegion } from '~/components/data-table';
import { EmptyState, Field } from '~/components/field';
import { utcText } from '~/components/local-time';
import { Pagination } from '~/components/pagination';
import { STAFF_ACTION_KINDS, STAFF_ACTION_LABELS } from '~/domain/staff-actions';
import { listStaffActions, staffLogPeople } from '~/domain/staff-log-list.server';
import { requireSuperuserPage } from '~/lib/auth.server';
import { metaTranslator, useT } from '~/lib/i18n';
import { pageLanguage } from '~/lib/language.server';
import { lastPage, PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { readStaffLogQuery } from '~/schemas/staff-log-filter';
import type { Route } from './+types/staff-actions';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Staff action log')} · CTF Arena` }];
};

// Kinds of action in the order of the registry (by subject: accounts, challenges, events, rewards...).
const ACTIONS = STAFF_ACTION_KINDS.map((kind) => ({ value: kind, label: STAFF_ACTION_LABELS[kind] }));

/**
 * The superuser's log of what staff did (issue 21 §3). Anonymous visitors log in first; anyone else is
 * sent home, as from every page above their role (lib/auth.server.ts); the domain checks again.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireSuperuserPage(request, context);
  const url = new URL(request.url);
  const query = readStaffLogQuery(url.searchParams);
  const page = pageNumber(url.searchParams.get('page'));
  // "On" and "Details" are worded on the server, where the names and the lines' details are read.
  const language = pageLanguage();
  const [list, people] = await Promise.all([
    listStaffActions(user, query.filter, { page, pageSize: PAGE_SIZE.staffActions }, language),
    staffLogPeople(user),
  ]);
  return {
    values: query.values,
    errors: query.errors,
    filtered: Object.values(query.values).some(Boolean),
    people,
    count: list.count,
    page: list.page,
    rows: list.results.map((line) => ({
      id: line.id,
      at: line.at.toISOString(),
      actor: line.actor,
      action: line.action,
      label: line.label,
      target: line.target,
      detail: line.detail,
    })),
  };
}

export default function StaffActions() {
  const { values, errors, filtered, people, count, page, rows } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div>
      <h1 className="mb-6 text-2xl font-bold">{t('Staff action log')}</h1>

      {/* A plain GET form: filters are the URL, with JavaScript or without. */}
      <Form method="get" role="search" aria-label={t('Filter the log')} className="mb-2 flex flex-wrap items-start gap-x-3">
        <Field label={t('Person')} name="person" errors={errors.person}>
          <select id="person" name="person" defaultValue={values.person} className="input">
            <option value="">{t('Everyone')}</option>
            {people.map((p) => <option key={p.id} value={p.id}>{p.username}</option>)}
          </select>
        </Field>
        <Field label={t('Action')} name="action" errors={errors.action}>
          <select id="action" name="action" defaultValue={values.action} className="input">
            <option value="">{t('Every action')}</option>
            {ACTIONS.map((a) => <option key={a.value} value={a.value}>{t(a.label)}</option>)}
          </select>
        </Field>
        <Field label={t('From (UTC day)')} name="from" errors={errors.from}>
          <input id="from" name="from" type="date" defaultValue={values.from} className="input" />
        </Field>
        <Field label={t('To (UTC day)')} name="to" errors={errors.to}>
          <input id="to" name="to" type="date" defaultValue={values.to} className="input" />
        </Field>
        <div className="mb-4 flex gap-2 self-end">
          <button type="submit" className="btn-secondary">{t('Filter')}</button>
          {filtered ? <Link to="/practices/staff-actions" className="btn-secondary">{t('Clear')}</Link> : null}
        </div>
      </Form>

      <p className="mb-3 text-sm text-slate-600" data-testid="staff-log-count">
        {filtered
          ? count === 1
            ? t('1 action match the filter, newest first.')
            : t('{{count}} actions match the filter, newest first.', { count })
          : count === 1
            ? t('1 action logged, newest first.')
            : t('{{count}} actions logged, newest first.', { count })}
      </p>

      {rows.length === 0 ? (
        count > 0 ? (
          <EmptyState text={t('There is no page {{page}}: the list ends at page {{last}}.', { page, last: lastPage(count, PAGE_SIZE.staffActions) })} />
        ) : filtered ? (
          <EmptyState text={t('No staff action matches the filter.')} />
        ) : (
          <EmptyState />
        )
      ) : (
        <TableRegion label={t('Staff actions')}>
          <StackedTable testId="staff-log" caption={t('Staff actions, newest first')} columns={[t('When (UTC)'), t('Who'), t('What'), t('On'), t('Details')]}>
            {rows.map((r) => (
              <Row key={r.id} data-action={r.action}>
                <Cell label={t('When (UTC)')} className="whitespace-nowrap"><time dateTime={r.at}>{utcText(r.at)}</time></Cell>
                <Cell label={t('Who')}>{r.actor ? r.actor.username : <span className="text-slate-500">{t('Deleted account')}</span>}</Cell>
                <Cell label={t('What')}>{t(r.label)}</Cell>
                <Cell label={t('On')}>{r.target}</Cell>
                <Cell label={t('Details')} className="max-w-sm text-sm break-words text-slate-600">{r.detail ?? ''}</Cell>
              </Row>
            ))}
          </StackedTable>
        </TableRegion>
      )}
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.staffActions} />
    </div>
  );
}
