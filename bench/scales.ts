/**
 * Network scales (issue 34, part of `npm run bench:e2e`), against the real server (the bundled
 * build on a fresh embedded database), on loopback:
 *
 * 1. A scale's reading to the console's display: the sorting console open in headless Chromium
 *    with a fake continuous scale chosen, sending every {@link scaleIntervalMs} ms; the bench
 *    changes the scale's weight and the page notes when its readout shows the new one (checked
 *    every frame), `ROUNDS` times after one to warm up, a random pause between rounds (spread
 *    evenly over two throttle windows) so the changes fall anywhere in the server's throttle
 *    window. Median and p90 of the change to the display (what the worker sees: the scale's own
 *    interval, the server's pace, a change at once unless a window of its 5 readings a second is
 *    open, the stream and the render), and of the shown reading's arrival at the server (its
 *    `at`, the same clock) to the display. Target: median ≤ 100 ms.
 * 2. The API with devices: GET /api/pallets?limit=100 under autocannon (10 connections) at a
 *    location without devices at work (its scales set up but none read, no printer), then with
 *    20 printers (fake ones, half answering their status, half not) and 20 scales sending every
 *    {@link devicesScaleIntervalMs} ms, each read by an open readings stream; turns of each in alternation on the same server, so the machine's other work
 *    weighs on both alike (`TURN_PAIRS` pairs of `TURN_SECONDS` s, which goes first alternating;
 *    the printers are added and the streams opened before each turn with devices, and removed and
 *    closed after it). The fake devices and the streams run in a child process of their own, not
 *    beside autocannon. Target: p99 with devices ≤ 1.05 × without (the median of the pairs'
 *    ratios). The server's CPU time per request goes with them: on two busy cores it says more
 *    than a p99 of a few seconds.
 *
 * Writes bench/results/scales.json.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { chromium } from 'playwright-core';
import { scaleReadingsPerSecond } from '../streams/config';
import { hostStatusAnswer } from '../streams/printing';
import type { ScaleReadingEvent } from '../streams/scales';
import { adminNewPassword, call, putCatalog, seedPeople } from '../test/e2e/support/api';
import { signIn } from '../test/e2e/support/app';
import { chromiumArgs, chromiumPath, desktop } from '../test/e2e/support/browser';
import { adminPassword } from '../test/e2e/support/server';
import { type FakePrinter, fakePrinterPorts, startFakePrinter } from '../test/server/fake-printer';
import { type FakeScale, startFakeScale } from '../test/server/fake-scale';
import { startServerProcess } from '../test/server/support/process';
import {
  cpuMs,
  holdTargets,
  loadLength,
  percentile,
  progress,
  seedPallets,
  size,
  sleep,
  smoke,
  writeResults,
} from './support';

/** How often the console's fake scale sends: short, so its own interval is not what is measured. */
const scaleIntervalMs = 20;
/** How often each of the 20 fake scales of the API's load sends: a chatty indicator's pace. */
const devicesScaleIntervalMs = 50;
const devices = 20;
const rounds = size('ROUNDS', 50, 3);
const palletCount = size('PALLETS', 10_000, 30);
const turnSeconds = size('TURN_SECONDS', 3, 1);
const turnPairs = size('TURN_PAIRS', 8, 1);
const connections = 10;
const targets = { readingToDisplayMedianMs: 100, apiP99WithDevicesRatio: 1.05 };

/**
 * Opens the readings stream of `scaleId` and calls `onReading` with each reading; answers once
 * the first came, with the means to close it.
 */
async function readingsStream(
  base: string,
  token: string,
  scaleId: string,
  onReading: (reading: ScaleReadingEvent) => void = () => {},
): Promise<() => void> {
  const abort = new AbortController();
  const response = await fetch(`${base}/api/scales/${scaleId}/readings?token=${token}`, {
    signal: abort.signal,
  });
  if (!response.ok || !response.body) throw new Error(`readings of ${scaleId}: ${response.status}`);
  let first: () => void = () => {};
  const firstReading = new Promise<void>((resolve) => (first = resolve));
  void (async () => {
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
        buffered += decoder.decode(chunk, { stream: true });
        for (let end = buffered.indexOf('\n\n'); end !== -1; end = buffered.indexOf('\n\n')) {
          const frame = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          const data = frame.split('\n').find((line) => line.startsWith('data:'));
          if (!frame.includes('event: reading') || !data) continue;
          onReading(JSON.parse(data.slice(5)) as ScaleReadingEvent);
          first();
        }
      }
    } catch {
      // closed by the bench
    }
  })();
  await firstReading;
  return () => abort.abort();
}

// ---- the devices' child process (`scales.ts --devices`): 20 fake printers, 20 fake scales, their streams
if (process.argv.includes('--devices')) {
  const printers: FakePrinter[] = [];
  const scales: FakeScale[] = [];
  for (let i = 0; i < devices; i++) {
    printers.push(await startFakePrinter(i % 2 === 0 ? hostStatusAnswer() : null));
    scales.push(
      await startFakeScale('continuous', [{ weightKg: 500 + i, stable: true }], devicesScaleIntervalMs),
    );
  }
  let closers: (() => void)[] = [];
  /** Readings the streams brought since they were opened, and when that was. */
  let readings = 0;
  let openedAt = 0;
  process.on('message', async (message: { open?: { base: string; token: string; ids: string[] } }) => {
    if (message.open) {
      const { base, token, ids } = message.open;
      closers = await Promise.all(ids.map((id) => readingsStream(base, token, id, () => readings++)));
      readings = 0;
      openedAt = Date.now();
      process.send!({ done: true });
    } else {
      for (const close of closers) close();
      closers = [];
      process.send!({ readingsPerSecond: Math.round((readings * 1000) / (Date.now() - openedAt)) });
    }
  });
  process.on('disconnect', () => process.exit(0));
  process.send!({ printerPorts: printers.map((p) => p.port), scalePorts: scales.map((s) => s.port) });
} else {
  await main();
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-scales-'));
  const server = await startServerProcess({
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: adminPassword,
    API_RATE_LIMIT_PER_MINUTE: '0',
    PRINTER_PORTS: fakePrinterPorts,
    LOG_LEVEL: 'warn',
  });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  const fake = await startFakeScale('continuous', [{ weightKg: 300, stable: true }], scaleIntervalMs);
  let deviceProcess: ChildProcess | undefined;
  try {
    const { adminToken: token, locations } = await seedPeople(server.url);
    const locationId = locations[0].id;
    await putCatalog(server.url, token, locationId);
    await seedPallets(server.url, token, locationId, palletCount);

    // ---- 1. a reading to the display
    const scale = await call<{ id: string; name: string }>(
      server.url,
      'POST',
      '/api/scales',
      { locationId, name: 'Line 1', host: '127.0.0.1', port: fake.port, protocol: 'continuous' },
      token,
    );
    const page = await (await browser.newContext(desktop)).newPage();
    await signIn(page, server.url, { username: 'admin', password: adminNewPassword });
    await page.getByRole('link', { name: 'Sorting' }).click();
    await page.getByRole('combobox', { name: 'Scale' }).selectOption({ label: scale.name });
    const readout = page.getByRole('status', { name: `Weight on ${scale.name}` });
    await readout.filter({ hasText: '300.00 kg' }).waitFor({ timeout: 30_000 });
    progress('the console shows the scale');

    // the bench's own stream of the same scale (the server reads it once for both): the `at` of each reading
    const arrivals = new Map<number, number>();
    const closeWatch = await readingsStream(server.url, token, scale.id, (reading) => {
      if (!arrivals.has(reading.weightKg)) arrivals.set(reading.weightKg, Date.parse(reading.at));
    });
    const changeToShown: number[] = [];
    const arrivalToShown: number[] = [];
    try {
      for (let i = 0; i <= rounds; i++) {
        const kg = 400 + i;
        const text = `${kg.toFixed(2)} kg`;
        // anywhere in the throttle's window: a pause spread evenly over two of its windows
        await sleep(200 + Math.random() * (2_000 / scaleReadingsPerSecond));
        // the page looks at every frame from now on, until its readout shows the new weight
        // (a string: tsx would name the function with a helper the page does not have)
        await page.evaluate(`(() => {
          window.shownAt = null;
          const look = () => {
            if (document.querySelector(${JSON.stringify(`output[aria-label="Weight on ${scale.name}"]`)})?.textContent?.includes(${JSON.stringify(text)})) window.shownAt = Date.now();
            else requestAnimationFrame(look);
          };
          requestAnimationFrame(look);
        })()`);
        const changedAt = Date.now();
        fake.script = [{ weightKg: kg, stable: true }];
        const shownAt = (await (
          await page.waitForFunction(() => (window as unknown as { shownAt: number | null }).shownAt, null, {
            timeout: 10_000,
          })
        ).jsonValue()) as number;
        if (i === 0) continue;
        changeToShown.push(shownAt - changedAt);
        const at = arrivals.get(kg);
        if (at !== undefined) arrivalToShown.push(shownAt - at);
      }
    } finally {
      closeWatch();
    }
    await page.close();
    progress(`${rounds} weights shown`);

    // ---- 2. the API's p99 without and with 20 printers and 20 scales
    deviceProcess = fork(join(import.meta.dirname, 'scales.ts'), ['--devices'], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const child = deviceProcess;
    const { printerPorts, scalePorts } = await new Promise<{ printerPorts: number[]; scalePorts: number[] }>(
      (resolve) => child.once('message', resolve as (m: unknown) => void),
    );
    const ask = (message: object) =>
      new Promise<{ readingsPerSecond?: number }>((resolve) => {
        child.once('message', resolve as (answer: unknown) => void);
        child.send(message);
      });
    const scaleIds: string[] = [];
    for (const [i, port] of scalePorts.entries()) {
      const made = await call<{ id: string }>(
        server.url,
        'POST',
        '/api/scales',
        { locationId, name: `Scale ${i + 1}`, host: '127.0.0.1', port, protocol: 'continuous' },
        token,
      );
      scaleIds.push(made.id);
    }
    let printerIds: string[] = [];
    const withDevices = async () => {
      printerIds = [];
      for (const [i, port] of printerPorts.entries()) {
        const made = await call<{ id: string }>(
          server.url,
          'POST',
          '/api/printers',
          {
            locationId,
            name: `Printer ${i + 1}`,
            host: '127.0.0.1',
            port,
            dpi: 203,
            labelWidthMm: 101.6,
            labelHeightMm: 152.4,
            isDefault: false,
          },
          token,
        );
        printerIds.push(made.id);
      }
      await ask({ open: { base: server.url, token, ids: scaleIds } });
      await sleep(2_500); // every scale read, every printer's first status asked or given up (2 s)
    };
    /** Readings a second the 20 streams brought while open, each time. */
    const streamReadingsPerSecond: number[] = [];
    const withoutDevices = async () => {
      const { readingsPerSecond } = await ask({ close: true });
      streamReadingsPerSecond.push(readingsPerSecond ?? 0);
      for (const id of printerIds) await call(server.url, 'DELETE', `/api/printers/${id}`, undefined, token);
      printerIds = [];
      await sleep(1_000);
    };
    const listUrl = `${server.url}/api/pallets?locationId=${locationId}&limit=100`;
    const serverPid = server.process.pid!;
    const devicesPid = child.pid!;
    /** A turn of load: its p99, requests/s, and the CPU time the server and the devices' process spent. */
    const load = async (duration: number) => {
      const serverBefore = cpuMs(serverPid);
      const devicesBefore = cpuMs(devicesPid);
      const result = await autocannon({
        url: listUrl,
        connections,
        ...loadLength(duration),
        headers: { authorization: `Bearer ${token}` },
      });
      const serverCpu = (cpuMs(serverPid) ?? Number.NaN) - (serverBefore ?? Number.NaN);
      const devicesCpu = (cpuMs(devicesPid) ?? Number.NaN) - (devicesBefore ?? Number.NaN);
      if (result.non2xx + result.errors > 0)
        throw new Error(`${result.non2xx + result.errors} requests failed`);
      return {
        p99Ms: result.latency.p99,
        rps: Math.round(result.requests.total / result.duration),
        serverCpuUsPerRequest: Math.round((serverCpu * 1000) / result.requests.total),
        devicesCpuShare: Number((devicesCpu / (result.duration * 1000)).toFixed(3)),
      };
    };
    /** The share of a core the server uses for `ms` with no requests: what reading the devices costs it. */
    const idleCpuShare = async (ms: number) => {
      const before = cpuMs(serverPid) ?? Number.NaN;
      await sleep(ms);
      return Number((((cpuMs(serverPid) ?? Number.NaN) - before) / ms).toFixed(3));
    };
    const idleMs = smoke ? 500 : 2_000;
    if (!smoke) await load(2); // warming up
    type Turn = Awaited<ReturnType<typeof load>> & { idleServerCpuShare: number };
    const without: Turn[] = [];
    const withThem: Turn[] = [];
    for (let pair = 0; pair < turnPairs; pair++) {
      // in turns, which goes first alternating too
      const order = pair % 2 === 0 ? ['without', 'with'] : ['with', 'without'];
      for (const turn of order) {
        if (turn === 'with') {
          await withDevices();
          const idleServerCpuShare = await idleCpuShare(idleMs);
          withThem.push({ ...(await load(turnSeconds)), idleServerCpuShare });
          await withoutDevices();
        } else {
          const idleServerCpuShare = await idleCpuShare(idleMs);
          without.push({ ...(await load(turnSeconds)), idleServerCpuShare });
        }
      }
      progress(`API turns ${pair + 1} of ${turnPairs}`);
    }

    const middle = (values: number[]) => {
      const sorted = [...values].sort((a, b) => a - b);
      const half = sorted.length / 2;
      return Number.isInteger(half) ? (sorted[half - 1] + sorted[half]) / 2 : sorted[Math.floor(half)];
    };
    const median = (turns: Turn[], figure: keyof Turn = 'p99Ms') =>
      percentile(
        turns.map((t) => t[figure]),
        50,
      );
    const api = {
      connections,
      turnSeconds,
      turnPairs,
      printers: devices,
      scales: devices,
      scaleIntervalMs: devicesScaleIntervalMs,
      withoutDevicesP99Ms: median(without),
      withDevicesP99Ms: median(withThem),
      /** The median of each pair's ratio: the turns of a pair, seconds apart, share the machine's load. */
      ratio: Number(middle(without.map((turn, i) => withThem[i].p99Ms / turn.p99Ms)).toFixed(3)),
      ratioOfMedians: Number((median(withThem) / median(without)).toFixed(3)),
      streamReadingsPerSecond,
      withoutDevicesRps: median(without, 'rps'),
      withDevicesRps: median(withThem, 'rps'),
      withoutDevicesServerCpuUsPerRequest: median(without, 'serverCpuUsPerRequest'),
      withDevicesServerCpuUsPerRequest: median(withThem, 'serverCpuUsPerRequest'),
      devicesProcessCpuShare: median(withThem, 'devicesCpuShare'),
      withoutDevicesIdleServerCpuShare: median(without, 'idleServerCpuShare'),
      withDevicesIdleServerCpuShare: median(withThem, 'idleServerCpuShare'),
      withoutDevicesTurns: without,
      withDevicesTurns: withThem,
    };
    const display = {
      rounds,
      scaleIntervalMs,
      readingsPerSecond: scaleReadingsPerSecond,
      changeToShownMedianMs: Math.round(percentile(changeToShown, 50)),
      changeToShownP90Ms: Math.round(percentile(changeToShown, 90)),
      arrivalToShownMedianMs: Math.round(percentile(arrivalToShown, 50)),
      arrivalToShownP90Ms: Math.round(percentile(arrivalToShown, 90)),
      arrivalsSeen: arrivalToShown.length,
    };
    const displayMet = display.changeToShownMedianMs <= targets.readingToDisplayMedianMs;
    const apiMet = api.ratio <= targets.apiP99WithDevicesRatio;
    const says = (met: boolean) => (met ? 'met' : 'NOT met');
    const windowMs = 1_000 / scaleReadingsPerSecond;
    console.log(
      `scales, a new weight to the console's display (the scale sending every ${scaleIntervalMs} ms): median ${display.changeToShownMedianMs} ms, p90 ${display.changeToShownP90Ms} ms (${says(displayMet)}, target ≤ ${targets.readingToDisplayMedianMs})`,
    );
    console.log(
      `  a steady weight goes to the screen once a second and a change at once, then at most ${scaleReadingsPerSecond} readings a second (a ${windowMs} ms window); from the shown reading's arrival at the server to the display: median ${display.arrivalToShownMedianMs} ms, p90 ${display.arrivalToShownP90Ms} ms`,
    );
    console.log(
      `scales, API p99 of GET /api/pallets?limit=100 (${connections} connections, ${turnPairs} pairs of ${turnSeconds} s turns): median ${api.withoutDevicesP99Ms} ms without devices, ${api.withDevicesP99Ms} ms with ${devices} printers and ${devices} scales read (every ${devicesScaleIntervalMs} ms, ${middle(streamReadingsPerSecond)} readings a second down their streams); the pairs' ratio ×${api.ratio} (${says(apiMet)}, target ≤ ×${targets.apiP99WithDevicesRatio}), the medians' ×${api.ratioOfMedians}`,
    );
    console.log(
      `  ${api.withoutDevicesRps} and ${api.withDevicesRps} requests/s; the server's CPU ${api.withoutDevicesServerCpuUsPerRequest} and ${api.withDevicesServerCpuUsPerRequest} µs a request; the fake devices and their streams took ${Math.round(api.devicesProcessCpuShare * 100)} % of a core beside it; with no requests, the server used ${(api.withoutDevicesIdleServerCpuShare * 100).toFixed(1)} % of a core without devices, ${(api.withDevicesIdleServerCpuShare * 100).toFixed(1)} % reading them`,
    );
    writeResults('scales', { pallets: palletCount, display, api, targets });
    holdTargets(displayMet && apiMet);
  } finally {
    deviceProcess?.kill('SIGTERM');
    await browser.close();
    await fake.close();
    server.process.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
}
