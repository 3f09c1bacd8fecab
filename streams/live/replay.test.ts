import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { analyseTrace, parseTrace, replay, type TimedDelivery } from './replay';

const pallet = (t: number, id: string, locationId = 'L1') =>
  JSON.stringify({
    t,
    event: 'update',
    id: null,
    data: { type: 'pallet', action: 'update', pallets: [{ id }], locationId },
  });

describe('timing lab replay', () => {
  it('replays in virtual time and measures per type: events in, batches out, added delay, marble lines', () => {
    // pallets at 0, 50 and 100 ms: the first at once, the other two together at 150 ms
    const trace = parseTrace(
      [pallet(100, 'c'), pallet(0, 'a'), '', pallet(50, 'b'), pallet(60, 'x', 'L2')].join('\n'),
    );
    const deliveries: TimedDelivery[] = [];
    expect(replay(trace, 'L1', (delivery) => deliveries.push(delivery))).toBe(4);
    expect(deliveries.map((d) => `${d.at}:${d.batches.map((b) => b.length)}`)).toEqual(['0:1', '150:2']);
    const { msPerColumn, types } = analyseTrace(trace, 'L1', undefined, 4);
    expect(msPerColumn).toBe(38);
    expect(types.pallet).toEqual({
      eventsIn: 3,
      delivered: 3,
      batchesOut: 2,
      latencyMs: { p50: 50, p99: 100, max: 100 },
      inLine: '111-',
      outLine: '1--1',
    });
  });

  it('follows the timing it is given', () => {
    const trace = parseTrace([pallet(0, 'a'), pallet(50, 'b')].join('\n'));
    const timing = { palletMs: 400, orderMs: 150, assignmentMs: 300, storageMs: 500, dedupMs: 1_000 };
    expect(analyseTrace(trace, 'L1', timing).types.pallet?.latencyMs.max).toBe(350);
  });

  it('names the line of a bad trace', () => {
    expect(() => parseTrace(`${pallet(0, 'a')}\n{oops`)).toThrow('trace line 2: not JSON');
    expect(() => parseTrace('{"event":"update"}')).toThrow(
      'trace line 1: needs a numeric "t" and an "event"',
    );
  });

  it('reads the sample trace shipped in test/fixtures', () => {
    const trace = parseTrace(readFileSync('test/fixtures/live-trace.jsonl', 'utf8'));
    const { types } = analyseTrace(trace, '0b7e6c1e-5d2a-4c1b-9f51-2f7a3c9d1e01');
    expect(Object.keys(types).sort()).toEqual(['assignment', 'order', 'pallet', 'palletZone', 'storage']);
    expect(types.pallet?.latencyMs.max).toBeLessThanOrEqual(150);
    expect(types.assignment?.latencyMs.max).toBeLessThanOrEqual(300);
  });
});
