// The load of each benchmarked endpoint, as autocannon request pipelines. Every connection walks
// the pipeline in turn; a shared counter spreads learners and challenges over the requests.
import autocannon from 'autocannon';
import type { Dataset } from './dataset';

export const CONNECTIONS = 16;
export const DURATION_S = 10;

export interface Scenario {
  name: string;
  /** Statuses that mean the call did what the scenario intends (a wrong flag answers 400). */
  expected: number[];
  requests: autocannon.Request[];
  /** Counts one unit of work per response with this status (a solve is two calls). */
  unit?: { status: number; label: string };
  /**
   * Stops after this many requests instead of after the duration (spread evenly over the
   * connections): for loads that consume a finite plan, such as solves no team has made yet.
   */
  amount?: number;
}

export interface Measured {
  name: string;
  reqPerSec: number;
  unitsPerSec?: number;
  unitLabel?: string;
  p50: number;
  p99: number;
  requests: number;
  errors: number;
  statusCodes: Record<string, number>;
  peakRssMiB?: number;
  /** The same bytes from a bare node:http server in the same run (bare.ts), and ours as a share of it. */
  bare?: { reqPerSec: number; p99: number };
  ratio?: number;
}

const boundary = 'benchboundary7MA4YWxkTrZu0gW';
/** A solve's submission form: the flag and a writeup file (practice and online events require one). */
export function submissionBody(value: string): string {
  return [
    `--${boundary}\r\nContent-Disposition: form-data; name="value"\r\n\r\n${value}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="writeup"; filename="writeup.md"\r\nContent-Type: text/markdown\r\n\r\n# Steps\nRead the source, found the flag.\r\n`,
    `--${boundary}--\r\n`,
  ].join('');
}
export const SUBMISSION_TYPE = `multipart/form-data; boundary=${boundary}`;

/**
 * A solve as two pipelined calls: verify the right flag, then submit it with a writeup, both by the
 * learner of the (learner, challenge) pair `nextPair` hands out.
 */
export function solveRequests(nextPair: () => [number, number], bearer: (learnerId: number) => string, flagOf: Map<number, string>): autocannon.Request[] {
  return [
    {
      method: 'POST',
      path: '/',
      setupRequest: (req, context) => {
        const pair = nextPair();
        context.pair = pair;
        return {
          ...req,
          path: `/api/challenges/${pair[1]}/verify-submitted-flag/`,
          headers: { authorization: bearer(pair[0]), 'content-type': 'application/json' },
          body: JSON.stringify({ flag: flagOf.get(pair[1]) }),
        };
      },
    },
    {
      method: 'POST',
      path: '/',
      setupRequest: (req, context) => {
        const [learnerId, challengeId] = context.pair as [number, number];
        return {
          ...req,
          path: `/api/challenges/${challengeId}/submissions/`,
          headers: { authorization: bearer(learnerId), 'content-type': SUBMISSION_TYPE },
          body: submissionBody(flagOf.get(challengeId)!),
        };
      },
    },
  ];
}

/**
 * A GET of `path` under a URL no cache has seen (a query parameter the page ignores, new on every
 * call), so that neither the page cache nor the shared render can answer: what a page costs from nothing.
 */
export function unseenGet(path: string, headers: Record<string, string>): autocannon.Request {
  let unseen = 0;
  return { method: 'GET', path, headers, setupRequest: (req: autocannon.Request) => ({ ...req, path: `${path}?seen=${unseen++}` }) };
}

export function scenarios(data: Dataset, cookie: string): Scenario[] {
  const learners = [...data.tokens.keys()];
  const bearer = (learnerId: number) => `Bearer ${data.tokens.get(learnerId)}`;
  const flagOf = new Map(data.challenges.map((c) => [c.id, c.flag]));
  const page = { cookie, accept: 'text/html' };
  let wrong = 0;
  let fresh = 0;

  return [
    {
      name: 'GET /practices/scoreboard (HTML)',
      expected: [200],
      requests: [{ method: 'GET', path: '/practices/scoreboard', headers: page }],
    },
    {
      name: 'GET /api/auth/users/top-players/',
      expected: [200],
      requests: [{ method: 'GET', path: '/api/auth/users/top-players/', headers: { authorization: bearer(data.viewer.id) } }],
    },
    {
      name: 'GET /practices/challenges (HTML)',
      expected: [200],
      requests: [{ method: 'GET', path: '/practices/challenges', headers: page }],
    },
    {
      name: 'POST verify-submitted-flag (wrong)',
      expected: [400],
      requests: [
        {
          method: 'POST',
          path: '/',
          setupRequest: (req) => {
            // Learner and challenge change with every call: no pair comes near its rate limit.
            const n = wrong++;
            const learnerId = learners[n % learners.length];
            const challenge = data.challenges[(n + Math.floor(n / learners.length)) % data.challenges.length];
            return {
              ...req,
              path: `/api/challenges/${challenge.id}/verify-submitted-flag/`,
              headers: { authorization: bearer(learnerId), 'content-type': 'application/json' },
              body: JSON.stringify({ flag: `CTF{guess_${n}}` }),
            };
          },
        },
      ],
    },
    {
      name: 'correct solve (verify + submit)',
      expected: [200, 201],
      unit: { status: 201, label: 'solves/s' },
      requests: solveRequests(() => data.freshPairs[fresh++ % data.freshPairs.length], bearer, flagOf),
    },
    // Not in the list, so they run last (after the peak memory of those is read): the same
    // two pages rendered through React Router each time, a Bearer header beside the cookie making
    // the page cache step aside (docs/rules.md "Speed"). What a first view costs.
    {
      name: 'GET /practices/scoreboard (HTML, rendered)',
      expected: [200],
      requests: [{ method: 'GET', path: '/practices/scoreboard', headers: { ...page, authorization: bearer(data.viewer.id) } }],
    },
    {
      name: 'GET /practices/challenges (HTML, rendered)',
      expected: [200],
      requests: [{ method: 'GET', path: '/practices/challenges', headers: { ...page, authorization: bearer(data.viewer.id) } }],
    },
    // Issue 20 §1: the top players' call through React Router's own handler (a session cookie takes
    // it there, as a browser's call goes), beside the direct lane's figure: what the lanes buy.
    {
      name: 'top players through React Router (cookie)',
      expected: [200],
      requests: [{ method: 'GET', path: '/api/auth/users/top-players/', headers: { cookie } }],
    },
    // Issue 20 §8: what a page costs from nothing (unseenGet).
    ...(['/practices/scoreboard', '/practices/challenges'] as const).map((path) => ({
      name: `GET ${path} (HTML, from nothing)`,
      expected: [200],
      requests: [unseenGet(path, page)],
    })),
  ];
}

export async function load(url: string, scenario: Scenario, duration = DURATION_S): Promise<Measured> {
  // autocannon counts whole seconds and ends a load that stops after its amount on its next tick: a
  // load done in 3.2 s would count as 4. The rate of such a load is taken up to its last answer.
  let last = 0;
  const requests = !scenario.amount ? scenario.requests : scenario.requests.map((request) => ({
    ...request,
    onResponse: (...args: Parameters<NonNullable<autocannon.Request['onResponse']>>) => {
      last = performance.now();
      return request.onResponse?.(...args);
    },
  }));
  const started = performance.now();
  const result = await autocannon({ url, connections: CONNECTIONS, duration, requests, ...(scenario.amount ? { amount: scenario.amount } : {}) });
  const elapsed = ((last || performance.now()) - started) / 1000;
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {})) statusCodes[code] = Number((stat as { count: number | string }).count);
  const total = Object.values(statusCodes).reduce((a, b) => a + b, 0);
  const good = scenario.expected.reduce((a, code) => a + (statusCodes[code] ?? 0), 0);
  const seconds = scenario.amount ? elapsed : result.duration || duration;
  return {
    name: scenario.name,
    reqPerSec: Math.round(total / seconds),
    ...(scenario.unit ? { unitsPerSec: Math.round((statusCodes[scenario.unit.status] ?? 0) / seconds), unitLabel: scenario.unit.label } : {}),
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: total,
    // Anything but the intended answer, plus connection errors and timeouts.
    errors: total - good + result.errors + result.timeouts,
    statusCodes,
  };
}
