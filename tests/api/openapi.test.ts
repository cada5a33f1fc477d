// The OpenAPI document (/api/openapi.json) and its page (/api/docs): an OpenAPI 3.1 document whose
// references resolve and whose path parameters are declared, covering exactly the /api routes of
// app/routes.ts, each documented call answered (not 405). Every answer the API tests receive is checked
// against it (tests/support/contract-fetch.ts); this file checks the document itself, and the check.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { base, call } from '../support/api-client';
import { Contract, type Document } from '../support/openapi-contract';

type Json = Record<string, any>;

/** The /api routes of app/routes.ts, as written there (`api/events/:id/teams`, `api/*`). */
const ROUTES = [...readFileSync('app/routes.ts', 'utf8').matchAll(/route\(\s*'(api\/[^']*)'/g)].map((m) => m[1]);

/** A path reduced to its shape: no trailing slash, every parameter (and the catch-all) `{}`. */
const shape = (path: string) => path.replace(/\/+$/, '').replace(/:\w+|\{\w+\}|\*/g, '{}');

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

async function fetchDocument(): Promise<Json> {
  const res = await call('GET', '/api/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
  return res.body;
}

function resolve(doc: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((s) => decodeURIComponent(s).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce<any>((node, key) => (node === undefined ? undefined : node[key]), doc);
}

function refsIn(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) for (const item of node) refsIn(item, found);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else refsIn(value, found);
    }
  }
  return found;
}

describe('/api/openapi.json', () => {
  it('is an OpenAPI 3.1 document: info, paths, operations with responses, declared path parameters, references that resolve', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(doc.servers?.[0]?.url).toBe(base());
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(['bearer', 'session']);
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      expect(path).toMatch(/^\/api\//);
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      for (const [method, op] of Object.entries<Json>(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(op.summary, `${method} ${path}`).toEqual(expect.any(String));
        expect(Object.keys(op.responses ?? {}).length, `${method} ${path} has responses`).toBeGreaterThan(0);
        for (const status of Object.keys(op.responses)) expect(status).toMatch(/^[1-5]\d\d$/);
        const declared = (op.parameters ?? []).filter((p: Json) => p.in === 'path');
        expect(declared.map((p: Json) => p.name).sort(), `path parameters of ${method} ${path}`).toEqual(templated);
        for (const p of declared) expect(p.required).toBe(true);
        for (const s of op.security ?? []) for (const name of Object.keys(s)) expect(doc.components.securitySchemes).toHaveProperty(name);
      }
    }
    const unresolved = [...new Set(refsIn(doc))].filter((ref) => resolve(doc, ref) === undefined);
    expect(unresolved).toEqual([]);
  });

  it('documents every /api route of app/routes.ts, and nothing else', async () => {
    const doc = await fetchDocument();
    expect(ROUTES.length).toBeGreaterThan(60);
    const documented = new Set(Object.keys(doc.paths).map(shape));
    const routed = new Set(ROUTES.map((r) => shape(`/${r}`)));
    expect([...routed].filter((r) => !documented.has(r)), 'routes missing from the document').toEqual([]);
    expect([...documented].filter((d) => !routed.has(d)), 'documented paths that no route serves').toEqual([]);
  });

  it('answers each documented call, as the document says, for an anonymous caller', async () => {
    const doc = await fetchDocument();
    for (const [path, item] of Object.entries<Json>(doc.paths)) {
      for (const method of Object.keys(item)) {
        if (path === '/api/auth/jwt/destroy/' || path === '/api/notifications/stream') continue; // ends sessions; a stream (401 anonymous, checked below)
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'kind' ? 'general' : name === 'path' ? 'no/such/call' : '999999'));
        const res = await call(method.toUpperCase(), url);
        expect(res.status, `${method} ${url}`).not.toBe(405);
      }
    }
    expect((await call('GET', '/api/notifications/stream')).status).toBe(401);
  });

  it('is what every answer is held to: a status, type or shape it does not describe is refused', async () => {
    const contract = new Contract((await fetchDocument()) as Document);
    const answer = (status: number, type: string, text: string) => ({ status, headers: new Headers({ 'content-type': type }), text, json: type === 'application/json' ? JSON.parse(text) : undefined });
    const json405 = answer(405, 'application/json', '{"detail":"Method not allowed."}');
    const page405 = answer(405, 'text/html; charset=utf-8', '<!DOCTYPE html><html></html>');
    expect(contract.problem('POST', '/api/auth/users/top-players/', json405)).toBeNull();
    expect(contract.problem('POST', '/api/auth/users/top-players/', page405)).toMatch(/text\/html/);
    // The reference is a page: its 405 is the site's page, not the API's JSON.
    expect(contract.problem('POST', '/api/docs', page405)).toBeNull();
    expect(contract.problem('POST', '/api/docs', json405)).toMatch(/a page/);
    expect(contract.problem('GET', '/api/auth/users/top-players/', answer(200, 'application/json', '{"count":"many"}'))).toMatch(/does not match its schema/);
    expect(contract.problem('GET', '/api/auth/users/top-players/', answer(418, 'application/json', '{}'))).toMatch(/status 418 is not documented/);
    // An id past its documented range is no id: the catch-all's 404, whatever the method.
    const notFound = answer(404, 'application/json', '{"detail":"Not found."}');
    expect(contract.problem('DELETE', '/api/teams/99999999999999999999/', notFound)).toBeNull();
    expect(contract.problem('DELETE', '/api/teams/1/', notFound)).toMatch(/DELETE is not documented/);
  });
});

describe('/api/docs', () => {
  it('is a page of the site listing every call, and each group of calls in full on its own page', async () => {
    const index = await call('GET', '/api/docs');
    expect(index.status).toBe(200);
    expect(index.headers.get('content-type')).toMatch(/^text\/html/);
    expect(index.body).toContain('API reference');
    expect(index.body).toContain('/api/auth/jwt/create/');
    const group = await call('GET', '/api/docs?group=challenges');
    expect(group.status).toBe(200);
    expect(group.body).toContain('Check a flag');
    expect(group.body).toContain('id="schema-Challenge"');
    expect((await call('GET', '/api/docs?group=nothing')).status).toBe(404);
  });
});
