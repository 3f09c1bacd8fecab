// The timing lab: replays a recorded SSE trace through the real live pipeline in virtual time and
// shows, per message type, what the throttle and dedup settings do to it.
//   npm run timing -- test/fixtures/live-trace.jsonl [--pallet-ms 150 --order-ms 150
//     --assignment-ms 300 --storage-ms 500 --dedup-ms 1000 --location <id> --columns 100]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { defaultLiveTiming, type LiveTiming } from '../streams/live/pipeline';
import { analyseTrace, parseTrace } from '../streams/live/replay';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'pallet-ms': { type: 'string' },
    'order-ms': { type: 'string' },
    'assignment-ms': { type: 'string' },
    'storage-ms': { type: 'string' },
    'dedup-ms': { type: 'string' },
    location: { type: 'string' },
    columns: { type: 'string', default: '100' },
  },
});

function ms(name: keyof typeof values, fallback: number): number {
  const raw = values[name];
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`--${name} must be a number of milliseconds, got ${raw}`);
  return value;
}

const file = positionals[0];
if (!file) {
  console.error(
    'usage: npm run timing -- <trace.jsonl> [--pallet-ms 150 --assignment-ms 300 --storage-ms 500 --dedup-ms 1000]',
  );
  process.exit(2);
}
const timing: LiveTiming = {
  palletMs: ms('pallet-ms', defaultLiveTiming.palletMs),
  orderMs: ms('order-ms', defaultLiveTiming.orderMs),
  assignmentMs: ms('assignment-ms', defaultLiveTiming.assignmentMs),
  storageMs: ms('storage-ms', defaultLiveTiming.storageMs),
  dedupMs: ms('dedup-ms', defaultLiveTiming.dedupMs),
};
const trace = parseTrace(readFileSync(file, 'utf8'));

// Without --location: the location the trace's messages name most often.
const counts = new Map<string, number>();
for (const line of trace) {
  const id = (line.data as { locationId?: unknown } | null)?.locationId;
  if (typeof id === 'string') counts.set(id, (counts.get(id) ?? 0) + 1);
}
const location = values.location ?? [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
if (!location) throw new Error('no locationId in the trace: pass --location');

const { msPerColumn, types } = analyseTrace(trace, location, timing, ms('columns', 100));
const span = trace.length ? trace[trace.length - 1].t - trace[0].t : 0;
console.log(
  `trace ${file}: ${trace.length} messages over ${(span / 1_000).toFixed(1)} s, location ${location}`,
);
console.log(`timing ${JSON.stringify(timing)}`);
console.log('');
console.log('type        events in  delivered  batches out   added latency ms p50 / p99 / max');
for (const [type, t] of Object.entries(types)) {
  const latency = `${t.latencyMs.p50} / ${t.latencyMs.p99} / ${t.latencyMs.max}`;
  console.log(
    `${type.padEnd(11)} ${String(t.eventsIn).padStart(9)}  ${String(t.delivered).padStart(9)}  ${String(t.batchesOut).padStart(11)}   ${latency}`,
  );
}
console.log('');
console.log(`marbles, one column = ${msPerColumn} ms (digits count events or batches, * ten or more)`);
for (const [type, t] of Object.entries(types)) {
  console.log(`${type.padEnd(11)} in  ${t.inLine}`);
  console.log(`${''.padEnd(11)} out ${t.outLine}`);
}
