import { describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { plainOf } from './gzip.server';
import { asTemplate, finishedBody, finishFor, keepTemplate, keptTemplate, templatable, templateBytes, templateKey, viewerTokens } from './viewer-template.server';

const alice = { id: 7, username: 'alice', profile: '/media/profiles/7', counts: { general: 2, admin: 1, rewardRequests: 0 } };
const bob = { id: 9, username: 'bob.b', profile: '/default-profile.svg', counts: { general: 0, admin: 3, rewardRequests: 4 } };

/** What a header would render from the root loader's data (the sum as the real header adds it). */
function render(t: ReturnType<typeof viewerTokens>, nonce: string) {
  return `<script nonce="${nonce}"></script><img src="${t.profile}"><span>${t.username}</span><b>${t.counts.general + t.counts.admin}</b><i>${t.counts.general}</i><u>${t.counts.admin}</u><s>${t.counts.rewardRequests}</s>"id":${t.id}`;
}

describe('viewer templates', () => {
  it("puts each viewer's values where the tokens were, sums included", () => {
    const template = asTemplate(render(viewerTokens(alice), 'N1'), 'N1');
    expect(Buffer.concat(template.parts.map(plainOf)).toString()).not.toContain('alice');
    expect(finishFor(template, alice, 'N2').toString()).toBe(render({ ...alice }, 'N2'));
  });

  it('finds tokens and a base64 nonce by byte offset after multi-byte characters', () => {
    const page = (t: ReturnType<typeof viewerTokens>, nonce: string) => `<title>Côte d’Ivoire · 🇧🇯</title>${render(t, nonce)}<p>« é »</p>`;
    const template = asTemplate(Buffer.from(page(viewerTokens(alice), 'q+R/s=')), 'q+R/s=');
    expect(template.slots[0]).toBe('nonce');
    expect(finishFor(template, alice, 'Zz+/9=').toString()).toBe(page({ ...alice }, 'Zz+/9='));
  });

  it('keeps zero counts in the data: a viewer with other zeros gets another template', () => {
    expect(viewerTokens(alice).counts.rewardRequests).toBe(0);
    expect(viewerTokens(bob).counts.general).toBe(0);
    expect(viewerTokens(alice)).not.toEqual(viewerTokens(bob));
    const template = asTemplate(render(viewerTokens(bob), 'N'), 'N');
    expect(finishFor(template, bob, 'M').toString()).toBe(render(bob, 'M'));
  });

  it('refuses a value it cannot place safely: such a viewer is not templated at all', () => {
    expect(templatable(alice)).toBe(true);
    expect(templatable({ ...alice, username: 'root admin' })).toBe(false);
    const template = asTemplate(render(viewerTokens(alice), 'N'), 'N');
    expect(() => finishFor(template, { ...alice, username: '<script>' }, 'N')).toThrow();
  });

  it('keys a render by its whole input and refuses data JSON cannot tell apart', () => {
    const data = { root: viewerTokens(alice), page: { rows: [1, 2], at: new Date(0) } };
    expect(templateKey('/x', 200, ['root', 'page'], data)).toBe(templateKey('/x', 200, ['root', 'page'], structuredClone(data)));
    expect(templateKey('/x', 200, ['root', 'page'], data)).not.toBe(templateKey('/x?page=2', 200, ['root', 'page'], data));
    expect(templateKey('/x', 200, ['root', 'page'], data)).not.toBe(templateKey('/x', 200, ['root', 'page'], { ...data, page: { rows: [1, 3] } }));
    expect(templateKey('/x', 200, ['root'], { root: new Map() })).toBeNull();
    expect(templateKey('/x', 200, ['root'], { root: Promise.resolve(1) })).toBeNull();
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(templateKey('/x', 200, ['root'], { root: cycle })).toBeNull();
  });

  it('keeps templates by key', () => {
    const template = asTemplate('<p>t</p>', '');
    keepTemplate('k', template);
    expect(keptTemplate('k')).toBe(template);
    expect(finishFor(template, alice, 'N').toString()).toBe('<p>t</p>');
    expect(keptTemplate('other')).toBeNull();
  });

  it('gzips a finished page from parts deflated once, to the same bytes as the plain page', () => {
    // Large enough to be worth gzip, with characters of two to four bytes on both sides of tokens.
    const page = (t: ReturnType<typeof viewerTokens>, nonce: string) => `${'<li>été 🇫🇷 ✓</li>'.repeat(300)}${render(t, nonce)}${'<p>naïve</p>'.repeat(200)}${render(t, nonce)}`;
    const template = asTemplate(page(viewerTokens(alice), 'N1'), 'N1');
    const gz = finishedBody(template, alice, 'N2', 'br, gzip');
    expect(gz.headers).toContainEqual(['Content-Encoding', 'gzip']);
    expect(gunzipSync(gz.body).toString()).toBe(page({ ...alice }, 'N2'));
    expect(gz.body.length).toBeLessThan(Buffer.byteLength(page({ ...alice }, 'N2')) / 5);
    // The template keeps its long parts deflated only; another viewer's page (same badges drawn)
    // comes from the same ones.
    expect(templateBytes(template)).toBeLessThan(Buffer.byteLength(page({ ...alice }, 'N2')) / 5);
    const carol = { id: 12, username: 'carol', profile: '/media/profiles/12', counts: { general: 10, admin: 4, rewardRequests: 0 } };
    expect(gunzipSync(finishedBody(template, carol, 'N3', 'gzip').body).toString()).toBe(page(carol, 'N3'));
    // A client that takes no gzip gets the plain bytes, and so does a page too small to be worth it.
    const plain = finishedBody(template, carol, 'N3', null);
    expect(plain.headers).toEqual([]);
    expect(plain.body.toString()).toBe(page(carol, 'N3'));
    // Inflated once for such clients, and kept (and counted) for the next.
    const inflated = template.plain;
    expect(inflated).toBeDefined();
    expect(templateBytes(template)).toBeGreaterThan(Buffer.byteLength(page({ ...alice }, 'N2')));
    expect(finishedBody(template, alice, 'N4', '').body.toString()).toBe(page({ ...alice }, 'N4'));
    expect(template.plain).toBe(inflated);
    expect(finishedBody(asTemplate('<p>t</p>', ''), alice, 'N', 'gzip').body.toString()).toBe('<p>t</p>');
    // A template only plain clients asked for is never deflated, nor inflated.
    const text = asTemplate(page(viewerTokens(alice), 'N1'), 'N1');
    expect(finishedBody(text, carol, 'N5', null).body.toString()).toBe(page(carol, 'N5'));
    expect(text.deflated).toBeUndefined();
    expect(text.plain).toBeUndefined();
  });
});
