// npm run bench:live: the live pipeline under load (bench/live-measure.ts), measured in Node and
// in headless Chromium against a floor each (Chromium ≥ 250,000 events/s, Node ≥ 100,000). The
// pipeline runs in the browser (the dashboard's store), so Chromium is where its figure counts;
// Node's engine is older and keeps objects twice the size (no pointer compression). Writes
// bench/results/live.json; exits non-zero when a floor is not met.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';
import { chromiumArgs, chromiumPath } from '../test/e2e/support/browser';
import { fullSizes, type LiveFigures, type LiveSizes, liveFloors, measureLive } from './live-measure';
import { holdTargets, smoke, writeResults } from './support';

const sizes: LiveSizes = smoke
  ? { events: 5_000, timedRuns: 1, naiveEvents: 500, naiveBudgetMs: 1_000 }
  : fullSizes;

/** Prints a runtime's figures against its floor; whether the floor is met. */
function report(runtime: string, figures: LiveFigures, floor: number): boolean {
  const { pipeline, naiveImmerArray: naive } = figures;
  console.log(`${runtime}:`);
  console.log(
    `  ${pipeline.eventsPerSec.toLocaleString('en')} events/s, the median of ${pipeline.runsWallMs.length} runs after one to warm up (${pipeline.runsWallMs.join(', ')} ms)`,
  );
  console.log(
    `  median run: ${pipeline.wallMs} ms; ${pipeline.batches} batches in ${pipeline.deliveries} deliveries (one new state each): ${pipeline.usPerBatch} µs per batch, ${pipeline.usPerDelivery} µs per delivery`,
  );
  console.log(
    `  of which operators (normalise → throttle/batch) ${pipeline.operatorsMs} ms, projection ${pipeline.projectionMs} ms (${pipeline.projectionUsPerDelivery} µs per delivery)`,
  );
  console.log(
    `  naive immer reducer over an array: ${naive.eventsPerSec.toLocaleString('en')} events/s (${naive.events} events in ${naive.wallMs} ms)`,
  );
  const met = pipeline.eventsPerSec >= floor;
  console.log(
    `  ${figures.ratio}× the naive reducer; floor ≥ ${floor.toLocaleString('en')} events/s: ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

/** The same measurement bundled for the browser and run in a blank page of headless Chromium. */
async function measureInChromium(): Promise<{ version: string; figures: LiveFigures }> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./live-measure.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'liveBench',
    platform: 'browser',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const page = await browser.newPage();
    await page.addScriptTag({ content: bundle.outputFiles[0].text });
    const figures = await page.evaluate(
      (sizes) =>
        (
          globalThis as unknown as { liveBench: { measureLive: (sizes: LiveSizes) => LiveFigures } }
        ).liveBench.measureLive(sizes),
      sizes,
    );
    return { version: browser.version(), figures };
  } finally {
    await browser.close();
  }
}

const node = measureLive(sizes);
console.log(
  `live pipeline: ${node.events.toLocaleString('en')} events into ${node.pallets.toLocaleString('en')} pallets over ${node.virtualSeconds} s of virtual time`,
);
let met = report(`Node ${process.versions.node}`, node, liveFloors.nodeEventsPerSec);
let browser: { version: string; figures: LiveFigures } | null = null;
if (existsSync(chromiumPath)) {
  browser = await measureInChromium();
  met = report(`Chromium ${browser.version}`, browser.figures, liveFloors.chromiumEventsPerSec) && met;
} else {
  console.log(
    `Chromium not found at ${chromiumPath}: install Debian's "chromium-headless-shell" package (apt-get install chromium-headless-shell), or set CHROMIUM_PATH; \`npm test\` installs it when it can.`,
  );
}
writeResults('live', {
  floors: liveFloors,
  chromium: browser,
  node: { version: process.versions.node, figures: node },
});
if (!browser) process.exitCode = 1;
holdTargets(met);
