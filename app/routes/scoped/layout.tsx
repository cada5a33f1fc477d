import { Outlet, useLoaderData } from 'react-router';
import { ScopeNav, type ScopeNavData } from '~/components/scope-nav';
import { pendingReviews } from '~/domain/pending-reviews.server';
import { isStaff } from '~/domain/policy.server';
import { resolveScope, rulesOf, scopePath } from '~/domain/scope.server';
import { getUser } from '~/lib/auth.server';
import { text } from '~/lib/i18n';
import type { Route } from './+types/layout';

/**
 * What the sub-navigation needs. It runs before every page of the scope, the board and scoreboard
 * included, so it stays cheap: the user is the request's (resolved once), practice reads nothing,
 * an event one row (an unknown event is a 404: NotFound becomes the 404 page in route-errors), and
 * the staff's pending count is kept until a submission is written (domain/pending-reviews.server.ts).
 * Anonymous visitors get no navigation; the page under it sends them to /login.
 */
export async function loader({ request, params, context }: Route.LoaderArgs): Promise<{ nav: ScopeNavData | null }> {
  const user = await getUser(request, context);
  if (!user) return { nav: null };
  const scope = await resolveScope(params as { eventId?: string });
  const base = scopePath(scope);
  const people =
    scope.kind === 'practice'
      ? { label: text('Learners'), to: `${base}/users` }
      : rulesOf(scope).team
        ? { label: text('Teams'), to: `${base}/teams` }
        : { label: text('Players'), to: `${base}/users` };
  return {
    nav: {
      label: scope.kind === 'practice' ? null : scope.event.name,
      base,
      people,
      staff: isStaff(user),
      pending: await pendingReviews(user, scope),
    },
  };
}

/** The frame of a scope's pages (practice, or one event): its sub-navigation, then the page. */
export default function ScopeLayout() {
  const { nav } = useLoaderData<typeof loader>();
  return (
    <>
      {nav ? <ScopeNav nav={nav} /> : null}
      <Outlet />
    </>
  );
}
