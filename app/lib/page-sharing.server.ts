// Which pages are rendered as templates, before React Router runs (docs/rules.md "Speed"). A page
// opts in with `export const handle = { pageCache: true | 'shared' }` on its route module (what each
// means: lib/page-cache.server.ts); nothing else decides it. Only for those pages does the root
// loader hand the header tokens in place of the viewer's values (lib/viewer-template.server.ts),
// and only for those does server.ts look the page cache up: every other page is rendered for its
// request alone, with the viewer's real values, so a value a page transforms (an upper-cased
// username) is never a token there.
import { matchPath, matchRoutes, type RouteObject, type ServerBuild } from 'react-router';
import type { PageCacheKind } from './page-cache.server';

/** What a route module's `handle` asks for. */
function pageCacheOf(handle: unknown): PageCacheKind | null {
  const kind = (handle as { pageCache?: unknown } | undefined)?.pageCache;
  return kind === true || kind === 'shared' ? kind : null;
}

interface RouteNode { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children: RouteNode[] }

/** Known paths kept at most (the boards and scoreboards of every event); past it the memory starts over. */
const MEMO_MAX = 2_000;

/**
 * The page cache kind of the page a path leads to (its deepest route's), or null. React Router's
 * matchRoutes ranks the whole route tree on each call (2.3 ms for this app's 119 routes), so it is
 * asked only about a path that one of the opted-in routes' own patterns matches (a regular
 * expression or two), and its answer is kept per path: another route can still outrank the
 * pattern, and matchRoutes is what says so.
 */
export function pageSharing(build: ServerBuild): (pathname: string) => PageCacheKind | null {
  const nodes = new Map<string, RouteNode>();
  for (const route of Object.values(build.routes)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive, children: [] });
  }
  const roots: RouteNode[] = [];
  for (const route of Object.values(build.routes)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    (parent ? parent.children : roots).push(nodes.get(route.id)!);
  }
  const fullPath = (id: string): string => {
    const route = build.routes[id]!;
    const own = route.path ?? '';
    const parent = route.parentId ? fullPath(route.parentId) : '';
    return own.startsWith('/') ? own : `${parent.replace(/\/$/, '')}/${own}`;
  };
  const patterns = Object.values(build.routes)
    .filter((route) => route && pageCacheOf(route.module.handle))
    .map((route) => ({ path: fullPath(route!.id), caseSensitive: route!.caseSensitive ?? false, end: true }));
  const memo = new Map<string, PageCacheKind | null>();
  return (pathname) => {
    if (!patterns.some((pattern) => matchPath(pattern, pathname))) return null;
    let kind = memo.get(pathname);
    if (kind === undefined) {
      // An index route has no children; its empty list reads the same to matchRoutes.
      const deepest = matchRoutes(roots as unknown as RouteObject[], pathname)?.at(-1)?.route.id;
      kind = deepest ? pageCacheOf(build.routes[deepest]?.module.handle) : null;
      if (memo.size >= MEMO_MAX) memo.clear();
      memo.set(pathname, kind);
    }
    return kind;
  };
}
