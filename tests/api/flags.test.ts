// Country flags (issue 21 §1): served from country-flag-icons as SVG images, kept a year by browsers,
// sandboxed when opened on their own; anything but a country code is a 404.
import { describe, expect, it } from 'vitest';
import { base } from '../support/api-client';

describe('GET /media/flags/{code}', () => {
  it("answers a country's flag as an SVG kept a year, and 404 for anything else", async () => {
    const res = await fetch(`${base()}/media/flags/BJ`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-security-policy')).toContain('sandbox');
    expect(await res.text()).toMatch(/^<svg [^>]*viewBox="0 0 513 342"/);
    for (const code of ['ZZ', 'bj', '..%2Fpackage.json', 'BJ.svg']) expect((await fetch(`${base()}/media/flags/${code}`)).status, code).toBe(404);
  });
});
