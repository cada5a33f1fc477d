// One request path (docs/limits.md, app/lib/respond.server.ts): whatever answers a request (the
// direct lane, a page-cache replay, React Router's pages and API, a static file, an error page,
// admission's refusals written on the socket, the live stream), the answer carries the headers
// every answer carries. The list is read from the one place that sets it, so a header added there
// is checked here on every kind of answer, the direct lane's included.
import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { assetHeaderNames, everyAnswerHeaderNames } from '../../app/lib/respond.server';
import { activeLearner, base, call, sessionCookie } from '../support/api-client';

type Headers = Record<string, string | string[] | undefined>;

/** A raw request (Node's client keeps every header as sent); resolves on the response's head. */
function head(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Headers }> {
  return new Promise((resolve, reject) => {
    const req = request(`${base()}${path}`, { method, headers }, (res) => {
      resolve({ status: res.statusCode!, headers: res.headers });
      res.destroy();
    });
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
    req.end(body);
  });
}


describe('every answer leaves through one finisher', () => {
  it('carries the same headers, whichever lane answers', async () => {
    const learner = await activeLearner();
    const cookie = await sessionCookie(learner);
    const page = (path: string) => head('GET', path, { Cookie: cookie, Accept: 'text/html', 'Accept-Encoding': 'gzip' });
    let replay = await page('/practices/challenges');
    for (let i = 0; i < 30 && replay.headers['x-page-cache'] !== 'hit'; i++) replay = await page('/practices/challenges');
    const asset = (await call('GET', '/login')).body.match(/href="(\/assets\/[^"]+\.css)"/)?.[1];
    const answers: Record<string, { status: number; headers: Headers }> = {
      'direct lane': await head('GET', '/api/auth/users/top-players/', { Authorization: `Bearer ${learner.token}` }),
      'React Router API': await head('GET', '/api/auth/users/top-players/', { Authorization: `Bearer ${learner.token}`, Cookie: 'unrelated=1' }),
      'React Router page': await head('GET', '/login', { Accept: 'text/html' }),
      'page cache replay': replay,
      'static file': await head('GET', '/favicon.svg'),
      'build asset': await head('GET', asset!, { 'Accept-Encoding': 'gzip' }),
      'error page': await head('GET', '/no-such-page', { Accept: 'text/html', Cookie: cookie }),
      'cross-site refusal': await head('POST', '/api/auth/users/me/', { Cookie: cookie, Origin: 'https://elsewhere.example', 'Content-Type': 'application/json' }, '{}'),
      'body over its limit (written on the socket)': await head('POST', '/api/auth/jwt/create/', { 'Content-Type': 'application/json', 'Content-Length': String(50 * 1024 * 1024) }),
      'live stream': await head('GET', '/api/notifications/stream', { Authorization: `Bearer ${learner.token}` }),
    };
    expect(answers['direct lane'].headers['x-lane']).toBe('direct');
    expect(answers['React Router API'].headers['x-lane']).toBeUndefined();
    expect(answers['page cache replay'].headers['x-page-cache']).toBe('hit');
    expect(answers['cross-site refusal'].status).toBe(403);
    expect(answers['body over its limit (written on the socket)'].status).toBe(413);
    expect(answers['live stream'].headers['content-type']).toMatch(/^text\/event-stream/);
    const names = everyAnswerHeaderNames();
    expect(names).toEqual(expect.arrayContaining(['content-security-policy', 'x-request-id', 'x-content-type-options', 'x-frame-options']));
    const missing: string[] = [];
    // A build asset carries the subresource's few (lib/respond.server.ts ASSET_KEPT), and no document policy.
    expect(answers['build asset'].headers['content-security-policy']).toBeUndefined();
    expect(answers['build asset'].headers['x-frame-options']).toBeUndefined();
    for (const [kind, answer] of Object.entries(answers)) {
      for (const name of kind === 'build asset' ? assetHeaderNames() : names) if (answer.headers[name] === undefined) missing.push(`${kind} (${answer.status}): ${name}`);
      const csp = String(answer.headers['content-security-policy'] ?? '');
      if (csp && !/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/.test(csp)) missing.push(`${kind}: a CSP without its nonce`);
    }
    expect(missing).toEqual([]);
    // Each answer its own id and nonce.
    const ids = Object.values(answers).map((a) => a.headers['x-request-id']);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
