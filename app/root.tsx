import { useEffect } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useRouteLoaderData } from 'react-router';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { FlashMessage } from './components/flash';
import { Footer, Header } from './components/header';
import { LoadingOverlay } from './components/loading-overlay';
import { useNonce } from './components/nonce';
import { headerCounts } from './domain/header-counts.server';
import { isStaff } from './domain/policy.server';
import { profileUrl } from './domain/accounts.server';
import { getUser } from './lib/auth.server';
import { takeFlash } from './lib/session.server';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const [{ flash, setCookie }, counts] = await Promise.all([
    takeFlash(request),
    user ? headerCounts(user) : { general: 0, admin: 0, rewardRequests: 0 },
  ]);
  return data(
    {
      user: user ? { id: user.id, username: user.username, isStaff: isStaff(user), isSuperuser: user.isSuperuser, profile: profileUrl(user) } : null,
      counts,
      flash,
    },
    setCookie ? { headers: { 'Set-Cookie': setCookie } } : undefined,
  );
}

export type RootData = Awaited<ReturnType<typeof loader>>['data'];

/** The signed-in user as the root loader saw it, for any route component. */
export function useCurrentUser() {
  return (useRouteLoaderData('root') as RootData | undefined)?.user ?? null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData('root') as RootData | undefined;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-ink antialiased">
        <Header user={root?.user ?? null} counts={root?.counts ?? { general: 0, admin: 0, rewardRequests: 0 }} />
        <FlashMessage flash={root?.flash ?? null} />
        <LoadingOverlay />
        <main className="mx-auto max-w-6xl px-4 py-8">{children}</main>
        <Footer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // Marks the page interactive, so browser tests know when a click reaches React rather than
  // the plain HTML form underneath.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message = status === 404 ? 'This page does not exist.' : status === 403 ? 'You do not have access to this page.' : 'Something went wrong. Please try again.';
  return (
    <div className="card mx-auto max-w-lg text-center">
      <h1 className="mb-2 text-2xl font-bold">{status}</h1>
      <p className="text-slate-600">{message}</p>
    </div>
  );
}
