// What the catalogue and the type pages share: which buttons each card shows (SPEC §2/§4 by state,
// written down in the README), the dialogs they open (delete confirmation, training-only notice) and
// the one action behind their forms (register, participate, delete).
import { redirect } from 'react-router';
import type { CardButtons, CardEvent } from '~/components/event-card';
import type { EventType } from '~/domain/event-types';
import { ACCESS_MESSAGES, AccessRefused } from '~/domain/challenge-access.server';
import { eventTypeRules } from '~/domain/event-types';
import { deleteEvent, entryDecision, eventImageUrl, getEvent, listEvents, registerForEvent, type EventView } from '~/domain/events.server';
import { isStaff, isSuperuser, type Actor } from '~/domain/policy.server';
import { getUser, requireUser } from '~/lib/auth.server';
import { readForm } from '~/lib/body.server';
import { PAGE_SIZE, pageNumber } from '~/lib/pagination';
import { DomainError, NotFound } from '~/lib/errors.server';
import { text } from '~/lib/i18n';
import { loginUrlFor } from '~/lib/return-to';
import { redirectWithFlash } from '~/lib/session.server';
import { hrefWith, without } from '~/lib/url';
import { EVENT_MESSAGES } from '~/schemas/event';

/** The search parameters of the page's dialogs: ?confirm=delete&id=3, ?dialog=training-only&id=3. */
export const DIALOG_PARAMS = ['confirm', 'dialog', 'id'] as const;
export const TRAINING_DIALOG = 'training-only';
const EVENT_MESSAGES_NOT_FOUND = text('This event does not exist (any more).');

export interface Card { event: CardEvent; buttons: CardButtons }

/**
 * The buttons of one card for one viewer:
 * - active: Participate (learners, anonymous) to the board; black-friday's registers first (a POST);
 *   staff get Explore challenges instead, in every state (they author and review);
 * - upcoming: 'Starts on …' and Register; ended: Scoreboard;
 * - in-person: Register is the event's own link while active or upcoming, Pictures once ended;
 * - other types: Register is a POST for signed-in learners not yet registered (black-friday only
 *   while upcoming: its Participate registers), a link to the login page for anonymous visitors;
 * - training-platform, for a learner who may not enter: Participate and Register open the notice.
 */
export function cardOf(actor: Actor | null, view: EventView, page: URL): Card {
  const { event, phase, registered } = view;
  const rules = eventTypeRules(event.type);
  const staff = isStaff(actor);
  const learner = !!actor && !staff;
  const closed = actor && !staff ? entryDecision(actor, event) !== null : false;
  const notice = hrefWith(page, { ...without(DIALOG_PARAMS), dialog: TRAINING_DIALOG, id: event.id });
  const board = `/competes/${event.id}/challenges`;

  let participate: CardButtons['participate'] = null;
  if (phase === 'active' && !staff) {
    if (closed) participate = { kind: 'link', to: notice };
    else if (learner && !rules.team && !registered) participate = { kind: 'post' };
    else participate = { kind: 'link', to: board };
  }

  let register: CardButtons['register'] = null;
  if (phase !== 'ended' && !staff) {
    if (rules.inPerson) register = event.registerLink ? { kind: 'external', href: event.registerLink } : null;
    else if (rules.team || phase === 'upcoming') {
      if (!actor) register = { kind: 'link', to: loginUrlFor(page) };
      else if (closed) register = { kind: 'link', to: notice };
      else if (!registered) register = { kind: 'post' };
    }
  }

  return {
    event: {
      id: event.id,
      name: event.name,
      place: event.place,
      image: eventImageUrl(event),
      phase,
      start: event.startDate.toISOString(),
      end: event.endDate.toISOString(),
    },
    buttons: {
      participate,
      explore: staff ? board : null,
      scoreboard: phase === 'ended' ? `/competes/${event.id}/scoreboard` : null,
      register,
      registered: learner && registered,
      pictures: phase === 'ended' && rules.inPerson ? event.picturesLink : null,
      edit: staff ? `/events/${event.id}/edit` : null,
      remove: isSuperuser(actor) ? hrefWith(page, { ...without(DIALOG_PARAMS), confirm: 'delete', id: event.id }) : null,
    },
  };
}

/** The dialog the URL asks for, if the viewer may see it: the delete confirmation or the training notice. */
export async function dialogOf(actor: Actor | null, url: URL) {
  const id = url.searchParams.get('id');
  if (url.searchParams.get('dialog') === TRAINING_DIALOG) return { kind: 'training' as const, message: ACCESS_MESSAGES.trainingOnly };
  if (url.searchParams.get('confirm') === 'delete' && isSuperuser(actor) && id) {
    const view = await getEvent(actor, id).catch((e) => (e instanceof NotFound ? null : Promise.reject(e)));
    return view ? { kind: 'delete' as const, id: view.event.id, name: view.event.name } : { kind: 'missing' as const, message: EVENT_MESSAGES_NOT_FOUND };
  }
  return null;
}

/** The page itself without its dialog. */
export const closeHref = (url: URL) => hrefWith(url, without(DIALOG_PARAMS));

/** The forms of the cards and dialogs: register, participate (register, then play), delete. */
export async function cardAction(request: Request, context: unknown) {
  const user = await requireUser(request, context);
  const url = new URL(request.url);
  // A body refused whole (app/lib/body.server.ts) is the 400 page: these dialogs answer with a flash.
  const form = await readForm(request);
  const intent = form.text('intent');
  const id = form.text('id');
  const back = closeHref(url);
  try {
    if (intent === 'register') {
      await registerForEvent(user, id);
      return redirectWithFlash(request, back, { type: 'success', text: EVENT_MESSAGES.registered });
    }
    if (intent === 'participate') {
      const view = await registerForEvent(user, id);
      return redirect(`/competes/${view.event.id}/challenges`);
    }
    if (intent === 'delete') {
      await deleteEvent(user, id);
      return redirectWithFlash(request, back, { type: 'success', text: EVENT_MESSAGES.deleted });
    }
  } catch (error) {
    // The training-only refusal is the notice of SPEC §1, shown as the page's dialog.
    if (error instanceof AccessRefused && error.kind === 'training-only') {
      return redirect(hrefWith(url, { ...without(DIALOG_PARAMS), dialog: TRAINING_DIALOG, id }));
    }
    if (error instanceof DomainError && error.status !== 401) return redirectWithFlash(request, back, { type: 'error', text: error.message });
    throw error;
  }
  return redirectWithFlash(request, back, { type: 'error', text: text('Unknown action.') });
}

/** What a page of event cards loads (the catalogue's online events, a type's page): anonymous visitors included. */
export async function eventCards(request: Request, context: unknown, type: EventType) {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  const list = await listEvents(user, { type, page: pageNumber(url.searchParams.get('page')), pageSize: PAGE_SIZE.events });
  return {
    cards: list.results.map((v) => cardOf(user, v, url)),
    count: list.count,
    page: list.page,
    staff: isStaff(user),
    dialog: await dialogOf(user, url),
    closeTo: closeHref(url),
  };
}
