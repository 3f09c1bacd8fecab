import { take } from 'rxjs';
import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { drainSlices, heartbeatSlots, heartbeatTicks } from '../../server/modules/live/schedule';
import { sseDrainMs, sseDrainStepMs, sseHeartbeatIntervalMs } from '../../streams/config';

const run = (fn: (h: Parameters<Parameters<TestScheduler['run']>[0]>[0], ts: TestScheduler) => void) => {
  const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
  ts.run((helpers) => fn(helpers, ts));
};

describe('heartbeat clock', () => {
  it('turns through its slots evenly, each slot coming round every 15 s', () => {
    run(({ expectObservable }, ts) => {
      expect(sseHeartbeatIntervalMs).toBe(15_000);
      //                 |<------------------ 15 s ------------------>|
      //                 slot 0        slot 1         slot 2          slot 0
      const expected = '5000ms a 4999ms b 4999ms c 4999ms d';
      expectObservable(heartbeatTicks(sseHeartbeatIntervalMs, 3, ts), '^ 20500ms !').toBe(expected, {
        a: { slot: 0, at: 5_000 },
        b: { slot: 1, at: 10_000 },
        c: { slot: 2, at: 15_000 },
        d: { slot: 0, at: 20_000 },
      });
    });
  });

  it('takes a turn every 100 ms, so 150 slots share the 15 s', () => {
    const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
    const turns: [number, number][] = [];
    const slots = heartbeatSlots(sseHeartbeatIntervalMs);
    ts.run(() => {
      heartbeatTicks(sseHeartbeatIntervalMs, slots, ts)
        .pipe(take(301))
        .subscribe(({ slot, at }) => turns.push([slot, at]));
    });
    expect(slots).toBe(150);
    expect(turns.slice(0, 3)).toEqual([
      [0, 100],
      [1, 200],
      [2, 300],
    ]);
    expect(turns.filter(([slot]) => slot === 0).map(([, at]) => at)).toEqual([100, 15_100, 30_100]);
  });
});

describe('drain slices', () => {
  it('spreads 4 streams over the 3 s drain, the last closed at 3 s', () => {
    run(({ expectObservable }, ts) => {
      expect([sseDrainMs, sseDrainStepMs]).toEqual([3_000, 100]);
      //                |<-------------------- 3000 ms -------------------->|
      const expected = '700ms a 799ms a 799ms a 699ms (a|)';
      expectObservable(drainSlices(4, sseDrainMs, sseDrainStepMs, ts)).toBe(expected, { a: 1 });
    });
  });

  it('closes 20,000 streams in 31 even slices, every one of them, within the drain', () => {
    const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
    const slices: [number, number][] = [];
    ts.run(() => {
      drainSlices(20_000, sseDrainMs, sseDrainStepMs, ts).subscribe((n) => slices.push([ts.now(), n]));
    });
    expect(slices.map(([t]) => t)).toEqual(Array.from({ length: 31 }, (_, i) => i * sseDrainStepMs));
    expect(slices.every(([, n]) => n === 645 || n === 646)).toBe(true);
    expect(slices.reduce((sum, [, n]) => sum + n, 0)).toBe(20_000);
  });

  it('finishes at once with nothing to close', () => {
    run(({ expectObservable }, ts) => {
      expectObservable(drainSlices(0, sseDrainMs, sseDrainStepMs, ts)).toBe('|');
    });
  });
});
