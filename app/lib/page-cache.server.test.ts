// The page cache's single flight (page-cache.server.ts "pending"): viewers of one class who miss a
// shared page together get one render between them. Through the lookup and store entry.server.tsx
// and server.ts use, on a real session and database.
import { describe, expect, it, vi } from 'vitest';
import { makeUser } from '../../tests/support/factories';
import { pageCacheLookup, pageCacheStore, pageCacheWaiters, type PageCacheLookup, type PageCacheMiss } from './page-cache.server';
import { createSession, sessionCookie } from './session.server';
import { asTemplate, viewerTokens } from './viewer-template.server';
import { viewerValues } from '~/domain/header-counts.server';
import { languageCookie } from './language.server';

const URL = '/practices/scoreboard';

async function viewer(over: { country?: string } = {}) {
  const user = await makeUser({ isValidated: true, ...over });
  const cookie = (await sessionCookie.serialize(await createSession(user.id, null))).split(';')[0];
  return { user, cookie, lookup: () => pageCacheLookup({ method: 'GET', url: URL, cookie, nonce: 'n0nce' }) };
}

/**
 * What entry.server.tsx keeps for a render: a template with the viewer's header as tokens, and the
 * fields its loaders read of the viewer (none: the scoreboard reads nothing of them).
 */
async function store(miss: PageCacheMiss, who: Awaited<ReturnType<typeof viewer>>, reads: string[] = [], main = 'the scoreboard') {
  const values = await viewerValues(who.user);
  const template = asTemplate(`<header>${viewerTokens(values).username}</header><main>${main}</main>`, 'n0nce');
  pageCacheStore(miss, 'shared', { userId: who.user.id, status: 200, headers: [['Content-Type', 'text/html; charset=utf-8']], template, viewer: values, reads: new Set(reads) });
}

const missOf = (found: PageCacheLookup) => (found && 'miss' in found ? found.miss : null);
const hitOf = (found: PageCacheLookup) => (found && 'hit' in found ? found : null);

/**
 * The page kept once as shared by `first`, then a write: `first` misses again and leads a render,
 * `second` asks meanwhile and waits on it.
 */
/** Until `n` requests wait on a render (their lookups read the session first, asynchronously). */
async function waitersAre(n: number) {
  await vi.waitFor(() => expect(pageCacheWaiters()).toBe(n));
}

async function leaderAndWaiter(first: Awaited<ReturnType<typeof viewer>>, second: Awaited<ReturnType<typeof viewer>>) {
  await store(missOf(await first.lookup())!, first);
  await makeUser();
  const leader = missOf(await first.lookup());
  const waiting = second.lookup();
  await waitersAre(1);
  return { leader, waiting };
}

describe('page cache: one render for viewers who miss together', () => {
  it('lets the first viewer render and the others replay that render, each with their own header', async () => {
    const [first, ...others] = await Promise.all(Array.from({ length: 4 }, viewer));
    // The page is known as shared once it was kept.
    const known = missOf(await first.lookup());
    expect(known).not.toBeNull();
    await store(known!, first);
    expect(hitOf(await first.lookup())).not.toBeNull();

    // A write ends every entry (a user row pages show).
    await makeUser();
    const leader = missOf(await first.lookup());
    expect(leader?.settle).toBeTypeOf('function');
    const waiting = others.map((o) => o.lookup());
    await waitersAre(others.length);
    await store(leader!, first);
    leader!.settle!();
    const answers = await Promise.all(waiting);
    for (const [i, found] of answers.entries()) {
      const hit = hitOf(found);
      expect(hit, `viewer ${i + 1} replayed the leader's render`).not.toBeNull();
      expect(hit!.body.toString()).toBe(`<header>${others[i].user.username}</header><main>the scoreboard</main>`);
    }
  });

  it('hands the render to those who waited even when a write since kept it out of the cache: they asked before that write', async () => {
    const [first, second] = await Promise.all([viewer(), viewer()]);
    const { leader, waiting } = await leaderAndWaiter(first, second);
    await makeUser(); // a write while the leader renders
    await store(leader!, first);
    leader!.settle!();
    const hit = hitOf(await waiting);
    expect(hit).not.toBeNull();
    expect(hit!.body.toString()).toBe(`<header>${second.user.username}</header><main>the scoreboard</main>`);
    // Not kept: the next viewer renders.
    expect(missOf(await second.lookup())).not.toBeNull();
  });

  it('lets the others render themselves when the leader kept nothing (an error, a redirect)', async () => {
    const [first, second] = await Promise.all([viewer(), viewer()]);
    const { leader, waiting } = await leaderAndWaiter(first, second);
    leader!.settle!();
    const found = missOf(await waiting);
    expect(found).not.toBeNull();
    expect(found!.settle, 'the next one renders without waiting on a leader').toBeUndefined();
  });
});

describe('page cache: a shared page is keyed by what its render read of its viewer', () => {
  it('replays a page only to viewers with the same value of every field its loaders read', async () => {
    const [first, same, other] = await Promise.all([viewer({ country: 'BJ' }), viewer({ country: 'BJ' }), viewer({ country: 'FR' })]);
    await makeUser(); // a fresh version: nothing kept from other tests
    await store(missOf(await first.lookup())!, first, ['country'], 'players of BJ');
    expect(hitOf(await same.lookup())?.body.toString()).toBe(`<header>${same.user.username}</header><main>players of BJ</main>`);
    expect(missOf(await other.lookup()), 'a viewer of another country renders the page').not.toBeNull();
  });

  it("never replays a page that read its viewer's full name to anyone else", async () => {
    const [first, second] = await Promise.all([viewer(), viewer()]);
    await makeUser();
    // The plausible edit: a layout returns its viewer's full name.
    await store(missOf(await first.lookup())!, first, ['fullname'], first.user.fullname);
    expect(missOf(await second.lookup())).not.toBeNull();
    expect(hitOf(await first.lookup())?.body.toString()).toContain(first.user.fullname);
  });

  it('keeps what different renders of a URL read side by side (a staff page may read more)', async () => {
    const [first, second, third] = await Promise.all([viewer({ country: 'BJ' }), viewer({ country: 'FR' }), viewer({ country: 'BJ' })]);
    await makeUser();
    await store(missOf(await first.lookup())!, first, ['country'], 'BJ');
    await store(missOf(await second.lookup())!, second, ['country', 'isStaff'], 'FR, read more');
    // The latest render read more; an earlier one, kept beside it, is this viewer's page.
    expect(hitOf(await third.lookup())?.body.toString()).toContain('<main>BJ</main>');
  });
});

describe('page cache: a page is kept per language', () => {
  it('never replays a page kept in one language to a request that asks for the other', async () => {
    const [first, second] = await Promise.all([viewer(), viewer()]);
    const french = (who: typeof first, extra: { acceptLanguage?: string; cookie?: string } = {}) =>
      pageCacheLookup({ method: 'GET', url: URL, cookie: extra.cookie ?? who.cookie, acceptLanguage: extra.acceptLanguage, nonce: 'n0nce' });
    await store(missOf(await first.lookup())!, first, [], 'in English');
    expect(hitOf(await second.lookup())?.body.toString()).toContain('in English');
    // The same viewers, a browser asking for French, then the switch's cookie: not the English page.
    const asked = missOf(await french(second, { acceptLanguage: 'fr-FR,fr;q=0.9' }));
    expect(asked).not.toBeNull();
    asked!.settle?.(); // rendered nothing: no one waits on it
    const chosen = `${second.cookie}; ${(await languageCookie.serialize('fr')).split(';')[0]}`;
    const leader = missOf(await french(second, { cookie: chosen }));
    expect(leader).not.toBeNull();
    await store(leader!, first, [], 'en français');
    leader!.settle?.();
    expect(hitOf(await french(first, { acceptLanguage: 'fr' }))?.body.toString()).toContain('en français');
    expect(hitOf(await second.lookup())?.body.toString()).toContain('in English');
  });
});
