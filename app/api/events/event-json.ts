// An event as SPEC §3 lists it, for every /api/events answer.
import { z } from 'zod';
import type { EventType } from '~/domain/event-types';
import { eventImageUrl, type EventView } from '~/domain/events.server';
import { env } from '~/lib/env.server';
import { EVENT_TYPE_NAMES } from '~/schemas/event';
import { dateTime, detail, int, paginated } from '../openapi/shapes';

export const EventJson = z
  .strictObject({
    id: int(),
    name: z.string(),
    place: z.string(),
    description: z.string().meta({ description: 'HTML.' }),
    image: z.url().nullable(),
    type: z.enum(EVENT_TYPE_NAMES),
    is_active: z.boolean(),
    state: z.enum(['upcoming', 'active', 'ended']).meta({ description: 'An addition to SPEC §3: which side of is_active a not-active event is on.' }),
    start_date: dateTime(),
    end_date: dateTime(),
    register_link: z.string().nullable(),
    pictures_link: z.string().nullable(),
    pictures_links: z.array(z.string()),
    team_size_limit: int().nullable(),
    user_is_registered: z.boolean(),
  })
  .meta({ id: 'Event' });
export const EventPageJson = paginated(EventJson, 'EventPage');
/** POST /api/events/{id}/register-user/: the event and the confirmation. */
export const RegisteredJson = EventJson.extend({ detail: detail() }).meta({ id: 'EventRegistration' });

export function eventJson({ event, phase, registered }: EventView): z.infer<typeof EventJson> {
  const image = eventImageUrl(event);
  return {
    id: event.id,
    name: event.name,
    place: event.place,
    description: event.description,
    image: image ? `${env.publicUrl}${image}` : null,
    type: event.type as EventType,
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
