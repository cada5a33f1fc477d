// What a challenge is worth (docs/rules.md "scoring"). A registry, not a switch: a new challenge
// type adds one entry.
export interface Valued { type: string; initialValue: number; minimalValue: number | null; decayValue: number | null }

/** `solves()` counts the earlier solves: only the types whose value moves with them ask (a solve pays a query for it). */
type ScoringFunction = (challenge: Valued, solves: () => number) => number;

export const SCORING: Record<string, ScoringFunction> = {
  standard: (c) => c.initialValue,
  /**
   * CTFd's dynamic decay: max(minimal, ceil(((minimal - initial) / decay^2) * s^2 + initial)),
   * s being the number of earlier solves; a decay of 0 acts as 1.
   */
  dynamic: (c, solves) => {
    const s = solves();
    const minimal = c.minimalValue ?? 0;
    const decay = c.decayValue || 1;
    return Math.max(minimal, Math.ceil(((minimal - c.initialValue) / decay ** 2) * s ** 2 + c.initialValue));
  },
};

export const CHALLENGE_TYPES = Object.keys(SCORING) as ('standard' | 'dynamic')[];

/** The value the next solver gets (SPEC new_value) after `earlierSolves` solves (a count, or how to count them). */
export function challengeValue(challenge: Valued, earlierSolves: number | (() => number)): number {
  const scoring = SCORING[challenge.type] ?? SCORING.standard;
  return scoring(challenge, typeof earlierSolves === 'number' ? () => earlierSolves : earlierSolves);
}
