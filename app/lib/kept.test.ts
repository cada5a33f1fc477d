import { describe, expect, it } from 'vitest';
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
