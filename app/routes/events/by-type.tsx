import { data, useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { PAGE_SIZE } from '~/lib/pagination';
import { isEventType, type EventType } from '~/domain/event-types';
import { metaTranslator, text, useT } from '~/lib/i18n';
import { cardAction, eventCards } from './cards.server';
import { EventDialogs, EventGrid } from './event-list';
import type { Route } from './+types/by-type';

/** The heading of each type's page (the form's labels name types; these name their pages). */
const TITLES: Record<EventType, string> = {
  online: text('Online events'),
  'in-person': text('In-person events'),
  'training-platform': text('Training platform CTF'),
  'black-friday': text('Black Friday CTF'),
};

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t(data?.title ?? 'Events')} · CTF Arena` }];
};

/** /events/{type}: every event of one type, 6 per page, with a breadcrumb back to the catalogue. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  if (!isEventType(params.type)) throw data({ detail: 'No such kind of event.' }, { status: 404 });
  return { title: TITLES[params.type], ...(await eventCards(request, context, params.type)) };
}

export const action = ({ request, context }: Route.ActionArgs) => cardAction(request, context);

export default function EventsOfType() {
  const { title, cards, count, page, staff, dialog, closeTo } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div>
      <nav aria-label={t('Breadcrumb')} className="mb-4 text-sm">
        <ol className="flex gap-2 text-slate-600">
          <li><Link to="/events" className="link">{t('Events')}</Link></li>
          <li aria-hidden="true">/</li>
          <li aria-current="page">{t(title)}</li>
        </ol>
      </nav>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t(title)}</h1>
        {staff ? <Link to="/events/create" className="btn-primary">{t('Event')}</Link> : null}
      </div>
      <EventGrid cards={cards} count={count} page={page} />
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.events} />
      <EventDialogs dialog={dialog} closeTo={closeTo} />
    </div>
  );
}
