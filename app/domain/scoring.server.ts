// What a challenge is worth (docs/rules.md "scoring"). A registry, not a switch: a new challenge
// type adds one entry.
export interface Valued { type: string; initialValue: number; minimalValue: number | null; decayValue: number | null }

/**
 * A type's value after `solves` earlier solves. `countsSolves`: whether the value moves with them;
 * only those types make a solve pay a query for the count.
 */
interface Scoring { countsSolves: boolean; value(challenge: Valued, solves: number): number }

export const SCORING: Record<string, Scoring> = {
  standard: { countsSolves: false, value: (c) => c.initialValue },
  /**
   * CTFd's dynamic decay: max(minimal, ceil(((minimal - initial) / decay^2) * s^2 + initial)),
   * s being the number of earlier solves; a decay of 0 acts as 1.
   */
  dynamic: {
    countsSolves: true,
    value: (c, s) => {
      const minimal = c.minimalValue ?? 0;
      const decay = c.decayValue || 1;
      return Math.max(minimal, Math.ceil(((minimal - c.initialValue) / decay ** 2) * s ** 2 + c.initialValue));
    },
  },
};

export const CHALLENGE_TYPES = Object.keys(SCORING) as ('standard' | 'dynamic')[];

const scoringOf = (challenge: Valued): Scoring => SCORING[challenge.type] ?? SCORING.standard;

/** Whether a challenge's value depends on how many solved it before (so a solve must count them). */
export const valueCountsSolves = (challenge: Valued): boolean => scoringOf(challenge).countsSolves;

/** The value the next solver gets (SPEC new_value) after `earlierSolves` solves. */
export function challengeValue(challenge: Valued, earlierSolves: number): number {
  return scoringOf(challenge).value(challenge, earlierSolves);
}
