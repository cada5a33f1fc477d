// The rules server.ts applies before any route runs (the HTTP behaviour is tested on the real server
// in tests/api/body-limit.test.ts and tests/api/cross-site.test.ts).
import { describe, expect, it } from 'vitest';
import { bodyRule, DEFAULT_BODY_LIMIT, refusedCrossSite, routePath } from './request-guards.server';

const MB = 1024 * 1024;
const multipart = { 'content-type': 'multipart/form-data; boundary=x', authorization: 'Bearer t' };

describe('routePath', () => {
  it('is the path React Router matches: no query, no .data, segments decoded', () => {
    expect(routePath('/api/challenges/1/%68ints/2.data?x=1')).toBe('/api/challenges/1/hints/2');
    expect(routePath('/_root.data')).toBe('/');
    expect(routePath('/a%2Fb/%E0%A4%A')).toBe('/a%2Fb/%E0%A4%A');
    expect(routePath('http://host/api/x/?q')).toBe('/api/x/');
  });
});

describe('bodyRule', () => {
  it('gives uploads their own limit, and every other body 1 MB', () => {
    expect(bodyRule('POST', '/api/challenges/', multipart).limit).toBe(12 * MB);
    expect(bodyRule('POST', '/api/challenges/7/files/', multipart).limit).toBe(12 * MB);
    expect(bodyRule('POST', '/API/Challenges/7/Submissions', multipart).limit).toBe(11 * MB);
    expect(bodyRule('POST', '/practices/challenges?index', multipart).limit).toBe(11 * MB);
    expect(bodyRule('POST', '/practices/challenges/create.data', multipart).limit).toBe(12 * MB);
    expect(bodyRule('PUT', '/api/auth/users/me/', multipart).limit).toBe(3 * MB);
    expect(bodyRule('POST', '/practices/users', multipart).limit).toBe(6 * MB);
    // JSON is small even on an upload route; multipart is small on a route without files.
    expect(bodyRule('POST', '/api/challenges/7/files/', { 'content-type': 'application/json' }).limit).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyRule('POST', '/api/auth/jwt/create/', multipart).limit).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyRule('POST', '/api/challenges/7/verify-submitted-flag/', multipart).limit).toBe(DEFAULT_BODY_LIMIT);
  });

  it('refuses an API upload that carries no credentials at all', () => {
    const bare = { 'content-type': 'multipart/form-data; boundary=x' };
    expect(bodyRule('POST', '/api/challenges/', bare).missingCredentials).toBe(true);
    expect(bodyRule('POST', '/api/challenges/', { ...bare, cookie: 'theme=dark; ctf_session=abc' }).missingCredentials).toBe(false);
    expect(bodyRule('POST', '/api/challenges/', { ...bare, authorization: 'Bearer abc' }).missingCredentials).toBe(false);
    expect(bodyRule('POST', '/api/challenges/', { ...bare, cookie: 'not_ctf_session=abc' }).missingCredentials).toBe(true);
    // Pages answer for themselves (a redirect to /login), and sign-up needs nobody.
    expect(bodyRule('POST', '/me', bare).missingCredentials).toBe(false);
    expect(bodyRule('POST', '/api/auth/users/', { 'content-type': 'application/json' }).missingCredentials).toBe(false);
  });
});

describe('refusedCrossSite', () => {
  const cookie = 'ctf_session=abc';
  const hint = '/api/challenges/3/hints/4/';
  it('refuses a state change from another site, whatever its method', () => {
    expect(refusedCrossSite('POST', '/api/auth/jwt/destroy/', { cookie, 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(refusedCrossSite('POST', '/api/auth/jwt/destroy/', { cookie, origin: 'http://evil.example', host: 'ctf.test' })).toBe(true);
    expect(refusedCrossSite('GET', hint, { cookie, 'sec-fetch-site': 'cross-site' })).toBe(true);
    expect(refusedCrossSite('HEAD', hint, { cookie, 'sec-fetch-site': 'same-site' })).toBe(true);
    expect(refusedCrossSite('GET', hint, { cookie, host: 'ctf.test' })).toBe(true); // nothing vouches for it
    expect(refusedCrossSite('GET', hint, { cookie, host: 'ctf.test', referer: 'http://evil.example/' })).toBe(true);
  });

  it('lets the site, address-bar navigations, Bearer clients and harmless GETs through', () => {
    expect(refusedCrossSite('GET', hint, { cookie, 'sec-fetch-site': 'same-origin' })).toBe(false);
    expect(refusedCrossSite('GET', hint, { cookie, 'sec-fetch-site': 'none' })).toBe(false);
    expect(refusedCrossSite('GET', hint, { cookie, host: 'ctf.test', referer: 'http://ctf.test/practices/challenges' })).toBe(false);
    expect(refusedCrossSite('GET', hint, { authorization: 'Bearer t', 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(refusedCrossSite('POST', '/api/auth/jwt/destroy/', { authorization: 'Bearer t', origin: 'http://tool.example', host: 'ctf.test' })).toBe(false);
    expect(refusedCrossSite('GET', '/practices/challenges', { cookie, 'sec-fetch-site': 'cross-site' })).toBe(false);
    expect(refusedCrossSite('GET', hint, { 'sec-fetch-site': 'cross-site' })).toBe(false); // no session: nothing to change
    // A cookie beside the token is a browser's request.
    expect(refusedCrossSite('GET', hint, { cookie, authorization: 'Bearer t', 'sec-fetch-site': 'cross-site' })).toBe(true);
  });
});
