import { data, Link } from 'react-router';
import type { Route } from './+types/not-built';

export const meta: Route.MetaFunction = () => [{ title: 'Page not found · CTF Arena' }];

/**
 * Paths the header links to whose pages do not exist yet (registered in app/routes.ts, listed in
 * README "Rules: Navigation"). Until a page exists it says so with a 404, instead of the fallback
 * silently sending the visitor home.
 */
export function loader() {
  return data(null, { status: 404 });
}

export default function NotBuilt() {
  return (
    <div className="card mx-auto max-w-lg text-center" role="alert">
      <p className="text-sm font-semibold text-slate-500">404</p>
      <h1 className="mb-2 text-2xl font-bold">Page not found</h1>
      <p className="text-slate-600">This page is not available yet.</p>
      <p className="mt-4 flex justify-center gap-4">
        <Link className="link" to="/practices/challenges">Back to the practice challenges</Link>
        <Link className="link" to="/">Back home</Link>
      </p>
    </div>
  );
}
