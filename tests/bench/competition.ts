// A competition being played (issue 11 §2): 2,000 players of the running team event, each a virtual
// user with its own session (cookie for pages, Bearer for the API), one async loop per player.
// autocannon drives connections, not users, so this makes its own requests (node:http, keep-alive).
//
// A run has three phases, in proportion to its length (120 s: 10 s, 50 s, 60 s):
// - the start rush: players arrive over the first twelfth (or over options.arrivalsSeconds) and the
//   first thing each does is open the board;
// - the middle: about every 10 s a page view (the board, or the scoreboard) and, independently,
//   about every 10 s a flag check: wrong, or one time in 18 the right flag of a challenge left to
//   that player alone (a right flag every 3 minutes or so: 2,000 players land about 11 solves a
//   second), then, after writing the writeup, the submission;
// - the last half ("the last minute"): scoreboard views (page, or JSON as a script would poll it)
//   take over the page views and come faster, until in the last eighth (15 s) every player refreshes
//   the scoreboard every 2-3 s while the flag checks and last solves go on.
// Correct submissions keep dropping the page cache and the kept standings, as in a real event.
// Every player also holds the live badge's stream (GET /api/notifications/stream) from its first
// page to the end, as its browser tab does (--no-streams: without them). With --attackers, hostile
// clients run beside the players (attackers.ts).
// Latencies are reported per kind of request and, per phase, for every kind.
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createCookie } from 'react-router';
import { attackers as runAttackers, type AttackerName, type AttackersResult } from './attackers';
import type { Dataset } from './dataset';
import type { TeamEvent } from './event-dataset';
import { scenarios, SUBMISSION_TYPE, submissionBody, unseenGet, type Scenario } from './load';

export const PLAYERS = 2_000;
export const COMPETITION_S = 120;
/** --quick: a short run with fewer players, to check that the scenario works. */
export const QUICK_PLAYERS = 500;
export const QUICK_COMPETITION_S = 30;

/** Issue 11 §2 targets, on the small dataset: page (and scoreboard) views, and flag checks. */
export const VIEW_P99_MS = 200;
export const CHECK_P99_MS = 50;

/** Shares of the run: the arrivals (start rush), the last "minute" (its half), its last 15 s (an eighth). */
const ARRIVALS = 1 / 12;
const LAST = 1 / 2;
const FINAL = 1 / 8;
/** Between two page views of a player, uniform (ms): about 10 s, down to 2-3 s in the final stretch. */
const VIEW_EVERY_MS: [number, number] = [7_000, 13_000];
const FINAL_VIEW_EVERY_MS: [number, number] = [2_000, 3_000];
/** Between two flag checks of a player, uniform (ms). */
const CHECK_EVERY_MS: [number, number] = [7_000, 13_000];
/** A player's first check after arriving (they read the board first), uniform (ms). */
const FIRST_CHECK_MS: [number, number] = [2_000, 12_000];
/** Chance that a check is the right flag (while the player has one left): one in 18, every 3 min or so. */
const RIGHT_FLAG = 1 / 18;
/** Writing the writeup, between the right flag and its submission, uniform (ms). */
const WRITEUP_MS: [number, number] = [3_000, 9_000];
/** Chance that a page view is the scoreboard (else the board), before the last phase and at its peak. */
const SCOREBOARD_SHARE: [number, number] = [0.4, 1];
/** Of scoreboard views, those polled as JSON (the rest are the page). */
const SCOREBOARD_JSON = 0.2;
const REQUEST_TIMEOUT_MS = 10_000;
/** The badge's back-off (app/components/notifications-live.tsx): the first retry, and the longest. */
const STREAM_FIRST_RETRY_MS = 1_000;
const STREAM_MAX_RETRY_MS = 60_000;
/** The event loop's lateness is sampled by a timer of this period, which its histogram counts in. */
const LOOP_TICK_MS = 10;

export type Kind = 'board (HTML)' | 'scoreboard (HTML)' | 'scoreboard (JSON)' | 'verify wrong flag' | 'verify right flag' | 'submit with writeup';
const PAGES: Kind[] = ['board (HTML)', 'scoreboard (HTML)'];
/** What the view target judges: what a player waits for to see the board or the scoreboard. */
export const VIEWS: Kind[] = [...PAGES, 'scoreboard (JSON)'];
/** What the flag-check target judges. */
export const CHECKS: Kind[] = ['verify wrong flag', 'verify right flag', 'submit with writeup'];
export const PHASES = ['start', 'middle', 'last minute'] as const;
export type Phase = (typeof PHASES)[number];

export interface KindStats {
  requests: number; p50: number; p90: number; p99: number; max: number; errors: number; statusCodes: Record<string, number>; cacheHits?: number; sharedRenders?: number;
  /** Of the 503 answers (when there were any), those with a Retry-After header: the server shedding load. */
  shed?: number;
}
export interface PhaseStats {
  /** Seconds since the start of the run at which the phase begins and ends. */
  from: number;
  to: number;
  reqPerSec: number;
  kinds: Record<string, KindStats>;
}
/**
 * The players' live streams. A failed stream is opened again after a back-off, as the badge's script
 * does (app/components/notifications-live.tsx: 1 s doubling up to a minute, with jitter).
 */
export interface StreamStats {
  /** Players whose stream opened (answered 200) at least once. */
  opened: number;
  /** Players whose stream was open when the run ended. */
  heldAtEnd: number;
  /** Attempts shed (503 with Retry-After) and opened again after the back-off. */
  shed: number;
  /**
   * Failures that are not a server shedding load (another status, a 503 without Retry-After, a
   * stream ended by the server, a timeout, a network error), plus players without a stream at the
   * end: never expected.
   */
  errors: number;
  /** Every failed attempt, by what happened: a status, 'closed by server', 'timeout' or 'network <code>'. */
  failures: Record<string, number>;
}
export interface CompetitionOptions {
  /** Each player holds a live stream (default true). */
  streams?: boolean;
  /** Runs these attackers beside the players; the stream hog logs in with this session token. */
  attackers?: { which: readonly AttackerName[]; hogToken: string };
  /**
   * How long the players take to arrive (the start rush), in seconds; by default a twelfth of the
   * run. A shortened run (capacity.ts) keeps the full run's rush, as many arrivals a second.
   */
  arrivalsSeconds?: number;
}

/**
 * What the server admitted and what it turned away (every request, streams apart): the figures of
 * the overload target (twice the load a host carries: admitted p99 < 1 s, the rest an immediate
 * 503 with Retry-After, no timeout, no reset).
 */
export interface AdmissionStats {
  /** Requests not answered 503 (timeouts and network failures included, at the time they took). */
  admitted: number;
  admittedP99: number;
  /** The same over the views, and over the flag checks. */
  admittedViewsP99: number;
  admittedChecksP99: number;
  /** 503 answers, those with Retry-After among them, and how long they took (p99, max, ms): a refusal is meant to be immediate. */
  refused: number;
  refusedWithRetryAfter: number;
  refusedP99: number;
  refusedMaxMs: number;
  /** The client gave up (no whole answer within the request timeout). */
  timeouts: number;
  /** Connections reset (ECONNRESET), of which on a kept-alive connection (the keep-alive race a browser retries). */
  resets: number;
  resetsKeptAlive: number;
  /** Other network failures (refused, broken pipe, closed before the answer's end). */
  otherNetwork: number;
}

export interface CompetitionResult {
  name: string;
  /** What ran beside the players' requests, so saved runs can be told apart. */
  options: { streams: boolean; attackers: AttackerName[] };
  players: number;
  teams: number;
  seconds: number;
  reqPerSec: number;
  submissions: number;
  errors: number;
  kinds: Record<string, KindStats>;
  /** The same, for the requests started in each phase. */
  phases: Record<Phase, PhaseStats>;
  /** Worst p99 over the views (board, scoreboard page and JSON), and over the flag checks. */
  viewsP99: number;
  checksP99: number;
  /** Requests still unanswered when the run had to stop (never, unless the server or client hangs). */
  unanswered: number;
  /** Admitted and refused requests (the load-shedding figures). */
  admission: AdmissionStats;
  /** The players' live streams (absent with --no-streams). Their errors are not in `errors`, which counts requests. */
  streams?: StreamStats;
  /** What the server answered each attacker (with --attackers). */
  attackers?: AttackersResult;
  /**
   * The players' side, to show it is not what limits the figures: the most requests in flight at
   * once, connections opened, and how late this process's event loop ran (p99, max, ms).
   */
  client: { peakInFlight: number; connections: number; loopDelayP99: number; loopDelayMax: number };
  /** The server's CPU over the run, in percent of one core (set by run.ts, which knows its process). */
  serverCpuPercent?: number;
  /** This process's CPU over the run (the players), likewise. */
  clientCpuPercent?: number;
  /** The server's peak resident memory during the competition, sampled (set by run.ts). */
  serverPeakRssMiB?: number;
  /**
   * The most connections seen waiting in the kernel's accept queue (`ss`, sampled by run.ts; absent
   * without `ss`): a wait there is before the server's clocks and its admission (docs/limits.md
   * "Accepting connections").
   */
  acceptQueuePeak?: number;
}

// The session cookie as the site writes it (unsigned, see app/lib/session.server.ts).
const sessionCookie = createCookie('ctf_session');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);

/** A loop-delay histogram value (ns, the sampling period included) as lateness in ms. */
const lateness = (ns: number) => Math.max(0, Math.round((ns / 1e6 - LOOP_TICK_MS) * 10) / 10);

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

interface Done { kind: Kind; phase: Phase; ms: number; status: string; cache?: string; retryAfter?: boolean }

/** The answers that mean the request did what the player meant (a wrong flag answers 400). */
export const EXPECTED: Record<Kind, string[]> = {
  'board (HTML)': ['200'],
  'scoreboard (HTML)': ['200'],
  'scoreboard (JSON)': ['200'],
  'verify wrong flag': ['400'],
  'verify right flag': ['200'],
  'submit with writeup': ['201'],
};

function admission(done: Done[]): AdmissionStats {
  const admitted = done.filter((d) => d.status !== '503');
  const p99 = (list: Done[]) => percentile(list.map((d) => d.ms).sort((a, b) => a - b), 99);
  const refused = done.filter((d) => d.status === '503');
  const resets = done.filter((d) => d.status.startsWith('network ECONNRESET'));
  return {
    admitted: admitted.length,
    admittedP99: p99(admitted),
    admittedViewsP99: p99(admitted.filter((d) => VIEWS.includes(d.kind))),
    admittedChecksP99: p99(admitted.filter((d) => CHECKS.includes(d.kind))),
    refused: refused.length,
    refusedWithRetryAfter: refused.filter((d) => d.retryAfter).length,
    refusedP99: p99(refused),
    refusedMaxMs: Math.round(refused.reduce((a, d) => Math.max(a, d.ms), 0)),
    timeouts: done.filter((d) => d.status === 'timeout').length,
    resets: resets.length,
    resetsKeptAlive: resets.filter((d) => d.status.endsWith('(kept-alive)')).length,
    otherNetwork: done.filter((d) => d.status.startsWith('network') && !d.status.startsWith('network ECONNRESET')).length,
  };
}

function stats(done: Done[]): Record<string, KindStats> {
  const byKind = new Map<Kind, Done[]>();
  for (const d of done) (byKind.get(d.kind) ?? byKind.set(d.kind, []).get(d.kind)!).push(d);
  const kinds: Record<string, KindStats> = {};
  for (const [kind, list] of byKind) {
    const values = list.map((d) => d.ms).sort((a, b) => a - b);
    const codes: Record<string, number> = {};
    for (const d of list) codes[d.status] = (codes[d.status] ?? 0) + 1;
    const good = EXPECTED[kind].reduce((a, code) => a + (codes[code] ?? 0), 0);
    kinds[kind] = {
      requests: values.length,
      p50: percentile(values, 50),
      p90: percentile(values, 90),
      p99: percentile(values, 99),
      max: Math.round(values[values.length - 1]),
      errors: values.length - good,
      statusCodes: codes,
      ...(PAGES.includes(kind) ? { cacheHits: list.filter((d) => d.cache === 'hit').length, sharedRenders: list.filter((d) => d.cache === 'shared').length } : {}),
      ...(codes['503'] ? { shed: list.filter((d) => d.status === '503' && d.retryAfter).length } : {}),
    };
  }
  return kinds;
}

/**
 * What a server started just now is given, for a second each, before its competition (run.ts
 * --competition-only and --profile, capacity.ts, databases.ts): a full run's server has done every
 * other scenario first, and its start rush does not meet unoptimised code. The board and the
 * scoreboard come under URLs no cache has seen, so that every call renders: under one URL the page
 * cache would answer all but the first, and the start rush's first boards, renders from nothing,
 * would meet React's render run a handful of times (V8 runs it about twice as slow over its first
 * few hundred calls). Then wrong flags.
 */
export function warmUps(data: Dataset, event: TeamEvent, cookie: string): Scenario[] {
  const page = (name: string, path: string): Scenario => ({ name, expected: [200], requests: [unseenGet(path, { cookie, accept: 'text/html' })] });
  return [
    page('GET /competes/{id}/challenges (HTML)', `/competes/${event.id}/challenges`),
    page('GET /competes/{id}/scoreboard (HTML)', `/competes/${event.id}/scoreboard`),
    scenarios(data, cookie).find((s) => s.name.startsWith('POST verify-submitted-flag'))!,
  ];
}

export async function competition(url: string, event: TeamEvent, seconds = COMPETITION_S, players = PLAYERS, options: CompetitionOptions = {}): Promise<CompetitionResult> {
  const withStreams = options.streams ?? true;
  // Whole teams, spread over the event's teams.
  const teams = new Map<number, number[]>();
  for (const p of event.players) (teams.get(p.teamId) ?? teams.set(p.teamId, []).get(p.teamId)!).push(p.userId);
  const teamList = [...teams.values()];
  const wantedTeams = Math.min(teamList.length, Math.ceil(players / (teamList[0]?.length ?? 1)));
  const stride = teamList.length / wantedTeams;
  const users: number[] = [];
  for (let i = 0; i < wantedTeams && users.length < players; i++) users.push(...teamList[Math.floor(i * stride)].slice(0, players - users.length));
  if (users.length < players) throw new Error(`the event has ${users.length} team players, the competition wants ${players}`);

  const flagOf = new Map(event.challenges.map((c) => [c.id, c.flag]));
  const cookies = new Map(await Promise.all(users.map(async (id) => [id, (await sessionCookie.serialize(event.tokens.get(id)!)).split(';')[0]] as const)));
  const { hostname, port } = new URL(url);
  // Each player is a browser with connections of its own: at most one per player, never a pool
  // that makes requests wait on this side. LIFO hands out the socket freed last, so the sockets
  // kept open follow the requests in flight, not the players; an idle one closes before the
  // server's keep-alive timeout (Node honours its Keep-Alive hint).
  const agent = new Agent({ keepAlive: true, maxSockets: players, maxFreeSockets: players, scheduling: 'lifo' });
  const loop = monitorEventLoopDelay({ resolution: LOOP_TICK_MS });
  loop.enable();

  const done: Done[] = [];
  const streams: StreamStats = { opened: 0, heldAtEnd: 0, shed: 0, errors: 0, failures: {} };
  /** Set once the run is over: the streams closed then are closed by us, not failures. */
  let over = false;
  const holding = new Set<() => void>();
  /** Players that opened a stream (they hold one from their first page on). */
  let streamers = 0;
  /** Streams waiting to be opened again (their back-off timers), cleared when the run ends. */
  const retrying = new Set<ReturnType<typeof setTimeout>>();
  let submissions = 0;
  let inFlight = 0;
  let peakInFlight = 0;
  let connections = 0;
  const started = performance.now();
  const length = seconds * 1000;
  const deadline = started + length;
  const lastFrom = length * (1 - LAST);
  const finalFrom = length * (1 - FINAL);
  const arrivals = Math.min(lastFrom, options.arrivalsSeconds !== undefined ? options.arrivalsSeconds * 1000 : length * ARRIVALS);
  const phaseAt = (t: number): Phase => (t < arrivals ? 'start' : t < lastFrom ? 'middle' : 'last minute');
  /** 0 before the last phase, rising to 1 when the final stretch begins. */
  const ramp = (t: number) => Math.min(1, Math.max(0, (t - lastFrom) / (finalFrom - lastFrom)));
  const lerp = (a: number, b: number, r: number) => a + (b - a) * r;

  /**
   * One request, timed from just before it is handed to node:http to the end of its body (a
   * browser waits for the whole page). Resolves with the status (0 for no answer).
   */
  function call(kind: Kind, method: string, path: string, headers: Record<string, string>, body?: string): Promise<number> {
    return new Promise((resolve) => {
      const t0 = performance.now();
      let cache: string | undefined;
      let retryAfter = false;
      let status = 'network';
      let finished = false;
      inFlight++;
      peakInFlight = Math.max(peakInFlight, inFlight);
      const finish = (outcome: string) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        inFlight--;
        done.push({ kind, phase: phaseAt(t0 - started), ms: performance.now() - t0, status: outcome, cache, ...(retryAfter ? { retryAfter } : {}) });
        resolve(Number(outcome) || 0);
      };
      const req = request({ agent, host: hostname, port, method, path, headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) } });
      // A timer of our own: a request can never hang the run.
      const timer = setTimeout(() => {
        status = 'timeout';
        req.destroy();
      }, REQUEST_TIMEOUT_MS);
      req.on('socket', () => {
        if (!req.reusedSocket) connections++;
      });
      req.on('response', (res) => {
        status = String(res.statusCode);
        cache = res.headers['x-page-cache'] as string | undefined;
        retryAfter = res.headers['retry-after'] !== undefined;
        res.on('end', () => finish(status));
        res.on('close', () => finish(res.complete ? status : status === 'timeout' ? status : 'network'));
        res.on('error', () => finish(status === 'timeout' ? status : 'network'));
        res.resume(); // the bytes are read, not kept
      });
      // The error's code names what broke (a reset, a refused connection) in the report's status counts.
      // A reset on a kept-alive connection is most often the race with the server's keep-alive timeout (a
      // browser sends such a request again): said apart from the reset of a fresh connection.
      req.on('error', (error: NodeJS.ErrnoException) => finish(status === 'timeout' ? status : `network${error.code ? ` ${error.code}` : ''}${req.reusedSocket ? ' (kept-alive)' : ''}`));
      req.end(body);
    });
  }

  /**
   * A player's live stream, as its tab's EventSource opens it: on a connection of its own (it holds
   * its socket, so never through the agent the requests share), read and dropped until the run ends.
   * Each stream comes from a loopback address of its player's (127.0.1.1, 127.0.1.2, …): 2,000
   * players online come from as many addresses, and the server bounds streams per address (a room
   * behind one NAT) below 2,000.
   */
  function stream(index: number, cookie: string, delay = STREAM_FIRST_RETRY_MS, everOpened = false) {
    const localAddress = `127.${1 + Math.floor(index / 62_500)}.${1 + (Math.floor(index / 250) % 250)}.${1 + (index % 250)}`;
    const req = request({ agent: false, host: hostname, port, localAddress, path: '/api/notifications/stream', headers: { cookie, accept: 'text/event-stream' } });
    let settled = false;
    let open = false;
    const settle = (why: string, shed = false) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      holding.delete(stop);
      if (over) return;
      streams.failures[why] = (streams.failures[why] ?? 0) + 1;
      if (shed) streams.shed++;
      else streams.errors++;
      // Opened again after the back-off, as the badge's script does; a stream that opened starts over.
      const next = open ? STREAM_FIRST_RETRY_MS : delay;
      const retry = setTimeout(() => {
        retrying.delete(retry);
        if (!over) stream(index, cookie, Math.min(next * 2, STREAM_MAX_RETRY_MS), everOpened || open);
      }, next * (0.75 + Math.random() / 2));
      retrying.add(retry);
    };
    const stop = () => {
      settled = true;
      if (open) streams.heldAtEnd++;
      req.destroy();
    };
    holding.add(stop);
    const timer = setTimeout(() => (settle('timeout'), req.destroy()), REQUEST_TIMEOUT_MS);
    req.on('response', (res) => {
      clearTimeout(timer);
      // A refusal without Retry-After is said apart: shedding load sends one.
      const retryAfter = res.headers['retry-after'] !== undefined;
      if (res.statusCode !== 200) settle(`${res.statusCode}${res.statusCode! >= 500 && !retryAfter ? ' without Retry-After' : ''}`, res.statusCode === 503 && retryAfter);
      else {
        open = true;
        if (!everOpened) streams.opened++;
      }
      res.on('close', () => settle('closed by server'));
      res.resume(); // the events are read, not kept
    });
    req.on('error', (error: NodeJS.ErrnoException) => settle(`network${error.code ? ` ${error.code}` : ''}`));
    req.end();
  }

  async function player(userId: number, index: number) {
    const cookie = cookies.get(userId)!;
    const bearer = `Bearer ${event.tokens.get(userId)}`;
    // Browsers ask for gzip, which the server then spends CPU on; the bytes are not unzipped here.
    const page = { cookie, accept: 'text/html', 'accept-encoding': 'gzip' };
    const api = { authorization: bearer, 'accept-encoding': 'gzip' };
    const left = [...(event.kept.get(userId) ?? [])];
    let checks = 0;
    await sleep(Math.random() * arrivals);
    // The start rush: everyone opens the board first, whose script then opens the live stream.
    await call('board (HTML)', 'GET', `/competes/${event.id}/challenges`, page);
    if (withStreams) {
      streamers++;
      stream(index, cookie);
    }
    const now = () => performance.now() - started;
    let nextView = now() + between(VIEW_EVERY_MS);
    let nextCheck = now() + between(FIRST_CHECK_MS);
    let submit: { at: number; challengeId: number } | null = null;

    for (;;) {
      const at = Math.min(nextView, nextCheck, submit?.at ?? Infinity);
      if (at >= length) return;
      await sleep(at - now());
      if (submit && at === submit.at) {
        const challengeId = submit.challengeId;
        submit = null;
        const status = await call('submit with writeup', 'POST', `/api/challenges/${challengeId}/submissions/`, { ...api, 'content-type': SUBMISSION_TYPE }, submissionBody(flagOf.get(challengeId)!));
        if (status === 201) submissions++;
        left.shift();
        nextCheck = now() + between(CHECK_EVERY_MS);
      } else if (at === nextCheck) {
        const verify = { ...api, 'content-type': 'application/json' };
        if (left.length > 0 && Math.random() < RIGHT_FLAG) {
          const challengeId = left[0];
          const status = await call('verify right flag', 'POST', `/api/challenges/${challengeId}/verify-submitted-flag/`, verify, JSON.stringify({ flag: flagOf.get(challengeId) }));
          // Writing the writeup; no other check meanwhile.
          if (status === 200) submit = { at: now() + between(WRITEUP_MS), challengeId };
          nextCheck = submit ? Infinity : now() + between(CHECK_EVERY_MS);
        } else {
          const challengeId = event.challenges[Math.floor(Math.random() * event.challenges.length)].id;
          await call('verify wrong flag', 'POST', `/api/challenges/${challengeId}/verify-submitted-flag/`, verify, JSON.stringify({ flag: `CTF{guess_${userId}_${checks++}}` }));
          nextCheck = now() + between(CHECK_EVERY_MS);
        }
      } else {
        const r = ramp(now());
        if (Math.random() >= lerp(SCOREBOARD_SHARE[0], SCOREBOARD_SHARE[1], r)) await call('board (HTML)', 'GET', `/competes/${event.id}/challenges`, page);
        else if (Math.random() < SCOREBOARD_JSON) await call('scoreboard (JSON)', 'GET', `/api/events/${event.id}/top-players/`, api);
        else await call('scoreboard (HTML)', 'GET', `/competes/${event.id}/scoreboard`, page);
        const t = now();
        const r2 = ramp(t);
        nextView = t + between([lerp(VIEW_EVERY_MS[0], FINAL_VIEW_EVERY_MS[0], r2), lerp(VIEW_EVERY_MS[1], FINAL_VIEW_EVERY_MS[1], r2)]);
      }
    }
  }

  const attacked = options.attackers ? runAttackers(url, (await sessionCookie.serialize(options.attackers.hogToken)).split(';')[0], seconds, options.attackers.which) : undefined;
  // Belt and braces: the run ends at most a request timeout after its deadline, whatever happens.
  const late = await Promise.race([Promise.all(users.map(player)).then(() => false), sleep(length + REQUEST_TIMEOUT_MS + 5_000).then(() => true)]);
  const elapsed = (performance.now() - started) / 1000;
  over = true;
  for (const stop of holding) stop();
  for (const retry of retrying) clearTimeout(retry);
  // A player without an open stream at the end is an error, whatever its attempts met.
  if (withStreams) streams.errors += streamers - streams.heldAtEnd;
  const attackersResult = await attacked;
  loop.disable();
  agent.destroy();

  const kinds = stats(done);
  const bounds: Record<Phase, [number, number]> = { start: [0, arrivals], middle: [arrivals, lastFrom], 'last minute': [lastFrom, length] };
  const phases = Object.fromEntries(
    PHASES.map((phase) => {
      const inPhase = done.filter((d) => d.phase === phase);
      const [from, to] = bounds[phase].map((ms) => Math.round(ms / 100) / 10);
      return [phase, { from, to, reqPerSec: Math.round(inPhase.length / (to - from)), kinds: stats(inPhase) }];
    }),
  ) as Record<Phase, PhaseStats>;
  const errors = Object.values(kinds).reduce((a, k) => a + k.errors, 0) + (late ? inFlight : 0);
  const extras = [withStreams ? 'streams' : 'no streams', ...(options.attackers ? [`attackers: ${options.attackers.which.join(', ')}`] : [])].join('; ');
  return {
    name: `competition (${users.length} players, ${seconds} s, ${extras})`,
    options: { streams: withStreams, attackers: [...(options.attackers?.which ?? [])] },
    players: users.length,
    teams: wantedTeams,
    seconds: Math.round(elapsed * 10) / 10,
    reqPerSec: Math.round(done.length / elapsed),
    submissions,
    errors,
    kinds,
    phases,
    viewsP99: Math.max(0, ...VIEWS.map((k) => kinds[k]?.p99 ?? 0)),
    checksP99: Math.max(0, ...CHECKS.map((k) => kinds[k]?.p99 ?? 0)),
    // Requests still unanswered when the run had to stop count as errors.
    unanswered: late ? inFlight : 0,
    admission: admission(done),
    client: { peakInFlight, connections, loopDelayP99: lateness(loop.percentile(99)), loopDelayMax: lateness(loop.max) },
    ...(withStreams ? { streams } : {}),
    ...(attackersResult ? { attackers: attackersResult } : {}),
  };
}
