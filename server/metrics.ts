import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics, served at `/metrics` (see server/plugins/metrics.ts). One
 * registry per process: every app built in it (tests build one per file) counts into the same
 * series, as a scrape of the process should see them.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'warehouse_' });

/** Requests answered, by route pattern (not the raw path: ids would explode the series), method and status. */
export const httpRequests = new Counter({
  name: 'warehouse_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

/** Time from a request's arrival to its answer. */
export const httpDuration = new Histogram({
  name: 'warehouse_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern and method',
  labelNames: ['method', 'route'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [registry],
});

/** Live event frames written to clients (replayed or live). */
export const liveDelivered = new Counter({
  name: 'warehouse_live_events_delivered_total',
  help: 'Live event frames written to SSE clients (replayed or live)',
  registers: [registry],
});

/** Live events this process committed to the log. */
export const liveWritten = new Counter({
  name: 'warehouse_live_events_written_total',
  help: 'Live events committed to the event log by this process',
  registers: [registry],
});

/** Streams cut off for leaving more than SSE_MAX_BUFFERED_BYTES unread. */
export const slowClientCutoffs = new Counter({
  name: 'warehouse_sse_slow_client_cutoffs_total',
  help: 'SSE clients disconnected for leaving too many bytes unread',
  registers: [registry],
});

/** Events replayed to one reconnecting stream. */
export const replaySize = new Histogram({
  name: 'warehouse_sse_replay_events',
  help: 'Events replayed to a stream when it (re)connects',
  buckets: [0, 1, 10, 100, 1_000, 10_000, 100_000],
  registers: [registry],
});

/** Time of one database query, as Kysely ran it. */
export const queryDuration = new Histogram({
  name: 'warehouse_db_query_duration_seconds',
  help: 'Time of one database query',
  labelNames: ['outcome'] as const,
  buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
  registers: [registry],
});

/** Failed sign-ins, by reason. */
export const loginFailures = new Counter({
  name: 'warehouse_login_failures_total',
  help: 'Refused sign-ins: bad_credentials, throttled or disabled',
  labelNames: ['reason'] as const,
  registers: [registry],
});

/** What a gauge reads when scraped: the sources register themselves (the live hub, the pool). */
type Source<L extends string> = () => { labels?: Partial<Record<L, string>>; value: number }[];

function sampledGauge<L extends string>(name: string, help: string, labelNames: L[]) {
  const sources = new Set<Source<L>>();
  new Gauge({
    name,
    help,
    labelNames,
    registers: [registry],
    collect() {
      this.reset();
      for (const source of sources)
        for (const { labels, value } of source()) {
          if (labels) this.inc(labels, value);
          else this.inc(value);
        }
    },
  });
  /** Adds a source; answers the function that removes it. */
  return (source: Source<L>) => {
    sources.add(source);
    return () => void sources.delete(source);
  };
}

/** Open SSE streams per location. */
export const sseConnectionSources = sampledGauge(
  'warehouse_sse_connections',
  'Open SSE streams, per location',
  ['location'],
);

/** Database connections by state: `in_use`, `idle`, `waiting` (clients queued for one). */
export const poolSources = sampledGauge(
  'warehouse_db_pool_connections',
  'Database pool connections: in_use, idle, and requests waiting for one',
  ['state'],
);
