import { describe, expect, it } from 'vitest';
import { AnswerSlots, BoundedCounts } from './admission.server';

/** A clock the test moves: time, and how much of it the event loop was busy. */
function fakeClock() {
  const clock = { t: 0, busy: 0, now: () => clock.t, busyMs: () => clock.busy };
  return clock;
}
const LIMITS = { maxInFlight: 100, minInFlight: 4, targetWaitMs: 300, intervalMs: 200 };

describe('answer slots', () => {
  it('admit up to the count while answers are cheap', () => {
    const clock = fakeClock();
    const slots = new AnswerSlots(LIMITS, clock);
    // 1 ms of event loop per answer, measured over an interval.
    for (let i = 0; i < 50; i++) slots.take()!();
    clock.t += 250;
    clock.busy += 50;
    const taken = Array.from({ length: 120 }, () => slots.take()).filter(Boolean);
    expect(taken).toHaveLength(100);
  });

  it('refuse past the wait the answers in the works would cause (a rush of expensive renders)', () => {
    const clock = fakeClock();
    const slots = new AnswerSlots(LIMITS, clock);
    for (let i = 0; i < 4; i++) slots.take()!();
    clock.t += 250;
    clock.busy += 4 * 75; // 75 ms each
    const taken = Array.from({ length: 20 }, () => slots.take()).filter(Boolean);
    // About 300 ms / 75 ms in the works (the estimate moves halfway to each new measure, from 5 ms),
    // never fewer than minInFlight.
    expect(taken.length).toBeGreaterThanOrEqual(4);
    expect(taken.length).toBeLessThanOrEqual(8);
  });

  it('refuse on a standing queue the CPU does not show (answers waiting on something else), and recover', () => {
    const clock = fakeClock();
    const slots = new AnswerSlots(LIMITS, clock);
    const held = Array.from({ length: 10 }, () => slots.take()!);
    clock.t += 500; // nothing came out while they waited past the target
    expect(slots.take()).toBeNull();
    for (const release of held) release();
    clock.t += 10;
    // The interval that ended saw every answer take 500 ms: still a standing queue until one is quick.
    clock.t += 250;
    const quick = slots.take()!;
    expect(quick).not.toBeNull();
    quick();
    clock.t += 250;
    expect(Array.from({ length: 10 }, () => slots.take()).filter(Boolean)).toHaveLength(10);
  });

  it('release a slot once, however often its release is called', () => {
    const slots = new AnswerSlots({ ...LIMITS, maxInFlight: 1, minInFlight: 1 }, fakeClock());
    const release = slots.take()!;
    release();
    release();
    expect(slots.count).toBe(0);
    expect(slots.take()).not.toBeNull();
    expect(slots.take()).toBeNull();
  });
});

describe('bounded counts', () => {
  it('say which bound refused, and give places back once', () => {
    const counts = new BoundedCounts(2, 3);
    const a1 = counts.take('a');
    counts.take('a');
    expect(counts.take('a')).toEqual({ refused: 'key' });
    counts.take('b');
    expect(counts.take('c')).toEqual({ refused: 'total' });
    if (!('release' in a1)) throw new Error('taken');
    a1.release();
    a1.release();
    expect(counts.size).toBe(2);
    expect('release' in counts.take('c')).toBe(true);
  });
});
