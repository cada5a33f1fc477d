import { describe, expect, it } from 'vitest';
import { challengeValue, valueCountsSolves } from './scoring.server';

const dynamic = { type: 'dynamic', initialValue: 500, minimalValue: 100, decayValue: 50 };

describe('scoring', () => {
  it("matches CTFd's published dynamic values (500 / 100 / decay 50)", () => {
    // The n-th solver has n - 1 earlier solves.
    expect(challengeValue(dynamic, 0)).toBe(500);
    expect(challengeValue(dynamic, 9)).toBe(488);
    expect(challengeValue(dynamic, 24)).toBe(408);
    expect(challengeValue(dynamic, 39)).toBe(257);
    expect(challengeValue(dynamic, 50)).toBe(100);
    expect(challengeValue(dynamic, 500)).toBe(100);
  });

  it('treats a decay of 0 as 1 and keeps standard challenges at their initial value', () => {
    expect(challengeValue({ ...dynamic, decayValue: 0 }, 1)).toBe(100);
    expect(challengeValue({ type: 'standard', initialValue: 300, minimalValue: null, decayValue: null }, 99)).toBe(300);
  });

  it('counts the earlier solves only for the types whose value moves with them', () => {
    const standard = { type: 'standard', initialValue: 300, minimalValue: null, decayValue: null };
    expect(valueCountsSolves(standard)).toBe(false);
    expect(challengeValue(standard, 24)).toBe(300);
    expect(valueCountsSolves(dynamic)).toBe(true);
    expect(challengeValue(dynamic, 24)).toBe(408);
  });
});
