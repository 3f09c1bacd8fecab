import { Observable, type Subscriber, VirtualTimeScheduler } from 'rxjs';
import { isForLocation } from './for-location';
import { normaliseMessage } from './normalise';
import { defaultLiveTiming, type LiveTiming, livePipeline } from './pipeline';
import type { LiveEvent, LiveEventType, SseMessage } from './types';

/** One recorded SSE message: `t` ms after the recording started. */
export interface TraceLine extends SseMessage {
  t: number;
}

/** Parses a JSON-lines trace; blank lines are skipped, a bad line is reported by its number. */
export function parseTrace(text: string): TraceLine[] {
  const lines: TraceLine[] = [];
  text.split('\n').forEach((raw, index) => {
    if (!raw.trim()) return;
    let line: Partial<TraceLine>;
    try {
      line = JSON.parse(raw);
    } catch {
      throw new Error(`trace line ${index + 1}: not JSON`);
    }
    if (typeof line.t !== 'number' || typeof line.event !== 'string') {
      throw new Error(`trace line ${index + 1}: needs a numeric "t" and an "event"`);
    }
    lines.push({ t: line.t, event: line.event, id: line.id ?? null, data: line.data });
  });
  return lines.sort((a, b) => a.t - b.t);
}

/** A delivery of batches and when (virtual ms). */
export interface TimedDelivery {
  at: number;
  batches: LiveEvent[][];
}

/**
 * Replays messages through the real live pipeline in virtual time: the clock jumps to each
 * message's `t`, timers in between fire in order, and every delivery reaches `onDelivery` at
 * its virtual time. Returns the number of messages fed.
 */
export function replay(
  messages: readonly TraceLine[],
  locationId: string,
  onDelivery: (delivery: TimedDelivery) => void,
  timing: LiveTiming = defaultLiveTiming,
): number {
  const scheduler = new VirtualTimeScheduler(undefined, 0);
  // the pipeline's own subscriber, fed directly: a Subject would add its bookkeeping to every message
  let input: Subscriber<SseMessage> | undefined;
  const subscription = new Observable<SseMessage>((subscriber) => {
    input = subscriber;
  })
    .pipe(livePipeline(locationId, timing, scheduler))
    .subscribe((batches) => onDelivery({ at: scheduler.now(), batches }));
  const feed = input as Subscriber<SseMessage>;
  for (let i = 0; i < messages.length; i++) {
    const line = messages[i];
    const next = scheduler.actions[0];
    if (next && next.delay <= line.t) {
      scheduler.maxFrames = line.t;
      scheduler.flush();
    }
    scheduler.frame = Math.max(scheduler.frame, line.t);
    feed.next(line);
  }
  scheduler.maxFrames = Number.POSITIVE_INFINITY;
  scheduler.flush();
  feed.complete();
  subscription.unsubscribe();
  return messages.length;
}

/** Per message type: events that went in, batches that came out, and the delay each event got. */
export interface TypeTiming {
  eventsIn: number;
  delivered: number;
  batchesOut: number;
  latencyMs: { p50: number; p99: number; max: number };
  /** Events in and batches out per column of `msPerColumn`: digits, `*` for ten or more, `-` for none. */
  inLine: string;
  outLine: string;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : 0;

const marbleLine = (times: number[], start: number, msPerColumn: number, columns: number) => {
  const counts = new Array<number>(columns).fill(0);
  for (const t of times) counts[Math.min(columns - 1, Math.floor((t - start) / msPerColumn))]++;
  return counts.map((n) => (n === 0 ? '-' : n < 10 ? String(n) : '*')).join('');
};

/**
 * The timing lab's analysis of a trace (SPEC 9 tuning): per message type, events in, batches out,
 * the delay the pipeline added (p50, p99, max) and marble lines of input and output.
 */
export function analyseTrace(
  trace: TraceLine[],
  locationId: string,
  timing: LiveTiming = defaultLiveTiming,
  columns = 100,
): { msPerColumn: number; types: Partial<Record<LiveEventType, TypeTiming>> } {
  const start = trace[0]?.t ?? 0;
  const arrivals = new Map<LiveEventType, number[]>();
  const outputs = new Map<LiveEventType, { at: number[]; latencies: number[]; events: number }>();
  replay(
    trace,
    locationId,
    ({ at, batches }) => {
      for (const batch of batches) {
        const counted = new Set<LiveEventType>();
        for (const event of batch) {
          const out = outputs.get(event.type) ?? { at: [], latencies: [], events: 0 };
          outputs.set(event.type, out);
          out.latencies.push(at - event.at);
          out.events++;
          if (!counted.has(event.type)) out.at.push(at);
          counted.add(event.type);
        }
      }
    },
    timing,
  );
  // events in: the live events of this location the trace holds, before dedup
  for (const line of trace) {
    const event = normaliseMessage(line, line.t);
    if (!event || !isForLocation(event, locationId)) continue;
    const times = arrivals.get(event.type) ?? [];
    arrivals.set(event.type, times);
    times.push(event.at);
  }
  let end = Math.max(start + 1, trace.at(-1)?.t ?? 0);
  for (const out of outputs.values()) end = Math.max(end, out.at.at(-1) ?? 0);
  const msPerColumn = Math.max(1, Math.ceil((end - start + 1) / columns));
  const width = Math.ceil((end - start + 1) / msPerColumn);
  const types: Partial<Record<LiveEventType, TypeTiming>> = {};
  for (const [type, times] of arrivals) {
    const out = outputs.get(type) ?? { at: [], latencies: [], events: 0 };
    const sorted = [...out.latencies].sort((a, b) => a - b);
    types[type] = {
      eventsIn: times.length,
      delivered: out.events,
      batchesOut: out.at.length,
      latencyMs: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted.at(-1) ?? 0 },
      inLine: marbleLine(times, start, msPerColumn, width),
      outLine: marbleLine(out.at, start, msPerColumn, width),
    };
  }
  return { msPerColumn, types };
}
