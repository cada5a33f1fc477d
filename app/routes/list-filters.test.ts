import { describe, expect, it } from 'vitest';
import { isProcessedTab, learnerFilters, listPageUrl, reviewFilters } from './list-filters';

const params = (query: string) => new URLSearchParams(query);

describe('list filters (a page and its export read the same)', () => {
  it('finds the list page of an export URL, query kept', () => {
    expect(listPageUrl('http://ctf.test/practices/submissions/export?format=csv&q=a').toString()).toBe('http://ctf.test/practices/submissions?format=csv&q=a');
    expect(listPageUrl('http://ctf.test/blacks-fridays/processed-reward-requests/export/').pathname).toBe('/blacks-fridays/processed-reward-requests');
  });

  it('reads the learners search as typed', () => {
    expect(learnerFilters(params('q=%20ada%20'))).toEqual({ search: ' ada ' });
    expect(learnerFilters(params(''))).toEqual({ search: '' });
  });

  it('reads a review state by its name only, anything else is every state', () => {
    expect(reviewFilters(params('state=pending&q=%20bob%20'))).toEqual({ state: 'pending', search: 'bob', isValidated: null });
    expect(reviewFilters(params('state=accepted')).isValidated).toBe(true);
    expect(reviewFilters(params('state=rejected')).isValidated).toBe(false);
    for (const other of ['', 'all', 'toString', '__proto__', 'constructor', 'Pending']) {
      expect(reviewFilters(params(`state=${other}`)), other).toEqual({ state: '', search: '', isValidated: undefined });
    }
  });

  it('tells the processed tab from the unprocessed one', () => {
    expect(isProcessedTab('/blacks-fridays/processed-reward-requests')).toBe(true);
    expect(isProcessedTab('/blacks-fridays/processed-reward-requests/')).toBe(true);
    expect(isProcessedTab('/blacks-fridays/unprocessed-reward-requests')).toBe(false);
  });
});
