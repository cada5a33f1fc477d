// Vitest setup of the API tests: every /api answer any test receives through fetch, whatever server
// of this build answered it (the shared one or a test's own), is checked against the OpenAPI
// document (./openapi-contract.ts). A test that reads an undocumented answer fails, even when it
// swallowed the fetch's outcome, so the document and the API cannot drift apart unnoticed.
// Raw sockets (the hostile clients of tests/api) answer below HTTP's rules and are not looked at.
import { afterEach, expect, inject } from 'vitest';
import { Contract, type Document } from './openapi-contract';

const send = globalThis.fetch;
let contract: Promise<Contract> | null = null;
/** The document, fetched once per test file from the shared server under test. */
function documented(): Promise<Contract> {
  contract ??= send(`${inject('apiUrl')}/api/openapi.json`).then(async (res) => {
    if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    return new Contract((await res.json()) as Document);
  });
  return contract;
}

const LOCAL = new Set(['127.0.0.1', 'localhost', '[::1]']);
const problems: string[] = [];

/** Null when the document describes the answer, else what is wrong with it. */
async function undocumented(method: string, url: URL, res: Response): Promise<string | null> {
  const type = res.headers.get('content-type') ?? '';
  // A live stream never ends; its status and type are its contract.
  const text = type.startsWith('text/event-stream') ? '' : await res.clone().text();
  let json: unknown;
  try { json = text ? JSON.parse(text) : undefined; } catch {}
  const problem = (await documented()).problem(method, url.pathname, { status: res.status, headers: res.headers, text, json });
  return problem && `${problem}\n${text.slice(0, 300)}`;
}

globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const res = await send(input, init);
  const url = new URL(input instanceof Request ? input.url : String(input));
  if (LOCAL.has(url.hostname) && url.pathname.startsWith('/api/')) {
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const problem = await undocumented(method, url, res);
    if (problem) {
      const said = `${method} ${url.pathname}: the answer is not the one /api/openapi.json documents: ${problem}`;
      problems.push(said);
      throw new Error(said);
    }
  }
  return res;
};

afterEach(() => {
  const found = problems.splice(0);
  expect(found, 'answers /api/openapi.json does not describe').toEqual([]);
});
