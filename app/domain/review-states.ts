// The review states of a submission (SPEC §3 is_validated: null pending, true accepted, false
// rejected). Plain data, so the page filters that name them (routes/list-filters.ts) may import it.

import { text } from '~/lib/i18n';

export type ReviewState = 'pending' | 'accepted' | 'rejected';
export const REVIEW_STATES: Record<ReviewState, boolean | null> = { pending: null, accepted: true, rejected: false };
/** Each state in words, as the review's State filter (through t()) and its export (in English) name them. */
export const REVIEW_STATE_LABELS: Record<ReviewState, string> = { pending: text('Pending'), accepted: text('Accepted'), rejected: text('Rejected') };

/** A state's name, or null for any other text (an own key only: `toString` names no state). */
export function reviewState(value: string | null | undefined): ReviewState | null {
  return value && Object.hasOwn(REVIEW_STATES, value) ? (value as ReviewState) : null;
}

export function reviewStateOf(isValidated: boolean | null): ReviewState {
  return isValidated === null ? 'pending' : isValidated ? 'accepted' : 'rejected';
}
