// Runs about 130 s beside the other tests (test/sequencer.ts starts the longest first).
// Every benchmark that drives the server alone, run small (a smoke run): one that can no longer
// finish, or writes no figures, fails here. Speed is the benchmarks' own business, not the tests'.
import { describe, expect, it } from 'vitest';
import { postgresAnswers, smokeRun, smokeTestTimeoutMs } from './support';

describe.skipIf(!postgresAnswers)('on PostgreSQL', () => {
  it('bench:api answers every request of every case', { timeout: smokeTestTimeoutMs() }, async () => {
    const { api } = (await smokeRun('api')).figures;
    const cases = api.cases as Record<string, { failed: number }>;
    expect(Object.keys(cases)).toHaveLength(7);
    for (const f of Object.values(cases)) expect(f.failed).toBe(0);
  });

  it('bench:sse delivers every event to every stream', { timeout: smokeTestTimeoutMs() }, async () => {
    const { sse } = (await smokeRun('sse')).figures;
    const rows = sse.rows as { deliveries: number; expected: number }[];
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row.deliveries).toBe(row.expected);
  });

  it('bench:ops times backup, restore and the move, and reaches the server through nginx', {
    timeout: smokeTestTimeoutMs(),
  }, async () => {
    const { ops } = (await smokeRun('ops')).figures;
    expect(Object.keys(ops)).toEqual(
      expect.arrayContaining(['moveToPostgresS', 'palletsGet', 'sseDelivery']),
    );
  });
});

it('bench:cold-start starts the server on an existing data dir', {
  timeout: smokeTestTimeoutMs(),
}, async () => {
  const { 'cold-start': coldStart } = (await smokeRun('cold-start')).figures;
  expect(coldStart.timesMs).toHaveLength(1);
});
