import { describe, expect, it } from 'vitest';
import { AnswerSlots, BoundedCounts, Turns } from './admission.server';

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

describe('turns', () => {
  /** Work that costs `ms` of the fake clock; the deferred drains are run by the test, one turn each. */
  function setup(sliceMs: number) {
    const clock = { t: 0 };
    const deferred: (() => void)[] = [];
    const errors: unknown[] = [];
    const turns = new Turns(sliceMs, (error) => errors.push(error), () => clock.t, (run) => deferred.push(run));
    const ran: string[] = [];
    const work = (name: string, ms: number) => () => {
      clock.t += ms;
      ran.push(name);
    };
    /** Runs the next turn: what one turn of the event loop would run of the queue. */
    const turn = () => {
      const next = deferred.shift();
      next?.();
      return next !== undefined;
    };
    return { turns, ran, work, turn, errors, deferred };
  }

  it('run queued work in arrival order, a slice per turn, so the loop turns (and accepts) between slices', () => {
    const { turns, ran, work, turn } = setup(2);
    for (let i = 0; i < 5; i++) turns.run(work(`w${i}`, 1));
    expect(ran).toEqual([]); // nothing runs where it is queued
    expect(turns.waiting).toBe(5);
    turn();
    expect(ran).toEqual(['w0', 'w1']);
    turn();
    expect(ran).toEqual(['w0', 'w1', 'w2', 'w3']);
    turn();
    expect(ran).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']);
    expect(turn()).toBe(false); // empty: no turn is asked for
  });

  it('run one piece per turn even when it is longer than the slice', () => {
    const { turns, ran, work, turn } = setup(2);
    turns.run(work('long', 50));
    turns.run(work('next', 1));
    turn();
    expect(ran).toEqual(['long']);
    turn();
    expect(ran).toEqual(['long', 'next']);
  });

  it('run short work marked urgent before the rest, in its own arrival order', () => {
    const { turns, ran, work, turn } = setup(2);
    turns.run(work('render1', 1));
    turns.run(work('render2', 1));
    turns.run(work('check1', 1), true);
    turns.run(work('check2', 1), true);
    expect(turns.waiting).toBe(4);
    turn();
    expect(ran).toEqual(['check1', 'check2']);
    turns.run(work('check3', 1), true);
    turn();
    expect(ran).toEqual(['check1', 'check2', 'check3', 'render1']);
    turn();
    expect(ran).toEqual(['check1', 'check2', 'check3', 'render1', 'render2']);
    expect(turn()).toBe(false);
  });

  it('keep going after a piece throws, and report it', () => {
    const { turns, ran, work, turn, errors } = setup(2);
    turns.run(() => {
      throw new Error('boom');
    });
    turns.run(work('after', 0));
    turn();
    expect(ran).toEqual(['after']);
    expect(errors).toHaveLength(1);
    turns.run(work('later', 0));
    turn();
    expect(ran).toEqual(['after', 'later']);
  });
});

describe('refusing', () => {
  it('say whether a newcomer would be refused, without taking a slot', () => {
    const slots = new AnswerSlots({ ...LIMITS, maxInFlight: 2, minInFlight: 1 }, fakeClock());
    expect(slots.refusing).toBe(false);
    slots.take();
    slots.take();
    expect(slots.refusing).toBe(true);
    expect(slots.count).toBe(2);
  });
});
