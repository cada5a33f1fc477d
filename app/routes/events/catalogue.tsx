import { useLoaderData } from 'react-router';
import { Link } from '~/components/link';
import { Pagination } from '~/components/pagination';
import { metaTranslator, text, useT } from '~/lib/i18n';
import { PAGE_SIZE } from '~/lib/pagination';
import { cardAction, eventCards } from './cards.server';
import { EventDialogs, EventGrid } from './event-list';
import type { Route } from './+types/catalogue';

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = metaTranslator(matches);
  return [{ title: `${t('Events')} · CTF Arena` }];
};

/**
 * Standing cards: the event types that run again and again (SPEC §5), each with its own page, and
 * the in-person events, which the list below (online events) leaves out: without this card their
 * page was reachable only by typing its URL.
 */
const FIXED = [
  { to: '/events/black-friday', title: text('Black Friday CTF'), text: text('Every Friday: solve challenges alone, earn coins and trade them for rewards.') },
  { to: '/events/training-platform', title: text('Training platform CTF'), text: text('Weekly challenges for the learners of our training offer, cohort by cohort.') },
  { to: '/events/in-person', title: text('In-person events'), text: text('Competitions held on site: where and when they take place, and how to register.') },
];

/** /events, open to everyone (SPEC §6): the standing cards, then the online events, 6 per page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return eventCards(request, context, 'online');
}

export const action = ({ request, context }: Route.ActionArgs) => cardAction(request, context);

export default function Catalogue() {
  const { cards, count, page, staff, dialog, closeTo } = useLoaderData<typeof loader>();
  const t = useT();
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('Events')}</h1>
        {staff ? <Link to="/events/create" className="btn-primary">{t('Event')}</Link> : null}
      </div>
      <div className="mb-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {FIXED.map((f) => (
          <Link key={f.to} to={f.to} className="card block hover:border-brand-600">
            <h2 className="mb-1 text-lg font-semibold">{t(f.title)}</h2>
            <p className="text-sm text-slate-600">{t(f.text)}</p>
          </Link>
        ))}
      </div>
      <h2 className="mb-4 text-xl font-semibold">{t('Online events')}</h2>
      <EventGrid cards={cards} count={count} page={page} />
      <Pagination count={count} page={page} pageSize={PAGE_SIZE.events} />
      <EventDialogs dialog={dialog} closeTo={closeTo} />
    </div>
  );
}
