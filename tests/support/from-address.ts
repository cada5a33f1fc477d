// Requests from chosen client addresses, as browsers of this site send them. The server sees the
// socket's address (server.ts: req.socket.remoteAddress), so each "IP" is a loopback address the
// client socket is bound to (Linux routes all of 127.0.0.0/8 to lo).
import { request } from 'node:http';
import type { TestServer } from './test-server';

export interface Answer { status: number; body: any; retryAfter: string | null; device: string | null }

/** Clients of the server `current()` returns (read at each request: servers start in beforeAll). */
export function clientsOf(current: () => TestServer) {
  /** One request from `ip` (a 127.x.y.z address), on a socket of its own. */
  function send(ip: string, method: string, path: string, opts: { json?: unknown; form?: Record<string, string>; cookie?: string | null } = {}): Promise<Answer> {
    const { port } = current();
    const host = `localhost:${port}`;
    const body = opts.json !== undefined ? JSON.stringify(opts.json) : opts.form ? new URLSearchParams(opts.form).toString() : undefined;
    const headers: Record<string, string> = { Host: host, Origin: `http://${host}` };
    if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
    if (opts.form) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    if (body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(body));
    if (opts.cookie) headers.Cookie = opts.cookie;
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, localAddress: ip, method, path, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try { parsed = text ? JSON.parse(text) : null; } catch {}
          const device = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('ctf_device='));
          resolve({ status: res.statusCode!, body: parsed, retryAfter: (res.headers['retry-after'] as string | undefined) ?? null, device: device ? device.split(';')[0] : null });
        });
      });
      req.on('error', reject);
      req.end(body);
    });
  }
  return {
    send,
    apiLogin: (ip: string, email: string, password: string, cookie?: string | null) => send(ip, 'POST', '/api/auth/jwt/create/', { json: { email, password }, cookie }),
    pageLogin: (ip: string, email: string, password: string, cookie?: string | null) => send(ip, 'POST', '/login', { form: { email, password }, cookie }),
  };
}

/** How many answers had each status. */
export const count = (answers: Answer[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
