// React Router's matching is patched (app/patches: it skips the branches whose first plain segment a
// path does not begin with). Every page and API URL of the app must still reach its own route, in any
// letter case, and a path no route begins with must reach the catch-all.
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from '~/routes';

// The module Node's resolution picks, as the server's does: vitest's own would pick React Router's
// CommonJS build, which the patch leaves alone.
const { matchRoutes } = (await import(import.meta.resolve('react-router'))) as typeof import('react-router');

interface Entry { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] }

const idOf = (entry: Entry) => entry.id ?? entry.file.replace(/\.tsx?$/, '');
const tree = (entries: Entry[]): RouteObject[] =>
  entries.map((entry) => ({ id: idOf(entry), path: entry.path, index: entry.index, children: entry.index ? undefined : tree(entry.children ?? []) }) as RouteObject);
const appRoutes: RouteObject[] = [{ id: 'root', path: '', children: tree(routes as Entry[]) }];

/** Each page's URL (a route without children): its pattern with every parameter filled and the optional segments kept. */
function urls(entries: Entry[], parent = ''): { id: string; url: string }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ''].filter(Boolean).join('/');
    const own = (entry.path != null || entry.index) && !entry.children?.length ? [{ id: idOf(entry), url: `/${path.replace(/:[\w-]+/g, '7').replace(/\?/g, '').replace(/\*$/, 'a/b')}` }] : [];
    return [...own, ...urls(entry.children ?? [], path)];
  });
}

const deepest = (url: string) => matchRoutes(appRoutes, url)?.at(-1)?.route.id;

describe('route matching (React Router, patched)', () => {
  const all = urls(routes as Entry[]);

  it('takes every route of the app to its own module, whatever the case of its letters', () => {
    expect(all.length).toBeGreaterThan(120);
    for (const { id, url } of all) {
      expect(deepest(url), url).toBe(id);
      expect(deepest(url.toUpperCase()), url.toUpperCase()).toBe(id);
    }
  });

  it('takes a path that no route begins with, or that begins with two slashes, to the catch-all', () => {
    expect(deepest('/no-such-page/practices')).toBe('routes/fallback');
    expect(deepest('//practices/scoreboard')).toBe('routes/fallback');
    expect(deepest('/api/no-such-call')).toBe('api/not-found');
    expect(deepest('/practices/scoreboard')).toBe(all.find((r) => r.url === '/practices/scoreboard')!.id);
  });
});
