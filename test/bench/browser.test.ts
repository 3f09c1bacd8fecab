// Every benchmark that drives Chromium, run small (a smoke run): one that can no longer finish, or
// writes no figures, fails here. Speed is the benchmarks' own business, not the tests'.
import { expect, it } from 'vitest';
import { smokeRun, smokeTestTimeoutMs } from './support';

it('bench:web measures the bundle and the login form', { timeout: smokeTestTimeoutMs() }, async () => {
  const { web } = (await smokeRun('web')).figures;
  expect(web.loginInteractive).toMatchObject({ runs: 1 });
});

it('bench:live runs the pipeline in Node and in Chromium', { timeout: smokeTestTimeoutMs() }, async () => {
  const { live } = (await smokeRun('live')).figures;
  expect(live.chromium).toMatchObject({ figures: { events: 5_000 } });
});

it('the timing lab replays the recorded trace (it writes no figures: it prints them)', {
  timeout: smokeTestTimeoutMs(),
}, async () => {
  const { output } = await smokeRun('timing', { args: ['test/fixtures/live-trace.jsonl'], results: [] });
  expect(output).toMatch(/^type +events in +delivered +batches out/m);
});
