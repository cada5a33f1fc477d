// An event as SPEC §3 lists it, for every /api/events answer.
import { eventImageUrl, type EventView } from '~/domain/events.server';
import { env } from '~/lib/env.server';

export function eventJson({ event, phase, registered }: EventView) {
  const image = eventImageUrl(event);
  return {
    id: event.id,
    name: event.name,
    place: event.place,
    description: event.description,
    image: image ? `${env.publicUrl}${image}` : null,
    type: event.type,
    is_active: phase === 'active',
    // An addition to SPEC §3: which side of is_active a not-active event is on.
    state: phase,
    start_date: event.startDate.toISOString(),
    end_date: event.endDate.toISOString(),
    register_link: event.registerLink,
    pictures_link: event.picturesLink,
    pictures_links: event.picturesLink ? [event.picturesLink] : [],
    team_size_limit: event.teamSizeLimit,
    user_is_registered: registered,
  };
}
