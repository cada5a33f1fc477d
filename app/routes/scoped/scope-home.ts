import { redirect } from 'react-router';
import type { Route } from './+types/scope-home';

/** /competes/{id} itself has no page of its own: its challenges are the event's front page. */
export function loader({ params }: Route.LoaderArgs) {
  throw redirect(`/competes/${params.eventId}/challenges`);
}
