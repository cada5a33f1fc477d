import { useEffect, useRef } from 'react';
import { data, isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from 'react-router';
import { Link } from '~/components/link';
import type { Route } from './+types/root';
import stylesheet from './app.css?url';
import { FocusFirstError } from './components/field';
import { FlashMessage } from './components/flash';
import { Footer, Header } from './components/header';
import { LoadingOverlay } from './components/loading-overlay';
import { useNonce } from './components/nonce';
import { own } from './components/viewer-value';
import { viewerValues } from './domain/header-counts.server';
import { getUser } from './lib/auth.server';
import type { RequestContext } from './lib/context';
import { headerViewer, templatable } from './lib/viewer-template.server';
import { unrecorded } from './lib/viewer-reads.server';
import { takeFlash } from './lib/session.server';
import { pageLanguage } from './lib/language.server';
import { text, useLanguage, useT } from './lib/i18n';

// The stylesheet is not among `links`: see Layout.
export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  // On a page kept for many viewers the user records what is read of it (lib/viewer-reads.server.ts).
  // The header's values alone are read from the user itself: they go out as tokens, and
  // headerViewer's answer is part of the kept page's key. Anything else read here is recorded.
  const self = user && unrecorded(user);
  const [{ flash, setCookie }, values] = await Promise.all([takeFlash(request), self ? viewerValues(self) : null]);
  // A page whose route opted in (lib/page-sharing.server.ts) is rendered as a template for every
  // viewer of the same data, and finished with this viewer's values by entry.server.tsx
  // (lib/viewer-template.server.ts); every other page gets the real values. A flash message is the
  // viewer's own, so a page carrying one is rendered for them alone.
  const ctx = context as RequestContext;
  const asTokens = !!(values && ctx.sharing && !flash && !setCookie && templatable(values));
  if (asTokens) ctx.viewer = values!;
  const header = self && values ? headerViewer(self, values, asTokens) : null;
  // Part of every page's data, so a kept render (lib/viewer-template.server.ts) is per language too.
  const language = pageLanguage();
  return data(
    { user: header?.user ?? null, counts: header?.counts ?? { general: own(0), admin: own(0), rewardRequests: own(0) }, flash, language },
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
  const t = useT();
  return (
    <html lang={useLanguage()}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/*
          With a precedence React puts the stylesheet ahead of the scripts' modulepreloads in the head
          (it hoists them all): on a slow HTTP/1.1 link the browser's six connections went to the
          first scripts listed and the stylesheet, which holds the first paint, waited behind them.
        */}
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen bg-slate-50 text-ink antialiased">
        {/* First in the tab order on every page: keyboard users jump past the header's links. */}
        <a href="#main" className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow">
          {t('Skip to main content')}
        </a>
        <Header user={root?.user ?? null} counts={root?.counts ?? { general: own(0), admin: own(0), rewardRequests: own(0) }} />
        <FlashMessage flash={root?.flash ?? null} />
        <LoadingOverlay />
        <FocusFirstError />
        <main id="main" tabIndex={-1} className="mx-auto max-w-6xl px-4 py-8 focus:outline-none">{children}</main>
        <Footer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * A page load starts a screen reader and the keyboard at the top; a client-side navigation does not,
 * so it moves the focus to the new page's heading (a field in error, if any, takes it after:
 * FocusFirstError). Query and hash changes (dialogs, tabs, pages of a list) keep the focus.
 */
function useFocusHeadingOnNavigation() {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const heading = document.querySelector<HTMLElement>('main h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * Marks the page interactive, so browser tests know when a click reaches React rather than the
 * plain HTML form underneath: the error page too.
 */
function useHydratedMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}

export default function App() {
  useHydratedMark();
  useFocusHeadingOnNavigation();
  return <Outlet />;
}

/** What a route threw, as the page says it: a title, a sentence and the detail when there is one. */
const ERROR_PAGES: Record<number, { title: string; text: string }> = {
  400: { title: text('Bad request'), text: text('This request is not valid.') },
  403: { title: text('Access denied'), text: text('You do not have access to this page.') },
  404: { title: text('Page not found'), text: text('This page does not exist, or you cannot see it.') },
  409: { title: text('Conflict'), text: text('This change conflicts with the current state.') },
  429: { title: text('Too many requests'), text: text('Please wait a moment and try again.') },
  503: { title: text('Busy'), text: text('The server is busy. Try again in a few seconds.') },
};

/**
 * The Retry-After of what a route threw (a 503 for a busy database, a 429) on the error page's
 * response: React Router keeps only the cookies of a thrown response's headers unless a route's
 * `headers` passes them on, and the root is the one error boundary.
 */
export const headers: Route.HeadersFunction = ({ errorHeaders }) => {
  const retryAfter = errorHeaders?.get('Retry-After');
  const passed: Record<string, string> = {};
  if (retryAfter) passed['Retry-After'] = retryAfter;
  return passed;
};

/**
 * One error page for every route. Loaders and actions throw domain errors; server.ts turns them into
 * `data({detail}, {status})` once for all routes (app/lib/route-errors.server.ts), so a missing or
 * forbidden record is answered with its status, never a 500.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const t = useT();
  const page = ERROR_PAGES[status] ?? { title: text('Something went wrong'), text: text('Something went wrong. Please try again.') };
  const thrown = isRouteErrorResponse(error) ? (error.data as unknown) : null;
  const detail = typeof thrown === 'string' ? thrown : thrown && typeof thrown === 'object' && typeof (thrown as { detail?: unknown }).detail === 'string' ? (thrown as { detail: string }).detail : null;
  // The list this page belongs to (/practices/users for /practices/users/42), when there is one.
  const segments = pathname.split('/').filter(Boolean);
  const list = segments.length > 1 ? `/${segments.slice(0, -1).join('/')}` : null;
  useHydratedMark();
  const title = `${t(page.title)} · CTF Arena`;
  return (
    <div className="card mx-auto max-w-lg text-center" role="alert">
      <title>{title}</title>
      <p className="text-sm font-semibold text-slate-500">{status}</p>
      <h1 className="mb-2 text-2xl font-bold">{t(page.title)}</h1>
      <p className="text-slate-600">{t(page.text)}</p>
      {status < 500 && detail && detail !== page.text ? <p className="mt-2 text-slate-600" data-testid="error-detail">{t(detail)}</p> : null}
      <p className="mt-4 flex justify-center gap-4">
        {list && status !== 500 ? <Link className="link" to={list}>{t('Back to the list')}</Link> : null}
        <Link className="link" to="/">{t('Back home')}</Link>
      </p>
    </div>
  );
}
