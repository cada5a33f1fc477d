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

  it('returns what a Location header can carry: non-ASCII and stray % percent-encoded, escapes kept', () => {
    expect(safeReturnPath('/practices/users?q=Ωmega')).toBe('/practices/users?q=%CE%A9mega');
    expect(safeReturnPath('/é/ü?q=ß#Ω')).toBe('/%C3%A9/%C3%BC?q=%C3%9F#%CE%A9');
    expect(safeReturnPath('/practices/users?q=%CE%A9mega')).toBe('/practices/users?q=%CE%A9mega');
    expect(safeReturnPath('/x?q=100%&r=%zz&s=%4')).toBe('/x?q=100%25&r=%25zz&s=%254');
    expect(safeReturnPath('/a%0d%0ab?x=日本')).toBe('/a%0d%0ab?x=%E6%97%A5%E6%9C%AC');
    // A lone surrogate has no UTF-8; a path longer than 2,000 characters once encoded is refused.
    expect(safeReturnPath('/x\uD800')).toBe('/');
    expect(safeReturnPath(`/${'Ω'.repeat(400)}`)).toBe('/');
    for (const path of ['/Ωmega', '/x?q=100%', '/\u00e9', '/\u00a0x', '/\u2028']) expect(safeReturnPath(path), path).toMatch(/^[\x21-\x7e]+$/);
  });

  it('builds the login URL from a page or a client navigation, keeping the query', () => {
    expect(loginUrlFor(new URL('http://x/practices/challenges?category=2&page=3'))).toBe('/login?redirectTo=%2Fpractices%2Fchallenges%3Fcategory%3D2%26page%3D3');
    expect(loginUrlFor(new URL('http://x/practices/scoreboard.data?_routes=routes%2Fscoped%2Fscoreboard'))).toBe('/login?redirectTo=%2Fpractices%2Fscoreboard');
    expect(loginUrlFor(new URL('http://x/_root.data'))).toBe('/login');
    expect(loginUrlFor(new URL('http://x/'))).toBe('/login');
    expect(loginUrlFor(new URL('http://x/practices/users?q=Ωmega'))).toBe('/login?redirectTo=%2Fpractices%2Fusers%3Fq%3D%25CE%25A9mega');
  });
});
