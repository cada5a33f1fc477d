import { redirect } from 'react-router';
import { getUser } from '~/lib/auth.server';
import type { Route } from './+types/fallback';

/** Unknown paths go home when logged in, to /login otherwise (SPEC §2). */
export async function loader({ request, context }: Route.LoaderArgs) {
  throw redirect((await getUser(request, context)) ? '/' : '/login');
}

export async function action({ request, context }: Route.ActionArgs) {
  throw redirect((await getUser(request, context)) ? '/' : '/login');
}

export default function Fallback() {
  return null;
}
