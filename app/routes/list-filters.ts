// What each list page reads of its URL, besides its page number. A page's loader and its export
// (`<page>/export`, docs/rules.md "Exports") both read their filters here, so a file holds exactly
// the rows the page lists with the same URL. Plain code: the reward requests' title reads the tab in
// the browser too.
import { REVIEW_STATES, reviewState, type ReviewState } from '~/domain/review-states';

/** The list page an export URL belongs to: the same URL without its final `/export`. */
export function listPageUrl(exportUrl: string | URL): URL {
  const url = new URL(exportUrl);
  url.pathname = url.pathname.replace(/\/export\/?$/, '');
  return url;
}

/** The learners list: its search box. */
export function learnerFilters(params: URLSearchParams): { search: string } {
  return { search: params.get('q') ?? '' };
}

export interface ReviewFilters {
  /** The State select's value: '' for all. */
  state: ReviewState | '';
  /** A learner's or a challenge's name, trimmed. */
  search: string;
  /** The state as the domain filters it: undefined for every state. */
  isValidated: boolean | null | undefined;
}

/** The submissions review: the state (anything but a state's name is all) and the name searched. */
export function reviewFilters(params: URLSearchParams): ReviewFilters {
  const state = reviewState(params.get('state')) ?? '';
  return { state, search: params.get('q')?.trim() ?? '', isValidated: state ? REVIEW_STATES[state] : undefined };
}

/** The reward requests' tab, from the page's path: processed or unprocessed. */
export function isProcessedTab(pathname: string): boolean {
  return pathname.replace(/\/$/, '').endsWith('/processed-reward-requests');
}
