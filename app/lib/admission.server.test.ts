import { describe, expect, it } from 'vitest';
import { AnswerSlots, BoundedCounts, ThreadPoolQueue, Turns } from './admission.server';

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

  it('leave parked answers (waiting in a queue of their own) out of both signals, and count them again once unparked', () => {
    const clock = fakeClock();
    const slots = new AnswerSlots(LIMITS, clock);
    // Ten logins wait for password hashes, parked; the time passes with none of them done.
    const held = Array.from({ length: 10 }, () => slots.take()!);
    const unparks = held.map((release) => release.park());
    clock.t += 500;
    const page = slots.take();
    expect(page).not.toBeNull();
    page!();
    // Their turn comes: unparked, they are answers in the works again, their wait counted from now
    // (250 ms later, not 750: no standing queue yet; 600 ms later, one).
    for (const unpark of unparks) unpark();
    clock.t += 250;
    expect(slots.refusing).toBe(false);
    clock.t += 350;
    expect(slots.refusing).toBe(true);
    // A parked answer whose client left is released whole.
    const other = new AnswerSlots(LIMITS, fakeClock());
    const left = other.take()!;
    left.park();
    left();
    expect(other.count).toBe(0);
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
  /**
   * Work that costs `ms` of the fake clock (as an answer's loaders and render do, in microtasks
   * after its piece returned, before the turn's measure runs). `turn()` runs what one turn of the
   * event loop runs: the callbacks deferred so far (the pieces, then their measure).
   */
  function setup(budgetMs: number) {
    const clock = { t: 0 };
    let deferred: (() => void)[] = [];
    const errors: unknown[] = [];
    const turns = new Turns(budgetMs, (error) => errors.push(error), () => clock.t, (run) => deferred.push(run));
    const ran: string[] = [];
    const work = (name: string, ms: number) => () => {
      clock.t += ms;
      ran.push(name);
    };
    const turn = () => {
      const now = deferred;
      deferred = [];
      for (const run of now) run();
      return now.length > 0;
    };
    return { turns, ran, work, turn, errors, clock };
  }

  it('start queued work in arrival order, as many pieces a turn as fit in the budget at their measured cost', () => {
    const { turns, ran, work, turn } = setup(10);
    for (let i = 0; i < 40; i++) turns.run(work(`w${i}`, 0.5));
    expect(ran).toEqual([]); // nothing runs where it is queued
    expect(turns.waiting).toBe(40);
    turn();
    expect(ran).toEqual(['w0', 'w1', 'w2', 'w3', 'w4']); // 2 ms a piece until measured
    turn();
    turn();
    // Measured at 0.5 ms a piece: more of them fit in a turn.
    expect(turns.piecesPerTurn).toBeGreaterThan(5);
    while (turn());
    expect(ran).toHaveLength(40);
    expect(ran.at(-1)).toBe('w39');
    expect(turn()).toBe(false); // empty: no turn is asked for
  });

  it('start one piece a turn when pieces cost more than the budget (page renders)', () => {
    const { turns, ran, work, turn } = setup(10);
    for (let i = 0; i < 12; i++) turns.run(work(`r${i}`, 12));
    turn();
    turn();
    turn();
    expect(turns.piecesPerTurn).toBe(1);
    const before = ran.length;
    turn();
    expect(ran).toHaveLength(before + 1);
  });

  it('count only what the pieces cost, not the time the loop spends between turns', () => {
    const { turns, work, turn, clock } = setup(10);
    for (let i = 0; i < 40; i++) turns.run(work(`w${i}`, 0.5));
    for (let i = 0; i < 6; i++) {
      turn();
      clock.t += 30; // the loop's own I/O, between two turns
    }
    expect(turns.piecesPerTurn).toBeGreaterThan(5);
  });

  it('run short work marked urgent before the rest, in its own arrival order', () => {
    const { turns, ran, work, turn } = setup(2);
    for (let i = 0; i < 3; i++) turns.run(work(`render${i}`, 1));
    turns.run(work('check1', 1), true);
    turns.run(work('check2', 1), true);
    turn(); // one piece (2 ms until measured)
    expect(ran).toEqual(['check1']);
    turns.run(work('check3', 1), true);
    while (turn());
    expect(ran).toEqual(['check1', 'check2', 'check3', 'render0', 'render1', 'render2']);
  });

  it('spread answers whose work runs in microtasks over turns of the loop (real loop and clock)', async () => {
    // As a page's loaders and render do: nothing on the piece's own clock, 5 ms right after it.
    const turns = new Turns(10, (error) => {
      throw error;
    });
    let loopTurns = 0;
    let ticking = true;
    const tick = () => {
      loopTurns++;
      if (ticking) setImmediate(tick);
    };
    setImmediate(tick);
    const seen: number[] = [];
    const busy = (ms: number) => {
      for (const end = performance.now() + ms; performance.now() < end; );
    };
    await Promise.all(
      Array.from({ length: 20 }, () => new Promise<void>((resolve) => turns.run(() => void Promise.resolve().then(() => (busy(5), seen.push(loopTurns), resolve()))))),
    );
    ticking = false;
    // Two fit in a 10 ms turn once measured (the first turn starts five): many turns, not one.
    expect(new Set(seen).size).toBeGreaterThanOrEqual(5);
  });

  it('keep going after a piece throws, and report it', () => {
    const { turns, ran, work, turn, errors } = setup(10);
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

describe('the thread-pool queue (password hashes)', () => {
  /** Work that ends when the test says. */
  function gate() {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return { open, work: () => opened };
  }

  it('runs `running` at once, queues `waiting` per class, refuses past that, and serves the first class first', async () => {
    const queue = new ThreadPoolQueue(1, 2);
    const order: string[] = [];
    const running = gate();
    const all = [queue.run(running.work)!];
    for (const name of ['a', 'b']) all.push(queue.run(async () => void order.push(name))!);
    expect(queue.full()).toBe(true);
    expect(queue.run(async () => {})).toBeNull();
    // The first class has its own room, and goes ahead of the others.
    expect(queue.full(true)).toBe(false);
    all.push(queue.run(async () => void order.push('known device'), true)!);
    running.open();
    await Promise.all(all);
    expect(order).toEqual(['known device', 'a', 'b']);
    expect(queue.full()).toBe(false);
  });

  it('parks only work that has to wait, and unparks it when its turn comes', async () => {
    const queue = new ThreadPoolQueue(1, 4);
    const events: string[] = [];
    const park = (name: string) => () => (events.push(`park ${name}`), () => void events.push(`unpark ${name}`));
    const running = gate();
    const first = queue.run(running.work, false, park('first'))!;
    const second = queue.run(async () => void events.push('run second'), false, park('second'))!;
    expect(events).toEqual(['park second']);
    running.open();
    await Promise.all([first, second]);
    expect(events).toEqual(['park second', 'unpark second', 'run second']);
  });

  it('passes the place on when a piece of work fails', async () => {
    const queue = new ThreadPoolQueue(1, 1);
    const failing = queue.run(async () => {
      throw new Error('hash failed');
    })!;
    const next = queue.run(async () => 'ran')!;
    await expect(failing).rejects.toThrow('hash failed');
    await expect(next).resolves.toBe('ran');
  });
});
