import { TestScheduler } from 'rxjs/testing';
import { describe, expect, it } from 'vitest';
import { drainSlices, heartbeatTicks } from '../../server/modules/live/schedule';
import { sseDrainMs, sseDrainStepMs, sseHeartbeatIntervalMs } from '../../streams/config';

const run = (fn: (h: Parameters<Parameters<TestScheduler['run']>[0]>[0], ts: TestScheduler) => void) => {
  const ts = new TestScheduler((a, e) => expect(a).toEqual(e));
  ts.run((helpers) => fn(helpers, ts));
};

describe('heartbeat clock', () => {
  it('ticks every 15 s with the time of the tick', () => {
    run(({ expectObservable }, ts) => {
      expect(sseHeartbeatIntervalMs).toBe(15_000);
      //                                 |<- 15 s ->|<- 15 s ->|<- 15 s ->|
      const expected = '                  15000ms a 14999ms b 14999ms c';
      expectObservable(heartbeatTicks(sseHeartbeatIntervalMs, ts), '^ 46000ms !').toBe(expected, {
        a: 15_000,
        b: 30_000,
        c: 45_000,
      });
    });
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
