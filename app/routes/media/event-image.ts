import { eventImage } from '~/domain/events.server';
import { attachment } from '~/lib/uploads.server';
import type { Route } from './+types/event-image';

/**
 * An event's picture, for everyone (the catalogue is public): checked as an image when uploaded,
 * sent as an attachment with a sandboxing CSP (an <img> still shows it; a visit downloads it).
 */
export async function loader({ params }: Route.LoaderArgs) {
  const image = await eventImage(params.id);
  if (!image) return new Response('Not found', { status: 404 });
  return attachment('events', image.storedName, image.downloadName);
}
