// Domain errors thrown by a loader or action become their HTTP answer for every route, through one
// wrapper of the server build; the root error boundary renders 404 and 403 pages with that status.
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useRouteError, type ServerBuild } from 'react-router';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { PrismaClient } from '~/generated/prisma/client';
import { ErrorBoundary } from '~/root';
import { api } from './api.server';
import { BODY_MESSAGES } from './body.server';
import { dbReady } from './db.server';
import { databasePath } from './env.server';
import { DATABASE_BUSY_RETRY_AFTER, DatabaseBusy, Forbidden, NotFound, RateLimited, Unauthorized, databaseBusy } from './errors.server';
import { malformedIdParam, withDomainErrors } from './route-errors.server';

type Loader = (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
const Page = () => null;

/** A build as React Router's compiler makes it: route entries pointing at frozen module namespaces. */
function fakeBuild(modules: Record<string, Record<string, unknown>>, paths: Record<string, string> = {}): ServerBuild {
  const routes: Record<string, unknown> = {};
  for (const [id, module] of Object.entries(modules)) routes[id] = { id, path: paths[id] ?? id, parentId: undefined, module: Object.freeze({ ...module }) };
  return Object.freeze({ routes, entry: { module: {} } }) as unknown as ServerBuild;
}

const args = { request: new Request('http://ctf.test/x'), params: {}, context: {} };
const thrown = (run: () => unknown) => Promise.resolve().then(run).then(() => { throw new Error('did not throw'); }, (e) => e);

describe('withDomainErrors', () => {
  const build = withDomainErrors(
    fakeBuild({
      page: { default: Page, loader: async () => { throw new NotFound('No such player.'); }, action: async () => { throw new Forbidden('Staff only.'); } },
      guarded: { default: Page, loader: async () => { throw new Unauthorized(); } },
      limited: { default: Page, loader: async () => { throw new RateLimited(42); } },
      resource: { loader: async () => { throw new Forbidden('Staff only.'); }, action: async () => { throw new RateLimited(7); } },
      crash: { default: Page, loader: async () => { throw new TypeError('a bug'); } },
      fine: { default: Page, loader: async () => ({ ok: true }) },
    }),
  );
  const loader = (id: string) => build.routes[id]!.module.loader as unknown as Loader;
  const action = (id: string) => build.routes[id]!.module.action as unknown as Loader;

  it('turns a page loader or action error into data with its status and detail', async () => {
    expect(await thrown(() => loader('page')(args))).toMatchObject({ type: 'DataWithResponseInit', data: { detail: 'No such player.' }, init: { status: 404 } });
    expect(await thrown(() => action('page')(args))).toMatchObject({ data: { detail: 'Staff only.' }, init: { status: 403 } });
    const limited = await thrown(() => loader('limited')(args));
    expect(limited.init.status).toBe(429);
    expect(new Headers(limited.init.headers).get('Retry-After')).toBe('42');
  });

  it('sends a page to /login on 401, to come back afterwards', async () => {
    const response = await thrown(() => loader('guarded')(args));
    expect(response).toBeInstanceOf(Response);
    expect(response.status).toBe(302);
    expect(response.headers.get('Location')).toBe(`/login?redirectTo=${encodeURIComponent(new URL(args.request.url).pathname)}`);
  });

  it('answers resource routes with the API JSON body', async () => {
    const forbidden: Response = await thrown(() => loader('resource')(args));
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ detail: 'Staff only.' });
    const limited: Response = await thrown(() => action('resource')(args));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('7');
  });

  it('lets other errors and results through unchanged, and wraps a build once', async () => {
    expect(await thrown(() => loader('crash')(args))).toBeInstanceOf(TypeError);
    expect(await loader('fine')(args)).toEqual({ ok: true });
    expect(withDomainErrors(build)).toBe(build);
  });
});

describe('record ids in the path', () => {
  it('must be positive safe integers in digits, or the route answers 404 without running', async () => {
    for (const id of ['abc', '-1', '0', '1e308', '1.5', '99999999999999999999', '9007199254740993', ' 1', '']) expect(malformedIdParam({ id }), id).toBe(true);
    expect(malformedIdParam({ eventId: '3', fileId: 'x' })).toBe(true);
    expect(malformedIdParam({ id: '42', hintId: '9007199254740991' })).toBe(false);
    expect(malformedIdParam({ uid: 'MTI', token: 'abc-def' })).toBe(false); // not record ids

    let ran = false;
    const build = withDomainErrors(
      fakeBuild(
        { root: { default: Page, loader: async () => 'root data' }, page: { default: Page, loader: async () => (ran = true) }, api: { loader: async () => (ran = true) } },
        { root: '', page: 'players/:id', api: 'api/players/:id' },
      ),
    );
    const page = await thrown(() => (build.routes.page!.module.loader as unknown as Loader)({ ...args, params: { id: '1e308' } }));
    expect(page).toMatchObject({ init: { status: 404 } });
    const api: Response = await thrown(() => (build.routes.api!.module.loader as unknown as Loader)({ ...args, params: { id: 'abc' } }));
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ detail: 'Not found.' });
    expect(ran).toBe(false);
    // Every matched loader gets the params: one whose own path does not declare the id runs, so the
    // 404 page still has what the root read (its language among it).
    expect(await (build.routes.root!.module.loader as unknown as Loader)({ ...args, params: { id: 'abc' } })).toBe('root data');
  });
});

describe('page action bodies', () => {
  it('of a type no page reads (JSON, text) are a 400 page before the action runs; forms, empty bodies and resource routes go through', async () => {
    let ran = 0;
    const build = withDomainErrors(fakeBuild({ page: { default: Page, action: async () => ++ran, loader: async () => ++ran }, api: { action: async () => ++ran } }));
    const run = (id: string, name: 'action' | 'loader', body: string, type: string) =>
      (build.routes[id]!.module[name] as unknown as Loader)({ ...args, request: new Request('http://ctf.test/x', { method: 'POST', body, headers: { 'Content-Type': type, 'Content-Length': String(body.length) } }) });
    for (const type of ['application/json', 'text/plain', 'application/xml']) {
      expect(await thrown(() => run('page', 'action', '{"a":1}', type)), type).toMatchObject({ data: { detail: BODY_MESSAGES.unsupported }, init: { status: 400 } });
    }
    expect(ran).toBe(0);
    expect(await run('page', 'action', 'a=1', 'application/x-www-form-urlencoded')).toBe(1);
    expect(await run('page', 'action', '', 'application/json')).toBe(2);
    expect(await run('api', 'action', '{"a":1}', 'application/json')).toBe(3);
  });
});

describe('the root error page', () => {
  async function render(error: Error) {
    const build = withDomainErrors(fakeBuild({ player: { default: Page, loader: async () => { throw error; } } }));
    // Framework mode hands the boundary its error as a prop; a plain data router does not.
    const Boundary = () => createElement(ErrorBoundary as never, { error: useRouteError() });
    const routes = [{ id: 'root', path: '/', ErrorBoundary: Boundary, children: [{ id: 'player', path: 'practices/users/:id', loader: build.routes.player!.module.loader, Component: Page }] }];
    const handler = createStaticHandler(routes as never);
    const context = await handler.query(new Request('http://ctf.test/practices/users/7'));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const html = renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
    return { status: context.statusCode, html };
  }

  it('is a 404 "Page not found" with links to the list and home', async () => {
    const { status, html } = await render(new NotFound());
    expect(status).toBe(404);
    expect(html).toContain('Page not found');
    expect(html).toContain('href="/practices/users"');
    expect(html).toContain('href="/"');
  });

  it('is a 403 page that gives the reason', async () => {
    const { status, html } = await render(new Forbidden('This event is for enrolled learners.'));
    expect(status).toBe(403);
    expect(html).toContain('Access denied');
    expect(html).toContain('This event is for enrolled learners.');
  });

  it('is a 503 "Busy" page for a busy database', async () => {
    const { status, html } = await render(new DatabaseBusy());
    expect(status).toBe(503);
    expect(html).toContain('Busy');
    expect(html).toContain('The server is busy. Try again in a few seconds.');
  });
});

describe('a busy database', () => {
  /** The error Prisma throws when SQLite answers SQLITE_BUSY (a client without this app's retries). */
  async function prismaBusyError(): Promise<unknown> {
    await dbReady;
    const path = databasePath(process.env.DATABASE_URL!)!;
    const other = new Database(path);
    const bare = new PrismaClient({ adapter: new PrismaBetterSqlite3({ url: `file:${path}`, timeout: 0 }) });
    other.exec('BEGIN IMMEDIATE');
    try {
      return await bare.category.create({ data: { name: 'busy', nameKey: 'busy' } }).then(() => null, (error: unknown) => error);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await bare.$disconnect();
    }
  }

  it('is recognised however it arrives: DatabaseBusy, the driver, Prisma, or as the cause of a wrapper', async () => {
    const fromPrisma = await prismaBusyError();
    expect(fromPrisma).toMatchObject({ code: 'P1008' }); // "Operation has timed out": a 500 if nothing mapped it
    const driver = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });
    const notStarted = Object.assign(new Error('Transaction API error: Unable to start a transaction in the given time.'), { code: 'P2028' });
    for (const error of [new DatabaseBusy(), driver, fromPrisma, new Error('authentication failed', { cause: fromPrisma }), notStarted]) {
      expect(databaseBusy(error)).toBeInstanceOf(DatabaseBusy);
    }
    for (const error of [new Error('database is fine'), new Forbidden(), Object.assign(new Error('x'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }), null, 'SQLITE_BUSY']) {
      expect(databaseBusy(error)).toBeNull();
    }
  });

  it('is a 503 with Retry-After: the error page for pages, {detail} for resource routes and the API', async () => {
    const fromPrisma = await prismaBusyError();
    const build = withDomainErrors(fakeBuild({ page: { default: Page, action: async () => { throw fromPrisma; } }, resource: { action: async () => { throw new DatabaseBusy(); } } }));
    const page = await thrown(() => (build.routes.page!.module.action as unknown as Loader)(args));
    expect(page).toMatchObject({ type: 'DataWithResponseInit', data: { detail: expect.stringMatching(/busy/) }, init: { status: 503 } });
    expect(new Headers(page.init.headers).get('Retry-After')).toBe(String(DATABASE_BUSY_RETRY_AFTER));
    const resource: Response = await thrown(() => (build.routes.resource!.module.action as unknown as Loader)(args));
    expect(resource.status).toBe(503);
    expect(resource.headers.get('Retry-After')).toBe(String(DATABASE_BUSY_RETRY_AFTER));
    expect(await resource.json()).toEqual({ detail: 'The database is busy. Try again in a few seconds.' });

    const answered = (await api(async () => { throw fromPrisma; })) as Response;
    expect(answered.status).toBe(503);
    expect(answered.headers.get('Retry-After')).toBe(String(DATABASE_BUSY_RETRY_AFTER));
    expect(await answered.json()).toEqual({ detail: 'The database is busy. Try again in a few seconds.' });
  });
});
