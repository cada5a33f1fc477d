import { describe, expect, it } from 'vitest';
import { loginUrlFor, safeReturnPath } from './return-to';

describe('the page to return to after login', () => {
  it('follows only paths of this site', () => {
    expect(safeReturnPath('/practices/scoreboard?page=2')).toBe('/practices/scoreboard?page=2');
    // Percent-encoded bytes stay encoded in the Location header: harmless.
    expect(safeReturnPath('/a%0d%0ab')).toBe('/a%0d%0ab');
    for (const hostile of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)', '/a b', '/a\tb', '/a\r\nSet-Cookie: x', '/login?redirectTo=/x', '', null, 42, `/${'a'.repeat(3000)}`]) {
      expect(safeReturnPath(hostile), String(hostile)).toBe('/');
    }
  });

  it('builds the login URL from a page or a client navigation, keeping the query', () => {
    expect(loginUrlFor(new URL('http://x/practices/challenges?category=2&page=3'))).toBe('/login?redirectTo=%2Fpractices%2Fchallenges%3Fcategory%3D2%26page%3D3');
    expect(loginUrlFor(new URL('http://x/practices/scoreboard.data?_routes=routes%2Fscoped%2Fscoreboard'))).toBe('/login?redirectTo=%2Fpractices%2Fscoreboard');
    expect(loginUrlFor(new URL('http://x/_root.data'))).toBe('/login');
    expect(loginUrlFor(new URL('http://x/'))).toBe('/login');
  });
});
