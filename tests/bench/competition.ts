// A competition being played (issue 9 §5): up to 500 players, each a virtual user with its own
// session, loop with think time over what a player does: open the board, check a flag (mostly
// wrong; now and then the right one, then submit it with a writeup), look at the scoreboard (page
// or JSON). autocannon drives connections, not users, so this uses plain fetch (undici, keep-alive),
// one async loop per player. Correct submissions keep dropping the page cache and the kept
// standings, as in a real event. Latencies are reported per kind of request.
import { createCookie } from 'react-router';
import type { Dataset } from './dataset';
import type { TeamEvent } from './event-dataset';
import { SUBMISSION_TYPE, submissionBody } from './load';

export const PLAYERS = 500;
export const COMPETITION_S = 40;
/**
 * Think time between two actions of a player, uniform (ms). A round (board, check, scoreboard) then
 * takes about 18 s: 500 players offer some 45 page views a second, which the page cache cannot
 * serve (every submission drops it), so each is rendered.
 */
const THINK_MS: [number, number] = [3_000, 9_000];
/** Chance that a flag check is the right flag (while the player has one left to find). */
const RIGHT_FLAG = 0.25;
const REQUEST_TIMEOUT_MS = 10_000;
/** Page views: the target is on their p99. */
export const PAGE_P99_MS = 100;

export type Kind = 'board (HTML)' | 'scoreboard (HTML)' | 'scoreboard (JSON)' | 'verify wrong flag' | 'verify right flag' | 'submit with writeup';
const PAGES: Kind[] = ['board (HTML)', 'scoreboard (HTML)'];

export interface KindStats { requests: number; p50: number; p90: number; p99: number; max: number; errors: number; statusCodes: Record<string, number>; cacheHits?: number; sharedRenders?: number }
export interface CompetitionResult {
  name: string;
  players: number;
  teamPlayers: number;
  seconds: number;
  reqPerSec: number;
  submissions: number;
  errors: number;
  kinds: Record<string, KindStats>;
  /** Worst p99 over the page views. */
  pagesP99: number;
  /** Requests still unanswered when the run had to stop (never, unless the server or client hangs). */
  unanswered: number;  /** The server's CPU over the run, in percent of one core (set by run.ts, which knows its process). */
  serverCpuPercent?: number;
  /** This process's CPU over the run (the players), likewise. */
  clientCpuPercent?: number;
}

// The session cookie as the site writes it (unsigned, see app/lib/session.server.ts).
const sessionCookie = createCookie('ctf_session');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10;
}

export async function competition(url: string, data: Dataset, event: TeamEvent, seconds = COMPETITION_S, players = PLAYERS): Promise<CompetitionResult> {
  // Whole teams, spread over the event's teams; learners without a team (small has fewer than 500 team
  // players) come along as spectators and only browse.
  const teams = new Map<number, number[]>();
  for (const p of event.players) (teams.get(p.teamId) ?? teams.set(p.teamId, []).get(p.teamId)!).push(p.userId);
  const teamList = [...teams.values()];
  const wantedTeams = Math.min(teamList.length, Math.ceil(players / (teamList[0]?.length ?? 1)));
  const stride = teamList.length / wantedTeams;
  const team: number[] = [];
  for (let i = 0; i < wantedTeams && team.length < players; i++) team.push(...teamList[Math.floor(i * stride)].slice(0, players - team.length));
  const users = [...team.map((id) => ({ id, inTeam: true })), ...event.spectators.slice(0, players - team.length).map((id) => ({ id, inTeam: false }))];

  const flagOf = new Map(event.challenges.map((c) => [c.id, c.flag]));
  const cookies = new Map(await Promise.all(users.map(async (u) => [u.id, (await sessionCookie.serialize(data.tokens.get(u.id)!)).split(';')[0]] as const)));
  const latencies = new Map<Kind, number[]>();
  const statuses = new Map<Kind, Record<string, number>>();
  const hits = new Map<Kind, number>();
  /** Page views finished from a render shared with other viewers (app/lib/viewer-template.server.ts). */
  const shared = new Map<Kind, number>();
  const expected: Record<Kind, number[]> = {
    'board (HTML)': [200],
    'scoreboard (HTML)': [200],
    'scoreboard (JSON)': [200],
    'verify wrong flag': [400],
    'verify right flag': [200],
    'submit with writeup': [201],
  };
  let submissions = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  // Never past the deadline: the run ends on time and its rate is not diluted by idle players.
  const think = () => sleep(Math.max(0, Math.min(THINK_MS[0] + Math.random() * (THINK_MS[1] - THINK_MS[0]), deadline - performance.now())));

  let inFlight = 0;
  async function call(kind: Kind, path: string, init: RequestInit): Promise<number> {
    const t0 = performance.now();
    let status: string;
    // A timer of our own (AbortSignal.timeout's is unref'd): a request can never hang the run.
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), REQUEST_TIMEOUT_MS);
    inFlight++;
    try {
      const res = await fetch(url + path, { ...init, signal: abort.signal });
      await res.arrayBuffer(); // the latency includes the whole body, as a browser waits for it
      status = String(res.status);
      if (res.headers.get('x-page-cache') === 'hit') hits.set(kind, (hits.get(kind) ?? 0) + 1);
      if (res.headers.get('x-page-cache') === 'shared') shared.set(kind, (shared.get(kind) ?? 0) + 1);
    } catch {
      status = abort.signal.aborted ? 'timeout' : 'network';
    } finally {
      clearTimeout(timer);
      inFlight--;
    }
    (latencies.get(kind) ?? latencies.set(kind, []).get(kind)!).push(performance.now() - t0);
    const counts = statuses.get(kind) ?? statuses.set(kind, {}).get(kind)!;
    counts[status] = (counts[status] ?? 0) + 1;
    return Number(status) || 0;
  }

  async function player(user: { id: number; inTeam: boolean }) {
    const page = { headers: { cookie: cookies.get(user.id)!, accept: 'text/html' } };
    const bearer = `Bearer ${data.tokens.get(user.id)}`;
    const left = [...(event.kept.get(user.id) ?? [])];
    // Players arrive over about a round (three think times), not 500 in the same second.
    await sleep(Math.random() * Math.min(3 * (THINK_MS[0] + THINK_MS[1]) / 2, seconds * 500));
    // A round: the board, a flag check, the scoreboard, each followed by a think time. A player joins
    // at a random step of it, as players of an event under way are at different points.
    const steps = [
      () => call('board (HTML)', `/competes/${event.id}/challenges`, page),
      // Spectators only browse: without a team, a team event refuses their checks (403).
      (round: number) => (user.inTeam ? checkFlag(user, bearer, left, round) : undefined),
      () =>
        Math.random() < 0.6
          ? call('scoreboard (HTML)', `/competes/${event.id}/scoreboard`, page)
          : call('scoreboard (JSON)', `/api/events/${event.id}/top-players/`, { headers: { authorization: bearer } }),
    ];
    for (let step = Math.floor(Math.random() * steps.length); performance.now() < deadline; step++) {
      await steps[step % steps.length](Math.floor(step / steps.length));
      await think();
    }
  }

  async function checkFlag(user: { id: number }, bearer: string, left: number[], round: number) {
    const right = left.length > 0 && Math.random() < RIGHT_FLAG;
    const challengeId = right ? left[0] : event.challenges[Math.floor(Math.random() * event.challenges.length)].id;
    const verify = { method: 'POST', headers: { authorization: bearer, 'content-type': 'application/json' } };
    if (right) {
      const status = await call('verify right flag', `/api/challenges/${challengeId}/verify-submitted-flag/`, { ...verify, body: JSON.stringify({ flag: flagOf.get(challengeId) }) });
      if (status === 200) {
        await think(); // writing the writeup
        const submitted = await call('submit with writeup', `/api/challenges/${challengeId}/submissions/`, {
          method: 'POST',
          headers: { authorization: bearer, 'content-type': SUBMISSION_TYPE },
          body: submissionBody(flagOf.get(challengeId)!),
        });
        if (submitted === 201) submissions++;
        left.shift();
      }
    } else {
      await call('verify wrong flag', `/api/challenges/${challengeId}/verify-submitted-flag/`, { ...verify, body: JSON.stringify({ flag: `CTF{guess_${user.id}_${round}}` }) });
    }
  }

  // Belt and braces: the run ends at most a request timeout after its deadline, whatever happens.
  const late = await Promise.race([Promise.all(users.map(player)).then(() => false), sleep(seconds * 1000 + REQUEST_TIMEOUT_MS + 5_000).then(() => true)]);
  const elapsed = (performance.now() - started) / 1000;
  const kinds: Record<string, KindStats> = {};
  let total = 0;
  let errors = 0;
  for (const [kind, values] of latencies) {
    values.sort((a, b) => a - b);
    const codes = statuses.get(kind)!;
    const good = expected[kind].reduce((a, code) => a + (codes[code] ?? 0), 0);
    kinds[kind] = {
      requests: values.length,
      p50: percentile(values, 50),
      p90: percentile(values, 90),
      p99: percentile(values, 99),
      max: Math.round(values[values.length - 1]),
      errors: values.length - good,
      statusCodes: codes,
      ...(PAGES.includes(kind) ? { cacheHits: hits.get(kind) ?? 0, sharedRenders: shared.get(kind) ?? 0 } : {}),
    };
    total += values.length;
    errors += values.length - good;
  }
  // Requests still unanswered when the run had to stop count as errors.
  if (late) errors += inFlight;
  return {
    name: `competition (${users.length} players, ${seconds} s)`,
    players: users.length,
    teamPlayers: team.length,
    seconds: Math.round(elapsed * 10) / 10,
    reqPerSec: Math.round(total / elapsed),
    submissions,
    errors,
    kinds,
    pagesP99: Math.max(0, ...PAGES.map((k) => kinds[k]?.p99 ?? 0)),
    unanswered: late ? inFlight : 0,
  };
}
