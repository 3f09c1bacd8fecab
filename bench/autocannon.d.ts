// The part of autocannon's programmatic API the benchmarks use (the package ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    connections?: number;
    /** seconds */
    duration?: number;
    /** requests in all, instead of a duration */
    amount?: number;
    /** ms between samples, at which a run also ends (1,000) */
    sampleInt?: number;
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    headers?: Record<string, string>;
    body?: string;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    /** milliseconds */
    latency: Histogram;
    non2xx: number;
    errors: number;
    /** seconds the run took */
    duration: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}
