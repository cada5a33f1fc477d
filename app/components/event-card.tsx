// One event's card (SPEC §2 "Events", §4 Event): picture, name, place, dates and the buttons its
// state calls for. What the buttons do is decided on the server (app/routes/events/cards.server.ts
// says which apply); this only draws them. Every button is a link or a POST form: no JS needed.
import { Form } from 'react-router';
import { Link } from '~/components/link';
import { useT } from '~/lib/i18n';
import { LocalTime } from './local-time';

export interface CardEvent {
  id: number;
  name: string;
  place: string;
  image: string | null;
  phase: 'upcoming' | 'active' | 'ended';
  start: string;
  end: string;
}

/** The buttons that apply to this viewer and this event, decided by the server. */
export interface CardButtons {
  /** Participate: a link to the board, a POST that registers first (black-friday), or the training-only dialog. */
  participate: { kind: 'link'; to: string } | { kind: 'post' } | null;
  /** Staff look at (and author) an event's challenges in any state. */
  explore: string | null;
  scoreboard: string | null;
  /** Register: the in-person event's own link, a POST for learners, the login page, or the training-only dialog. */
  register: { kind: 'external'; href: string } | { kind: 'post' } | { kind: 'link'; to: string } | null;
  registered: boolean;
  pictures: string | null;
  edit: string | null;
  remove: string | null;
}

const placeholder = (
  <div className="flex h-40 w-full items-center justify-center bg-gradient-to-br from-slate-700 to-slate-900 text-4xl text-white" aria-hidden="true">⚑</div>
);

export function EventCard({ event, buttons, busy }: { event: CardEvent; buttons: CardButtons; busy?: boolean }) {
  const { participate, explore, scoreboard, register, registered, pictures, edit, remove } = buttons;
  const t = useT();
  return (
    <article className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm" aria-labelledby={`event-${event.id}-name`} data-testid={`event-${event.id}`}>
      {event.image ? <img src={event.image} alt="" className="h-40 w-full object-cover" loading="lazy" /> : placeholder}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 id={`event-${event.id}-name`} className="text-lg font-semibold">{event.name}</h2>
        {/* Events that are not in person all take place 'Online event' (domain/events.server.ts DEFAULT_PLACE). */}
        <p className="text-sm text-slate-600">{event.place === 'Online event' ? t('Online event') : event.place}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-sm text-slate-600">
          <dt>{t('Starts')}</dt>
          <dd><LocalTime iso={event.start} /></dd>
          <dt>{t('Ends')}</dt>
          <dd><LocalTime iso={event.end} /></dd>
        </dl>
        {event.phase === 'upcoming' ? (
          <p className="text-sm font-medium text-brand-700">{t('Starts on')} <LocalTime iso={event.start} /></p>
        ) : event.phase === 'ended' ? (
          <p className="text-sm font-medium text-slate-500">{t('This event has ended.')}</p>
        ) : (
          <p className="text-sm font-medium text-green-700">{t('Running now')}</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {participate?.kind === 'link' ? <Link to={participate.to} className="btn-primary" preventScrollReset={participate.to.startsWith('?')}>{t('Participate')}</Link> : null}
          {participate?.kind === 'post' ? (
            <Form method="post">
              <input type="hidden" name="id" value={event.id} />
              <button type="submit" name="intent" value="participate" className="btn-primary" disabled={busy}>{t('Participate')}</button>
            </Form>
          ) : null}
          {explore ? <Link to={explore} className="btn-secondary">{t('Explore challenges')}</Link> : null}
          {scoreboard ? <Link to={scoreboard} className="btn-primary">{t('Scoreboard')}</Link> : null}
          {register?.kind === 'external' ? <a href={register.href} className="btn-secondary" target="_blank" rel="noopener noreferrer">{t('Register')}</a> : null}
          {register?.kind === 'link' ? <Link to={register.to} className="btn-secondary" preventScrollReset={register.to.startsWith('?')}>{t('Register')}</Link> : null}
          {register?.kind === 'post' ? (
            <Form method="post">
              <input type="hidden" name="id" value={event.id} />
              <button type="submit" name="intent" value="register" className="btn-secondary" disabled={busy}>{t('Register')}</button>
            </Form>
          ) : null}
          {registered ? <span className="rounded-full bg-green-100 px-3 py-1 text-sm text-green-800">{t('Registered')}</span> : null}
          {pictures ? <a href={pictures} className="btn-secondary" target="_blank" rel="noopener noreferrer">{t('Pictures')}</a> : null}
          {edit ? <Link to={edit} className="btn-secondary" aria-label={t('Edit {{name}}', { name: event.name })}>{t('Edit')}</Link> : null}
          {remove ? <Link to={remove} className="btn-danger" aria-label={t('Delete {{name}}', { name: event.name })} preventScrollReset>{t('Delete')}</Link> : null}
        </div>
      </div>
    </article>
  );
}
