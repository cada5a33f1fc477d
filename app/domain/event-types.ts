// What each kind of play implies (SPEC §1, §4): one registry, read by every rule that varies by event
// type, instead of string comparisons across modules. Plain data, so forms may import it too.
// The labels are English keys (lib/i18n.ts): pages show them through t().
import { text } from '~/lib/i18n';

export interface PlayRules {
  /** Points go to a team, and playing needs one (SPEC §4 "Team play"). */
  team: boolean;
  /** A writeup file must come with a submission (SPEC §5: not in black-friday). */
  writeupRequired: boolean;
  /** Solves wait for staff review (validate or invalidate). */
  reviewed: boolean;
  /** A solve still pending review already counts (practice, SPEC §4); otherwise only once validated. */
  countsWhilePending: boolean;
  /** A counted solve earns coins equal to its score. */
  coins: boolean;
  /** Only validated learners (and staff) may enter. */
  trainingOnly: boolean;
  /** Challenges carry a training week (1-20), required when authoring. */
  trainingWeeks: boolean;
  /** The event takes place somewhere: a place and a registration link are required. */
  inPerson: boolean;
}

export const PRACTICE_RULES: PlayRules = {
  team: false,
  writeupRequired: true,
  reviewed: true,
  countsWhilePending: true,
  coins: false,
  trainingOnly: false,
  trainingWeeks: false,
  inPerson: false,
};

const TEAM_EVENT: PlayRules = { ...PRACTICE_RULES, team: true, countsWhilePending: false };

export const EVENT_TYPES = {
  online: { label: text('Other Competition'), rules: TEAM_EVENT },
  'in-person': { label: text('In-person'), rules: { ...TEAM_EVENT, inPerson: true } },
  'training-platform': { label: text('Training platform'), rules: { ...TEAM_EVENT, trainingOnly: true, trainingWeeks: true } },
  'black-friday': {
    label: text('Black Friday'),
    rules: { ...PRACTICE_RULES, writeupRequired: false, reviewed: false, countsWhilePending: false, coins: true },
  },
} as const satisfies Record<string, { label: string; rules: PlayRules }>;

export type EventType = keyof typeof EVENT_TYPES;
export const DEFAULT_EVENT_TYPE: EventType = 'online';

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_TYPES, type);
}

/** The rules of an event's type; an unknown type (never written by this code) plays as the default. */
export function eventTypeRules(type: string): PlayRules {
  return EVENT_TYPES[isEventType(type) ? type : DEFAULT_EVENT_TYPE].rules;
}
