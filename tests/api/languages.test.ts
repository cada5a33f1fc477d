// The API speaks English whatever the browser asks for (docs/rules.md "Languages"), while a page
// speaks the language its request decides down to the domain's messages with values in them, which
// are worded where they are thrown (lib/i18n.ts say, put in place by server.ts for page requests).
import { beforeAll, describe, expect, it } from 'vitest';
import { createCookie } from 'react-router';
import { base, call, sessionCookie, superuserToken } from '../support/api-client';
import { SUPERUSER } from '../support/test-server';

let root = '';
let rootCookie = '';
/** The language switch's cookie (lib/language.server.ts languageCookie) set to French. */
let frenchSwitch = '';
let n = 0;

beforeAll(async () => {
  root = await superuserToken();
  rootCookie = await sessionCookie(SUPERUSER);
  frenchSwitch = (await createCookie('ctf_lng').serialize('fr')).split(';', 1)[0];
});

/** A request as a browser that asks for French sends it: same origin, its own headers. */
async function send(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  const res = await fetch(`${base()}${path}`, { method, headers: { Origin: base(), ...headers }, body, redirect: 'manual' });
  return { status: res.status, text: await res.text() };
}

/** A category with one challenge in it, which cannot be deleted. */
async function categoryInUse(): Promise<number> {
  const name = `Lang ${Date.now().toString(36)}${++n}`;
  const category = await call('POST', '/api/categories/', { token: root, json: { name } });
  expect(category.status).toBe(201);
  const challenge = await call('POST', '/api/challenges/', {
    token: root,
    json: { name, category: category.body.id, description: 'Find it.', initial_value: 100, flag: { value: 'CTF{lang}', collation: 'plain_text' } },
  });
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(201);
  return category.body.id as number;
}

const IN_USE_EN = 'This category cannot be deleted: it still has 1 challenge. Move or delete it first.';

describe('the API', () => {
  it('answers in English to a browser that asks for French, by its header, its switch or both', async () => {
    const id = await categoryInUse();
    const asked: Record<string, string>[] = [
      { Cookie: `${rootCookie}; ${frenchSwitch}`, 'Accept-Language': 'fr-FR,fr;q=0.9' },
      { Cookie: rootCookie, 'Accept-Language': 'fr' },
      { Authorization: `Bearer ${root}`, 'Accept-Language': 'fr', Cookie: frenchSwitch },
    ];
    for (const headers of asked) {
      const refused = await send('DELETE', `/api/categories/${id}/`, headers);
      expect(refused.status).toBe(400);
      expect(JSON.parse(refused.text)).toEqual({ detail: IN_USE_EN });
      const unknown = await send('POST', '/api/notifications/', { ...headers, 'Content-Type': 'application/json' }, JSON.stringify({ title: 'x', description: 'y', event: 999999 }));
      expect(JSON.parse(unknown.text)).toEqual({ event: ['Invalid pk "999999" - object does not exist.'] });
      const long = await send('POST', '/api/notifications/', { ...headers, 'Content-Type': 'application/json' }, JSON.stringify({ title: 'x'.repeat(201), description: 'y' }));
      expect(JSON.parse(long.text)).toEqual({ title: ['Ensure this field has no more than 200 characters.'] });
    }
  });
});

describe('a page', () => {
  const deleteOnPage = async (id: number, headers: Record<string, string>) => {
    const form = new FormData();
    form.set('intent', 'delete');
    form.set('id', String(id));
    return send('POST', `/practices/categories?delete=${id}`, { Cookie: rootCookie, ...headers }, form);
  };

  it("answers the same refusal in the page's language", async () => {
    const id = await categoryInUse();
    const french = await deleteOnPage(id, { 'Accept-Language': 'fr' });
    expect(french.status).toBeLessThan(500);
    // The words without accents or apostrophes, which the page's markup and data may escape.
    expect(french.text).toContain('elle contient encore 1 d');
    expect(french.text).not.toContain('Move or delete it first');
    const switched = await deleteOnPage(id, { 'Accept-Language': 'en', Cookie: `${rootCookie}; ${frenchSwitch}` });
    expect(switched.text).toContain('elle contient encore 1 d');
    const english = await deleteOnPage(id, { 'Accept-Language': 'en' });
    expect(english.text).toContain('Move or delete it first');
  });
});
