import { describe, expect, it, vi } from 'vitest';
import { Kept, shedCaches } from './kept.server';

describe('kept values under memory pressure', () => {
  it('are all dropped at once and computed again on the next read', () => {
    let computed = 0;
    const kept = new Kept<string, number>(['Category'], () => ++computed);
    expect(kept.get('a')).toBe(1);
    expect(kept.get('a')).toBe(1); // kept
    shedCaches('a test');
    expect(kept.peek('a')).toBeUndefined();
    expect(kept.get('a')).toBe(2);
  });
});

describe('kept values have a time bound', () => {
  it('are computed again once older than their bound, whatever the change counters say', () => {
    vi.useFakeTimers();
    try {
      let computed = 0;
      const kept = new Kept<string, number>(['Category'], () => ++computed, 10, 30);
      expect(kept.get('a')).toBe(1);
      vi.advanceTimersByTime(29);
      expect(kept.get('a')).toBe(1);
      expect(kept.peek('a')).toBe(1);
      vi.advanceTimersByTime(2);
      expect(kept.peek('a')).toBeUndefined();
      expect(kept.get('a')).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
