// The team event's autocannon scenarios (issue 9 §5): its scoreboard as JSON and as a page, and team
// solves. Built like load.ts's, on the event added by event-dataset.ts.
import type { Dataset } from './dataset';
import type { TeamEvent } from './event-dataset';
import { CONNECTIONS, solveRequests, type Scenario } from './load';

/** The scoreboard loads run 5 s (not load.ts's 10 s): the whole bench stays near 6 minutes. */
export const EVENT_DURATION_S = 5;
/** Solves the measured run may make at most (large has far more than it needs). */
const MAX_SOLVES = 5_000;
/** Solves spent warming up before the measured run. */
export const WARMUP_SOLVES = 4 * CONNECTIONS;

export const EVENT_SCENARIOS = {
  json: 'GET /api/events/{id}/top-players/ (teams)',
  html: 'GET /competes/{id}/scoreboard (HTML)',
  solve: 'team solve (verify + submit)',
} as const;

/**
 * Verify then submit, each pair of calls by one member of a team that never submitted that
 * challenge; `pairs` is consumed from the front and never reused, so the run stops when it is spent
 * (an even number of calls per connection: no verify is left without its submit).
 */
export function teamSolves(event: TeamEvent, pairs: [number, number][], name: string = EVENT_SCENARIOS.solve): Scenario {
  const flagOf = new Map(event.challenges.map((c) => [c.id, c.flag]));
  // The event's tokens: members may be event-only learners, unknown to the dataset.
  const bearer = (userId: number) => `Bearer ${event.tokens.get(userId)}`;
  const perConnection = Math.floor(pairs.length / CONNECTIONS);
  let next = 0;
  return {
    name,
    expected: [200, 201],
    unit: { status: 201, label: 'solves/s' },
    amount: 2 * perConnection * CONNECTIONS,
    requests: solveRequests(() => pairs[next++]!, bearer, flagOf),
  };
}

/**
 * The three event scenarios, in order, with the warm-up of each (1 s, or a few solves).
 * `cookie` is the dataset viewer's session cookie (learner 1, owner of the first team).
 */
export function eventScenarios(data: Dataset, event: TeamEvent, cookie: string): { warmup: Scenario; measured: Scenario }[] {
  const page = { cookie, accept: 'text/html' };
  const json: Scenario = {
    name: EVENT_SCENARIOS.json,
    expected: [200],
    requests: [{ method: 'GET', path: `/api/events/${event.id}/top-players/`, headers: { authorization: `Bearer ${data.tokens.get(data.viewer.id)}` } }],
  };
  const html: Scenario = {
    name: EVENT_SCENARIOS.html,
    expected: [200],
    requests: [{ method: 'GET', path: `/competes/${event.id}/scoreboard`, headers: page }],
  };
  const warm = event.solvePairs.slice(0, WARMUP_SOLVES);
  const measured = event.solvePairs.slice(WARMUP_SOLVES, WARMUP_SOLVES + MAX_SOLVES);
  return [
    { warmup: json, measured: json },
    { warmup: html, measured: html },
    { warmup: teamSolves(event, warm, `${EVENT_SCENARIOS.solve} warm-up`), measured: teamSolves(event, measured) },
  ];
}
