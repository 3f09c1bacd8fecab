import { describe, expect, it } from 'vitest';
import { connectionQuality } from './quality';
import type { ConnectionState } from './types';

const connected: ConnectionState = { name: 'CONNECTED', attempt: 0, reason: null };

describe('connectionQuality (SPEC 4)', () => {
  it('is unknown when not connected', () => {
    expect(connectionQuality({ name: 'CONNECTING', attempt: 0, reason: null }, 0, 10)).toBe('unknown');
    expect(connectionQuality({ name: 'DISCONNECTED', attempt: 0, reason: null }, 9, null)).toBe('unknown');
    expect(connectionQuality({ name: 'FAILED', attempt: 8, reason: 'x' }, 9, null)).toBe('unknown');
  });

  it('is poor after more than 5 consecutive errors, then goes by latency', () => {
    expect(connectionQuality({ name: 'ERROR', attempt: 0, reason: 'x' }, 6, 10)).toBe('poor');
    expect(connectionQuality(connected, 5, 2_001)).toBe('degraded');
    expect(connectionQuality(connected, 0, 2_000)).toBe('good');
    expect(connectionQuality(connected, 0, 1_001)).toBe('good');
    expect(connectionQuality(connected, 0, 1_000)).toBe('excellent');
    expect(connectionQuality(connected, 0, null)).toBe('excellent');
  });
});
