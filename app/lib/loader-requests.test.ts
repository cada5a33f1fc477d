// React Router is patched (app/patches): a loader gets the request React Router got, not a copy,
// when the URL holds nothing to normalize ("index", "_routes"); when it does, the loader still sees it
// normalized. Run through the module the server loads (vitest alone would load the CommonJS build).
import { describe, expect, it } from 'vitest';

const { createRequestHandler } = (await import(import.meta.resolve('react-router'))) as typeof import('react-router');

const seen: { request: Request; url: string }[] = [];
const loader = ({ request }: { request: Request }) => {
  seen.push({ request, url: request.url });
  return { ok: true };
};
const route = (id: string, parentId: string | undefined, path: string | undefined, index = false) => ({
  id, parentId, path, index, caseSensitive: undefined,
  module: { default: () => null, loader },
});
const build = {
  routes: { root: route('root', undefined, ''), page: route('page', 'root', 'page'), home: route('home', 'root', undefined, true) },
  entry: { module: { default: (_request: Request, status: number, headers: Headers) => new Response('document', { status, headers }) } },
  assets: {
    entry: { module: '/entry.js', imports: [] }, url: '/manifest.js', version: '1',
    routes: Object.fromEntries(['root', 'page', 'home'].map((id) => [id, { id, parentId: id === 'root' ? undefined : 'root', path: id === 'page' ? 'page' : id === 'root' ? '' : undefined, index: id === 'home', hasLoader: true, hasAction: false, hasClientLoader: false, hasClientAction: false, hasErrorBoundary: false, module: `/${id}.js`, imports: [] }])),
  },
  future: {}, publicPath: '/', assetsBuildDirectory: 'public', ssr: true, isSpaMode: false, prerender: [], basename: '/', routeDiscovery: { mode: 'initial', manifestPath: '/__manifest' },
};
const handle = createRequestHandler(build as never, 'production');

describe("a loader's request (React Router, patched)", () => {
  it('is the request itself when its URL holds nothing to normalize', async () => {
    seen.length = 0;
    const request = new Request('http://ctf.test/page?category=2');
    expect((await handle(request)).status).toBe(200);
    expect(seen.length).toBe(2);
    for (const s of seen) expect(s.request).toBe(request);
  });

  it('is normalized as before when it holds an index or _routes param', async () => {
    seen.length = 0;
    expect((await handle(new Request('http://ctf.test/page.data?category=2&_routes=page'))).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['http://ctf.test/page?category=2']);
    seen.length = 0;
    expect((await handle(new Request('http://ctf.test/?index&page=2'))).status).toBe(200);
    expect(seen.map((s) => s.url)).toEqual(['http://ctf.test/?page=2', 'http://ctf.test/?page=2']);
  });
});
