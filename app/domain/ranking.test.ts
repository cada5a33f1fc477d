import { describe, expect, it } from 'vitest';
import { sortByRank } from './ranking.server';

describe('sortByRank', () => {
  it('orders by points, then who reached them first, then the smaller id; an entry that never scored last', () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute));
    const entries = [
      { id: 4, points: 0, reachedAt: null },
      { id: 3, points: 10, reachedAt: at(5) },
      { id: 2, points: 10, reachedAt: at(5) },
      { id: 1, points: 10, reachedAt: at(7) },
      { id: 5, points: 20, reachedAt: at(9) },
      { id: 6, points: 0, reachedAt: at(1) },
    ];
    expect(sortByRank(entries, (e) => e.points).map((e) => e.id)).toEqual([5, 2, 3, 1, 6, 4]);
  });
});
