// Every benchmark that drives Chromium, run small (a smoke run): one that can no longer finish, or
// writes no figures, fails here. Speed is the benchmarks' own business, not the tests'.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { smokeRun, smokeTestTimeoutMs } from './support';

it('bench:web measures the bundle, each catalogue and the login form', {
  timeout: smokeTestTimeoutMs(),
}, async () => {
  const { web } = (await smokeRun('web')).figures;
  expect(web.loginInteractive).toMatchObject({ runs: 1 });
  // every namespace's chunk in each language, read by its name (a hash may hold a dash)
  const namespaces = readdirSync(join(import.meta.dirname, '../../src/locales/en')).map((file) =>
    file.replace(/\.json$/, ''),
  );
  const catalogues = web.catalogueChunksGzipKb as Record<string, Record<string, number>>;
  for (const language of ['en', 'nl'])
    expect(Object.keys(catalogues[language]).sort()).toEqual(namespaces.sort());
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
