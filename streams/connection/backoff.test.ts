import { describe, expect, it } from 'vitest';
import { seededRandom } from '../session/marbles';
import { retryDelayMs } from './backoff';

describe('retryDelayMs (SPEC 9)', () => {
  it('starts at 1 s, doubles and stops at 60 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => retryDelayMs(n, () => 0))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('adds up to 30 % jitter', () => {
    const random = seededRandom(42);
    const delays = Array.from({ length: 200 }, () => retryDelayMs(3, random));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(5_200);
    expect(Math.max(...delays)).toBeGreaterThan(5_000);
    expect(retryDelayMs(7, () => 0.999_999)).toBe(78_000);
  });
});
