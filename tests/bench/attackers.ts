// Hostile clients run beside the competition's players (`npm run bench -- --attackers`), to show
// what they cost the players: the same views p99, flag checks p99, errors and peak memory, with and
// without them. Each is bounded in count and in time, stays on loopback and stops by itself at the
// end of the run; each reports what the server answered it (counts per status).
// - a slow-body client: connections that declare a small body and send it a byte every 5 s, each
//   holding a socket until the server cuts it (408 after its 10 s grace), then opening again;
// - a repeated-field poster: 1 MB urlencoded bodies of one empty field repeated (`a=&a=&…`), to the
//   login API and to the sign-up form, one at a time, a few a second;
// - a stream hog: one learner opening live streams in a loop, as many as the server lets it hold
//   (4 per user, then 429), retrying each refused one after a second.
import { createHash, randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import Database from 'better-sqlite3';
import { iso } from './dataset';

/** 130 sockets: more than the answer slots (128), which a slow body must never hold. */
const SLOW_CONNECTIONS = 130;
const SLOW_DECLARED_BYTES = 1_000;
const SLOW_BYTE_EVERY_MS = 5_000;
/** The repeated-field body: just under the default body limit (1 MB), so it is read whole, not refused by its length. */
const REPEATED_BODY = Buffer.from('a=&'.repeat(Math.floor((1024 * 1024) / 3)));
/**
 * At most this many posts a second, one at a time: 4 MB/s, a good home line's upload. What is
 * measured is what each costs the server (parsing its fields), not how fast loopback carries bytes.
 */
const REPEATED_PER_S = 4;
/** Streams the hog tries to hold at once: far over what one user may (4). */
const HOG_STREAMS = 32;
const HOG_RETRY_MS = 1_000;
/** An attacker's request unanswered this long is given up ('timeout'): a hung server cannot hang the run. */
const ATTACK_TIMEOUT_MS = 30_000;

export interface AttackerStats {
  /** Requests sent (connections opened, for the slow-body client and the stream hog). */
  requests: number;
  /** What came back: the status, 'timeout', 'no answer' (closed unanswered), 'closed by server' (a stream ended early), or 'network <code>'. */
  statusCodes: Record<string, number>;
}
export const ATTACKERS = ['slow body', 'repeated fields', 'stream hog'] as const;
export type AttackerName = (typeof ATTACKERS)[number];
export type AttackersResult = Partial<Record<AttackerName, AttackerStats>>;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const count = (stats: AttackerStats, outcome: string) => (stats.statusCodes[outcome] = (stats.statusCodes[outcome] ?? 0) + 1);

/**
 * A learner of its own for the stream hog, with a session as dataset.ts makes them: every learner
 * of the small dataset plays in the competition, and the hog must not take a player's streams.
 * Returns its session token.
 */
export function addStreamHog(path: string): string {
  const db = new Database(path);
  try {
    const now = Date.now();
    const id = Number(
      db.prepare(
        `INSERT INTO "User" (username, usernameKey, fullname, email, gender, country, isStaff, isSuperuser, isActive, isValidated, passwordHash, createdAt, updatedAt)
         VALUES ('streamhog', 'streamhog', 'Stream Hog', 'streamhog@bench.test', 'M', 'BJ', 0, 0, 1, 1, '!', ?, ?)`,
      ).run(iso(now), iso(now)).lastInsertRowid,
    );
    const token = randomBytes(32).toString('base64url');
    db.prepare(`INSERT INTO "Session" (id, userId, createdAt, expiresAt) VALUES (?, ?, ?, ?)`).run(createHash('sha256').update(token).digest('hex'), id, iso(now), iso(now + 24 * 3600 * 1000));
    return token;
  } finally {
    db.close();
  }
}

/**
 * Runs the attackers (all three, or those named) until `seconds` have passed, then closes every
 * socket they hold. `hogCookie`: the stream hog's session cookie (`ctf_session=…`).
 */
export async function attackers(url: string, hogCookie: string, seconds: number, which: readonly AttackerName[] = ATTACKERS): Promise<AttackersResult> {
  const { hostname, port } = new URL(url);
  const end = performance.now() + seconds * 1000;
  const running = () => performance.now() < end;
  /** Called at the end on whatever is still open. */
  const open = new Set<() => void>();
  const result: AttackersResult = Object.fromEntries(which.map((name) => [name, { requests: 0, statusCodes: {} }]));

  /** One slow body on a raw socket (node:http would not let a body trickle this way); resolves when the socket closes. */
  function slowBody(stats: AttackerStats): Promise<void> {
    return new Promise((resolve) => {
      stats.requests++;
      const socket = connect(Number(port), hostname);
      let answered = false;
      const trickle = setInterval(() => socket.write('x'), SLOW_BYTE_EVERY_MS);
      const stop = () => socket.destroy();
      open.add(stop);
      socket.write(`POST /api/auth/jwt/create/ HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: application/json\r\nContent-Length: ${SLOW_DECLARED_BYTES}\r\n\r\n`);
      // The answer is all this client wanted to know: it hangs up and comes back.
      socket.once('data', (chunk) => {
        answered = true;
        if (running()) count(stats, chunk.toString('latin1').match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 'garbled');
        socket.destroy();
      });
      socket.on('error', (error: NodeJS.ErrnoException) => {
        if (!answered && running()) count(stats, `network ${error.code ?? ''}`.trim());
        answered = true;
      });
      socket.on('close', () => {
        clearInterval(trickle);
        open.delete(stop);
        // Closed by us at the end: not an answer.
        if (!answered && running()) count(stats, 'no answer');
        resolve();
      });
    });
  }

  /** One request through `agent`, its answer read and dropped; resolves with what came back. */
  function send(agent: Agent, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<{ outcome: string; res?: import('node:http').IncomingMessage }> {
    return new Promise((resolve) => {
      const req = request({ agent, host: hostname, port, method, path, headers: body ? { ...headers, 'content-length': String(body.length) } : headers });
      const stop = () => req.destroy();
      open.add(stop);
      const timer = setTimeout(() => {
        resolve({ outcome: 'timeout' });
        req.destroy();
      }, ATTACK_TIMEOUT_MS);
      req.on('response', (res) => {
        clearTimeout(timer);
        resolve({ outcome: String(res.statusCode), res });
        res.on('close', () => open.delete(stop));
      });
      req.on('error', (error: NodeJS.ErrnoException) => {
        clearTimeout(timer);
        open.delete(stop);
        resolve({ outcome: `network ${error.code ?? ''}`.trim() });
      });
      req.end(body);
    });
  }

  async function repeatedFields(stats: AttackerStats) {
    // One connection, kept alive between posts when the server keeps it.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const targets = ['/api/auth/jwt/create/', '/sign-up'];
    // The sign-up form's same-origin rule wants the site's own Origin (a browser's form post sends it).
    const headers = { 'content-type': 'application/x-www-form-urlencoded', origin: url, accept: 'text/html' };
    for (let i = 0; running(); i++) {
      const next = sleep(1_000 / REPEATED_PER_S);
      stats.requests++;
      const { outcome, res } = await send(agent, 'POST', targets[i % targets.length], headers, REPEATED_BODY);
      if (running()) count(stats, `${outcome} ${targets[i % targets.length]}`);
      if (res) await new Promise((r) => res.on('close', r).resume());
      await next;
    }
    agent.destroy();
  }

  /** One of the hog's stream slots: opens, holds while the server lets it, opens again; a refusal waits a second. */
  async function hog(stats: AttackerStats) {
    // Each stream on a connection of its own, as a browser tab's EventSource holds one.
    const agent = new Agent({ keepAlive: false });
    while (running()) {
      stats.requests++;
      const { outcome, res } = await send(agent, 'GET', '/api/notifications/stream', { cookie: hogCookie, accept: 'text/event-stream' });
      if (!running()) break;
      count(stats, outcome);
      if (res) {
        await new Promise((r) => res.on('close', r).resume());
        if (outcome === '200' && running()) count(stats, 'closed by server');
      }
      if (outcome !== '200' && running()) await sleep(HOG_RETRY_MS);
    }
    agent.destroy();
  }

  const { 'slow body': slow, 'repeated fields': repeated, 'stream hog': hogged } = result;
  const loops = [
    // Spread over the first trickle period, so the cuts (and reopenings) do not all come at once.
    ...Array.from({ length: slow ? SLOW_CONNECTIONS : 0 }, async (_, i) => {
      await sleep((i * SLOW_BYTE_EVERY_MS) / SLOW_CONNECTIONS);
      while (running()) {
        await slowBody(slow!);
        await sleep(1_000); // a refusal at once (a dead server) must not turn this into a tight loop
      }
    }),
    ...(repeated ? [repeatedFields(repeated)] : []),
    ...Array.from({ length: hogged ? HOG_STREAMS : 0 }, () => hog(hogged!)),
  ];
  await sleep(Math.max(0, end - performance.now()));
  for (const stop of open) stop();
  await Promise.all(loops);
  return result;
}
