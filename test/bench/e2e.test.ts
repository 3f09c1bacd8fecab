// Runs about 160 s beside the other tests (test/sequencer.ts starts the longest first).
// bench:e2e run small (a smoke run): the dashboard, then the sorting console, the scales and the
// phone, each in Chromium against its own server. One that can no longer finish, or writes no figures, fails
// here. Speed is the benchmarks' own business, not the tests'.
import { expect, it } from 'vitest';
import { smokeRun, smokeTestTimeoutMs } from './support';

it('bench:e2e measures the dashboard, then the sorting console, the scales and the phone', {
  timeout: smokeTestTimeoutMs(4),
}, async () => {
  const { e2e } = (await smokeRun('e2e')).figures;
  expect(e2e.batchesOf100Ms).toHaveLength(1);
  expect(e2e).toMatchObject({
    navigationToFirstRowMs: expect.any(Number),
    navigationsToFirstRowMs: [expect.any(Number)],
    firstRenderMs: expect.any(Number),
  });
  // five pallets ticked on the board and moved into a row as one change, once
  expect(e2e.batchMove).toMatchObject({ pallets: 5, movesMs: [expect.any(Number)] });
  // a click up and a click down on the board's head, and the store's sort both ways
  expect(e2e.sort).toMatchObject({ clicksMs: [expect.any(Number), expect.any(Number)] });
  expect(e2e.sort).toMatchObject({ store: { sortsMs: [expect.any(Number), expect.any(Number)] } });
  const { sorting } = (await smokeRun('sorting')).figures;
  expect(sorting.rounds).toBe(2);
  const { scales } = (await smokeRun('scales')).figures;
  expect(scales.display).toMatchObject({ rounds: 3, changeToShownMedianMs: expect.any(Number) });
  expect(scales.api).toMatchObject({
    withoutDevicesP99Ms: expect.any(Number),
    withDevicesP99Ms: expect.any(Number),
  });
  const { phone } = (await smokeRun('phone')).figures;
  expect(phone.decoderWasm).toMatchObject({ name: expect.stringMatching(/\.wasm$/) });
});
